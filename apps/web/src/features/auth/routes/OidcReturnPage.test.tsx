import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { withApp } from '../../../test-content';
import OidcReturnPage from './OidcReturnPage';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

it('a foreign answer is refused in the partner’s own name, also when the settings arrive after it', async () => {
  let settings: (r: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/public-config'
        ? new Promise<Response>((resolve) => (settings = resolve))
        : Promise.resolve(new Response('{}')),
    ),
  );
  render(withApp(<OidcReturnPage provider="siriraj" />, '/login/siriraj?code=x&state=not-this-tabs'));
  // Refused at once (no sign-in of this tab was started), before the settings are in.
  expect(await screen.findByText(/ไม่สำเร็จ กรุณาลองอีกครั้ง/)).toBeTruthy();
  settings(Response.json({ partnerSignIn: { name: 'ศิริราช' }, lineLogin: false }));
  expect(await screen.findByText('เข้าสู่ระบบด้วย ศิริราช ไม่สำเร็จ กรุณาลองอีกครั้ง')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'กลับไปหน้าเข้าสู่ระบบ' }).getAttribute('href')).toBe('/login');
});
