import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { stubContentService, withApp } from '../../../test-content';
import WelcomePage from './WelcomePage';

const uid = '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a';
const me = { id: uid, email: 'a@example.com', firstName: 'สมหญิง', lastName: 'ใจดี', marketing: {} };
const page = () =>
  withApp(
    <ToastProvider>
      <Routes>
        <Route path="/welcome" element={<WelcomePage />} />
        <Route path="/library" element={<p>the library</p>} />
      </Routes>
    </ToastProvider>,
    '/welcome?redirect=%2Flibrary',
  );

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  localStorage.setItem(KEYS.uid, uid);
});
afterEach(() => vi.unstubAllGlobals());

describe('onboarding', () => {
  it('saves the chosen topics as tags, then opens the library', async () => {
    const fetchMock = stubContentService(
      {},
      {
        auth: me,
        tags: [
          { tag: 'หุ้น', courses: 2 },
          { tag: 'สุขภาพ', courses: 1 },
        ],
        [`users/${uid}`]: me,
      },
    );
    render(page());
    fireEvent.click(await screen.findByRole('button', { name: 'สุขภาพ' }));
    fireEvent.click(screen.getByRole('button', { name: 'เริ่มเรียนเลย' }));
    expect(await screen.findByText('the library')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(
      ([url, init]) => url === `/api/users/${uid}` && init?.method === 'PATCH',
    );
    expect(JSON.parse(patch![1]!.body as string)).toEqual({ tags: ['สุขภาพ'] });
  });

  it('with no topics in the catalogue, says so and still lets the learner go on', async () => {
    stubContentService({}, { auth: me, tags: [] });
    render(page());
    expect(await screen.findByText(/ยังไม่มีหัวข้อให้เลือก/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'เริ่มเรียนเลย' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'ข้ามไปก่อน' }));
    await waitFor(() => expect(screen.getByText('the library')).toBeTruthy());
  });
});
