import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withApp } from '../../../test-content';
import AcceptTermsPage from './AcceptTermsPage';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const doc = (kind: 'terms' | 'privacy', version: number, renewal: boolean) => ({
  id: `0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b${kind === 'terms' ? '01' : '02'}`,
  kind,
  version,
  effectiveAt: '2026-11-01T00:00:00.000Z',
  titleTh: kind === 'terms' ? 'ข้อกำหนดการใช้งาน' : 'ประกาศความเป็นส่วนตัว',
  titleEn: kind === 'terms' ? 'Terms of use' : 'Privacy notice',
  changesTh: 'เพิ่มหัวข้อการยกเลิกสมาชิก',
  changesEn: 'Added cancelling a membership',
  renewal,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The gate with the API's answers: what is pending, then what accepting answers. */
function open(pending: unknown[], accepted: () => Response) {
  localStorage.setItem('token', 'abc');
  localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/api/users/legal-acceptances' && init?.method === 'POST' ? accepted() : json({ pending }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    withApp(
      <Routes>
        <Route path="/accept-terms" element={<AcceptTermsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      '/accept-terms?redirect=%2Flibrary%2Fcourse%2Fx',
    ),
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the acceptance gate /accept-terms', () => {
  it('shows what changed and the full texts, accepts the versions shown, and goes on to the page wanted', async () => {
    const fetchMock = open([doc('terms', 2, true)], () => json({ pending: [] }));
    expect(await screen.findByText('เพิ่มหัวข้อการยกเลิกสมาชิก')).toBeTruthy();
    expect(screen.getByText(/เราปรับปรุงเอกสารต่อไปนี้/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'อ่านข้อกำหนดการใช้งานฉบับเต็ม' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'ไม่ยอมรับและออกจากระบบ' }).getAttribute('href')).toBe('/logout');
    fireEvent.click(screen.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/library/course/x'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users/legal-acceptances');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ documents: [{ kind: 'terms', version: 2 }] });
  });

  it('asks a first sign-in for both documents without a list of changes', async () => {
    open([doc('terms', 1, false), doc('privacy', 1, false)], () => json({ pending: [] }));
    expect(await screen.findByText(/ก่อนเริ่มใช้งาน Rianroo/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'ข้อกำหนดการใช้งาน',
      'ประกาศความเป็นส่วนตัว',
    ]);
    expect(screen.queryByText('สิ่งที่เปลี่ยนแปลง')).toBeNull();
  });

  it('stays, saying why in Thai, when a newer version took effect meanwhile', async () => {
    open([doc('terms', 2, true)], () =>
      json({ statusCode: 409, code: 'LEGAL_VERSION_NOT_CURRENT', message: 'x' }, 409),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'ยอมรับและใช้งานต่อ' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'มีฉบับใหม่กว่ามีผลแล้ว กรุณาโหลดหน้าใหม่และอ่านฉบับล่าสุด',
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
