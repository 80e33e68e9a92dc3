import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { planFixture, stubContentService, withApp } from '../../../test-content';
import ReceiptPage from './ReceiptPage';

const receipt = {
  number: 'RC-2026-000007',
  orderNumber: 'RR-202611-000042',
  issuedAt: '2026-11-20T03:00:00.000Z',
  plan: planFixture('annual'),
  method: 'promptpay',
  subtotalSatang: 299_000,
  discountSatang: 59_800,
  totalSatang: 239_200,
  vatSatang: 15_649,
  netSatang: 223_551,
  couponCode: 'RENEW20',
  buyerName: 'มาลี รักเรียน',
  buyerEmail: 'malee@example.com',
  seller: { name: 'บริษัท เรียนรู้ จำกัด', taxId: '0105566000000', address: 'กรุงเทพมหานคร' },
  periodStart: '2026-11-20T03:00:00.000Z',
  periodEnd: '2027-11-20T03:00:00.000Z',
};
const page = (path: string) =>
  withApp(
    <Routes>
      <Route path="/account/receipts/:number" element={<ReceiptPage />} />
    </Routes>,
    path,
  );

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ReceiptPage', () => {
  it('shows seller, buyer, the numbers, the discount and the VAT included', async () => {
    stubContentService({}, { 'my-receipts/RC-2026-000007': receipt });
    render(page('/account/receipts/RC-2026-000007'));
    expect(await screen.findByRole('heading', { name: 'ใบเสร็จรับเงิน / ใบกำกับภาษีอย่างย่อ' })).toBeTruthy();
    expect(screen.getByText('RR-202611-000042')).toBeTruthy();
    expect(screen.getByText('เลขประจำตัวผู้เสียภาษี 0105566000000')).toBeTruthy();
    expect(screen.getByText('มาลี รักเรียน')).toBeTruthy();
    expect(screen.getByText('ส่วนลด (RENEW20)')).toBeTruthy();
    expect(screen.getByText('ราคานี้รวมภาษีมูลค่าเพิ่ม 7% แล้ว: มูลค่าก่อนภาษี ฿2,235.51 ภาษี ฿156.49')).toBeTruthy();
    expect(screen.getByText('พร้อมเพย์')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'พิมพ์ใบเสร็จ' })).toBeTruthy();
  });

  it('a free order (100% promo code) was paid by nothing: the receipt says there was nothing to pay', async () => {
    const free = {
      ...receipt,
      method: null,
      discountSatang: 299_000,
      totalSatang: 0,
      vatSatang: 0,
      netSatang: 0,
    };
    stubContentService({}, { 'my-receipts/RC-2026-000007': free });
    render(page('/account/receipts/RC-2026-000007'));
    expect(await screen.findByText('ไม่มียอดที่ต้องชำระ')).toBeTruthy();
    expect(screen.queryByText('บัตรเครดิต/เดบิต')).toBeNull();
  });

  it('says so for a receipt that is not mine (404), with no "try again": it is not there to be had', async () => {
    stubContentService({}, {});
    render(page('/account/receipts/RC-2026-999999'));
    expect(await screen.findByText('ไม่พบใบเสร็จนี้')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ลองอีกครั้ง' })).toBeNull();
  });

  it('a receipt that could not be loaded says why and offers to try again, which shows it', async () => {
    const fetchMock = stubContentService({}, { 'my-receipts/RC-2026-000007': receipt });
    const answer = fetchMock.getMockImplementation()!;
    let down = true;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
      down && url.startsWith('/api/my-receipts/')
        ? new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : answer(url, init),
    );
    render(page('/account/receipts/RC-2026-000007'));
    expect((await screen.findByRole('alert')).textContent).toBe('ระบบนี้ขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('RR-202611-000042')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
