import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import UsersPage from './UsersPage';

const user = (n: number) => ({
  id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  email: `user${n}@example.com`,
  name: `ผู้ใช้ ${n}`,
  role: 'learner',
  organization: null,
  createdAt: '2026-01-15T03:00:00Z',
});

let calls: string[] = [];
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  calls = [];
  // The server pages: 45 users, answering the page it is asked for.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const qs = new URL(url, 'http://x').searchParams;
      const page = Number(qs.get('page'));
      const size = Number(qs.get('pageSize'));
      const items = Array.from({ length: Math.min(size, 45 - (page - 1) * size) }, (_, i) =>
        user((page - 1) * size + i + 1),
      );
      return new Response(JSON.stringify({ items, total: 45, page, pageSize: size }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}
const renderAt = (path: string) =>
  render(
    withApp(
      <Routes>
        <Route
          path="/admin/users"
          element={
            <>
              <UsersPage />
              <Where />
            </>
          }
        />
      </Routes>,
      path,
    ),
  );
const lastCall = () => new URL(calls.at(-1)!, 'http://x').searchParams;

describe('the users table (server-side paging and sorting, state in the URL)', () => {
  it('asks the server for the page, sort and search written in the URL', async () => {
    renderAt('/admin/users?page=2&pageSize=10&sort=email&order=asc&q=ann');
    expect(await screen.findByText('user11@example.com')).toBeTruthy();
    expect(Object.fromEntries(lastCall())).toEqual({
      page: '2',
      pageSize: '10',
      sort: 'email',
      order: 'asc',
      q: 'ann',
    });
    expect(screen.getByText('แสดง 11–20 จาก 45 รายการ')).toBeTruthy();
    expect(screen.getByText('หน้า 2 จาก 5')).toBeTruthy();
    const header = screen.getByRole('columnheader', { name: /อีเมล/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });

  it('next page, a sort click and a search write the URL, and the server is asked again', async () => {
    renderAt('/admin/users');
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(await screen.findByText('user21@example.com')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('?page=2');
    expect(lastCall().get('page')).toBe('2');

    // Sorting goes back to page 1; the same column again flips the order.
    const sortByName = () => within(screen.getByRole('columnheader', { name: /ชื่อ/ })).getByRole('button');
    fireEvent.click(sortByName());
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('?sort=name&order=asc');
    fireEvent.click(sortByName());
    await screen.findByText('user1@example.com');
    expect(screen.getByTestId('where').textContent).toBe('?sort=name&order=desc');
    expect([lastCall().get('sort'), lastCall().get('order'), lastCall().get('page')]).toEqual([
      'name',
      'desc',
      '1',
    ]);

    fireEvent.change(screen.getByLabelText('ค้นหาด้วยอีเมลหรือชื่อ'), { target: { value: ' somchai ' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await vi.waitFor(() => expect(lastCall().get('q')).toBe('somchai'));
    expect(screen.getByTestId('where').textContent).toBe('?sort=name&order=desc&q=somchai');
  });

  it('says so when nothing is found, and shows the error with a retry when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const { unmount } = renderAt('/admin/users?q=nobody');
    expect(await screen.findByText('ไม่พบรายการ')).toBeTruthy();
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderAt('/admin/users');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeTruthy();
  });
});
