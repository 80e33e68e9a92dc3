import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import ClosureRequestedPage from '../routes/ClosureRequestedPage';
import { CloseAccountSection } from './CloseAccountSection';

const DUE = '2026-12-13T03:00:00.000Z';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API of the closure: none open; POST answers `post` (a function of the body sent). */
function stubApi(post: (body: Record<string, string>) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/account-closure' && (init?.method ?? 'GET') === 'GET')
      return json({ closure: null });
    if (url === '/api/users/account-closure' && init?.method === 'POST')
      return post(JSON.parse(String(init.body)) as Record<string, string>);
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'POST');

const screenAt = (hasPassword: boolean) =>
  withApp(
    <Routes>
      <Route
        path="/account"
        element={<CloseAccountSection hasPassword={hasPassword} email="learner@example.com" />}
      />
      <Route path="/goodbye" element={<ClosureRequestedPage />} />
    </Routes>,
    '/account',
  );

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('CloseAccountSection', () => {
  it('a wrong password is said at the field, in Thai, and the learner stays signed in', async () => {
    const fetchMock = stubApi(() =>
      json(
        {
          statusCode: 400,
          code: 'INVALID_CREDENTIALS',
          message: 'The password is incorrect',
          details: [{ path: 'password', message: 'The password is incorrect' }],
        },
        400,
      ),
    );
    render(screenAt(true));
    fireEvent.click(await screen.findByRole('button', { name: 'ปิดบัญชีของฉัน…' }));
    const dialog = screen.getByRole('dialog', { name: 'ยืนยันการปิดบัญชี' });
    fireEvent.change(within(dialog).getByLabelText('รหัสผ่านของคุณ'), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ปิดบัญชี' }));
    expect(await within(dialog).findByText('รหัสผ่านไม่ถูกต้อง')).toBeTruthy();
    expect(posts(fetchMock).map((c) => JSON.parse(String((c[1] as RequestInit).body)))).toEqual([
      { password: 'nope' },
    ]);
    expect(localStorage.getItem(KEYS.token)).toBe('access');
  });

  it('without a password the address is typed; then the learner is signed out and shown the date', async () => {
    const fetchMock = stubApi(() => json({ requestedAt: '2026-11-29T03:00:00.000Z', dueAt: DUE }));
    render(screenAt(false));
    fireEvent.click(await screen.findByRole('button', { name: 'ปิดบัญชีของฉัน…' }));
    const dialog = screen.getByRole('dialog', { name: 'ยืนยันการปิดบัญชี' });
    const field = within(dialog).getByLabelText('พิมพ์อีเมลของบัญชีนี้เพื่อยืนยัน');
    fireEvent.change(field, { target: { value: 'someone@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ปิดบัญชี' }));
    expect(await within(dialog).findByText('กรุณาพิมพ์อีเมลของบัญชีนี้ให้ตรงกัน')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Learner@Example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ปิดบัญชี' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'เราได้รับคำขอปิดบัญชีแล้ว' })).toBeTruthy();
    expect(screen.getByText('ข้อมูลส่วนบุคคลของคุณจะถูกลบในวันที่ 13 ธันวาคม 2569')).toBeTruthy();
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(JSON.parse(String((posts(fetchMock)[0]![1] as RequestInit).body))).toEqual({
      email: 'Learner@Example.com',
    });
  });
});
