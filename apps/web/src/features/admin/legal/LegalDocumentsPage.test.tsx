import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import LegalDocumentsPage from './LegalDocumentsPage';

const version = (n: number, state: string, kind = 'terms') => ({
  id: `00000000-0000-7000-8000-00000000000${n}`,
  kind,
  version: n,
  effectiveAt: '2026-01-01T00:00:00.000Z',
  titleTh: 'ข้อกำหนดการใช้งาน',
  titleEn: 'Terms of use',
  bodyTh: 'ก',
  bodyEn: 'a',
  changesTh: '',
  changesEn: '',
  state,
  createdAt: '2026-01-01T00:00:00.000Z',
  acceptances: 1200,
});
let posted: unknown[] = [];
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
      const body = { items: [version(2, 'scheduled'), version(1, 'current')] };
      return new Response(JSON.stringify(init?.method === 'POST' ? version(3, 'current') : body), {
        status: init?.method === 'POST' ? 201 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the console’s terms and privacy notice', () => {
  it('lists the versions with their state; only one still to come can be deleted', async () => {
    render(withApp(<LegalDocumentsPage />));
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      expect.stringContaining('รอมีผล'),
      expect.stringContaining('มีผลอยู่'),
    ]);
    expect(within(rows[1]!).getByRole('button', { name: 'ลบข้อกำหนดการใช้งาน ฉบับที่ 2' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(rows[2]!.textContent).toContain('1,200');
  });

  it('refuses a new version with empty fields in Thai, and sends it once filled (effective now)', async () => {
    render(withApp(<LegalDocumentsPage />));
    const form = await screen.findByRole('form', { name: 'เพิ่มฉบับใหม่' });
    fireEvent.click(within(form).getByRole('button', { name: 'เผยแพร่ฉบับใหม่' }));
    // Each missing field is named at the field.
    for (const missing of ['ชื่อเอกสาร (ไทย)', 'ชื่อเอกสาร (อังกฤษ)', 'เนื้อหา (ไทย)', 'เนื้อหา (อังกฤษ)'])
      expect(await within(form).findByText(`กรุณากรอก${missing}`)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('ชื่อเอกสาร (ไทย)'));
    expect(posted).toEqual([]);
    fireEvent.change(within(form).getByLabelText('ชื่อเอกสาร (ไทย)'), { target: { value: 'ข้อกำหนด' } });
    fireEvent.change(within(form).getByLabelText('ชื่อเอกสาร (อังกฤษ)'), { target: { value: 'Terms' } });
    fireEvent.change(within(form).getByLabelText('เนื้อหา (ไทย)'), { target: { value: 'เนื้อหา' } });
    fireEvent.change(within(form).getByLabelText('เนื้อหา (อังกฤษ)'), { target: { value: 'Text' } });
    fireEvent.click(within(form).getByRole('button', { name: 'เผยแพร่ฉบับใหม่' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      kind: 'terms',
      titleTh: 'ข้อกำหนด',
      titleEn: 'Terms',
      bodyTh: 'เนื้อหา',
      bodyEn: 'Text',
      changesTh: '',
      changesEn: '',
    });
  });

  it('refuses a date in the past before sending it', async () => {
    render(withApp(<LegalDocumentsPage />));
    const form = await screen.findByRole('form', { name: 'เพิ่มฉบับใหม่' });
    fireEvent.change(within(form).getByLabelText('มีผลตั้งแต่'), { target: { value: '2020-01-01T09:00' } });
    for (const [label, value] of [
      ['ชื่อเอกสาร (ไทย)', 'ก'],
      ['ชื่อเอกสาร (อังกฤษ)', 'a'],
      ['เนื้อหา (ไทย)', 'ก'],
      ['เนื้อหา (อังกฤษ)', 'a'],
    ] as const)
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fireEvent.click(within(form).getByRole('button', { name: 'เผยแพร่ฉบับใหม่' }));
    expect(await within(form).findByText('วันที่มีผลต้องไม่ใช่อดีต และต้องไม่ก่อนฉบับล่าสุด')).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
