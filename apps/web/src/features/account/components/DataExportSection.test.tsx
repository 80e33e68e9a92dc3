import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import { DataExportSection } from './DataExportSection';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = {
  id: '01a22671-8dd6-7b5e-814c-7ebc94edc495',
  requestedAt: '2027-01-08T03:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
};

/** The API as the section meets it: GET answers `latest`, POST answers `asked` (status and body). */
function stubApi(latest: () => Response, asked?: () => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/users/data-export' && (init?.method ?? 'GET') === 'GET') return latest();
    if (url === '/api/users/data-export' && init?.method === 'POST' && asked) return asked();
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('DataExportSection', () => {
  it('ready: the size, the last day in the Buddhist era, a download button and a way to ask again', async () => {
    stubApi(() =>
      json({
        export: {
          ...base,
          status: 'ready',
          readyAt: '2027-01-08T03:01:00.000Z',
          expiresAt: '2027-01-15T03:01:00.000Z',
          sizeBytes: 3_145_728,
        },
      }),
    );
    render(withApp(<DataExportSection />));
    expect(await screen.findByText(/ไฟล์พร้อมแล้ว \(3\.0 MB\) ดาวน์โหลดได้ถึง 15 มกราคม 2570/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดไฟล์ ZIP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ขอไฟล์ใหม่' })).toBeTruthy();
  });

  it('expired: says so; asking again while another is being built shows the Thai message of EXPORT_IN_PROGRESS', async () => {
    const fetchMock = stubApi(
      () => json({ export: { ...base, status: 'expired' } }),
      () =>
        json(
          { statusCode: 409, code: 'EXPORT_IN_PROGRESS', message: 'A data export of yours is being built' },
          409,
        ),
    );
    render(withApp(<DataExportSection />));
    expect(await screen.findByText('ไฟล์ที่ขอเมื่อ 8 มกราคม 2570 หมดอายุและถูกลบแล้ว')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ดาวน์โหลดไฟล์ ZIP' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ขอไฟล์ใหม่' }));
    expect(await screen.findByText('กำลังเตรียมข้อมูลของคุณอยู่ ขอได้ครั้งละหนึ่งไฟล์ เราจะส่งอีเมลเมื่อพร้อม')).toBeTruthy();
    expect(fetchMock.mock.calls.filter((c) => c[1]?.method === 'POST')).toHaveLength(1);
  });

  it('never asked: asking shows it being prepared, without a second button to ask', async () => {
    stubApi(
      () => json({ export: null }),
      () => json({ ...base, status: 'pending' }, 202),
    );
    render(withApp(<DataExportSection />));
    fireEvent.click(await screen.findByRole('button', { name: 'ขอไฟล์ข้อมูลของฉัน' }));
    expect(await screen.findByText(/^กำลังเตรียมไฟล์ \(ขอเมื่อ 8 มกราคม 2570/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /ขอไฟล์/ })).toBeNull();
  });

  it('failed: says so and offers to ask again', async () => {
    stubApi(() => json({ export: { ...base, status: 'failed' } }));
    render(withApp(<DataExportSection />));
    expect(await screen.findByText('เตรียมไฟล์ไม่สำเร็จ กรุณาขอใหม่อีกครั้ง')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ขอไฟล์ใหม่' })).toBeTruthy();
  });
});
