import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import LoginPage from './LoginPage';

const page = () =>
  withApp(
    <ToastProvider>
      <LoginPage />
    </ToastProvider>,
    '/login',
  );

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the login page', () => {
  it('keeps "wrong e-mail or password" next to the form until the next try, in Thai', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth'
          ? json(
              { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Incorrect e-mail or password' },
              401,
            )
          : json({}),
      ),
    );
    render(page());
    fireEvent.change(screen.getByLabelText('อีเมล'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: 'not-my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('อีเมลหรือรหัสผ่านไม่ถูกต้อง');
    // Still there long after a toast would have gone.
    await new Promise((r) => setTimeout(r, 0));
    vi.useFakeTimers();
    vi.advanceTimersByTime(10_000);
    expect(screen.getByRole('alert').textContent).toBe('อีเมลหรือรหัสผ่านไม่ถูกต้อง');
  });

  it('shows the password on request', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    render(page());
    const field = screen.getByLabelText('รหัสผ่าน') as HTMLInputElement;
    expect(field.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'แสดงรหัสผ่าน' });
    fireEvent.click(toggle);
    expect(field.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(field.type).toBe('password');
  });
});
