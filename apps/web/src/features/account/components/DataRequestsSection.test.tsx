import type { MyDataRequest } from '@rianroo/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import { DataRequestsSection } from './DataRequestsSection';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const request = (r: Partial<MyDataRequest>): MyDataRequest => ({
  id: '00000000-0000-7000-8000-000000000001',
  kind: 'correction',
  status: 'open',
  details: '',
  resolution: '',
  receivedAt: '2026-11-20T03:00:00Z',
  dueAt: '2026-12-20T03:00:00Z',
  closedAt: null,
  ...r,
});

let items: MyDataRequest[] = [];
let posts: unknown[] = [];
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  items = [];
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        const made = request({ id: '00000000-0000-7000-8000-000000000009', ...body });
        items = [made, ...items];
        return json(made, 201);
      }
      return json({ items });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the account page's data requests", () => {
  it('lists every kind with its status, due date while open and the resolution once closed', async () => {
    items = [
      request({ kind: 'objection', details: 'ไม่รับโฆษณา' }),
      request({
        id: '00000000-0000-7000-8000-000000000002',
        kind: 'access',
        status: 'done',
        resolution: 'ส่งไฟล์แล้ว',
        closedAt: '2026-11-21T03:00:00Z',
      }),
    ];
    render(withApp(<DataRequestsSection />));
    expect(await screen.findByText('คัดค้านการใช้ข้อมูล', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('รอดำเนินการ')).toBeTruthy();
    expect(screen.getByText(/ตอบภายใน 20 ธันวาคม 2569/)).toBeTruthy();
    expect(screen.getByText('ขอสำเนาข้อมูล')).toBeTruthy();
    expect(screen.getByText('ผลการดำเนินการ: ส่งไฟล์แล้ว')).toBeTruthy();
  });

  it('says when there is none; empty details are refused in Thai before sending; a filled form is sent', async () => {
    render(withApp(<DataRequestsSection />));
    expect(await screen.findByText('คุณยังไม่มีคำขอ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
    expect(await screen.findByText('กรุณากรอกช่องนี้')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByLabelText('ประเภทคำขอ'), { target: { value: 'objection' } });
    fireEvent.change(screen.getByLabelText('รายละเอียด'), { target: { value: '  หยุดส่งอีเมลการตลาด ' } });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งคำขอ' }));
    await vi.waitFor(() => expect(posts).toEqual([{ kind: 'objection', details: 'หยุดส่งอีเมลการตลาด' }]));
    // The list is read again and shows it.
    expect(await screen.findByText('หยุดส่งอีเมลการตลาด')).toBeTruthy();
  });
});
