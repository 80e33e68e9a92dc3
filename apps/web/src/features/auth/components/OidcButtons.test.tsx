import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import { OidcButtons } from './OidcButtons';

afterEach(() => vi.unstubAllGlobals());

const withConfig = (config: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(config)),
  );

it('shows the partner’s button under its name and LINE’s, each only when offered', async () => {
  withConfig({ partnerSignIn: { name: 'ศิริราช' }, lineLogin: true });
  render(
    withApp(
      <ToastProvider>
        <OidcButtons />
      </ToastProvider>,
      '/login',
    ),
  );
  expect(await screen.findByRole('button', { name: 'เข้าสู่ระบบด้วย ศิริราช' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' })).toBeTruthy();
});
