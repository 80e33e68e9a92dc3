import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { planFixture, withApp } from '../../../test-content';
import ReceiptPage from '../routes/ReceiptPage';

const receipt = {
  number: 'RC-2026-000007',
  orderNumber: 'RR-202611-000042',
  issuedAt: '2026-11-20T03:00:00.000Z',
  plan: planFixture('annual'),
  method: 'card',
  subtotalSatang: 299_000,
  discountSatang: 0,
  totalSatang: 299_000,
  vatSatang: 19_561,
  netSatang: 279_439,
  couponCode: null,
  buyerName: 'มาลี รักเรียน',
  buyerEmail: 'malee@example.com',
  seller: { name: 'บริษัท เรียนรู้ จำกัด', taxId: '0105566000000', address: 'กรุงเทพมหานคร' },
  periodStart: '2026-11-20T03:00:00.000Z',
  periodEnd: '2027-11-20T03:00:00.000Z',
};
const buyer = {
  name: 'โรงพยาบาลตัวอย่าง',
  address: '2 ถนนวังหลัง แขวงศิริราช กรุงเทพมหานคร 10700',
  taxId: '0994000161531',
  branch: '00012',
};
const invoice = {
  number: 'TI-2026-000001',
  receiptNumber: receipt.number,
  orderNumber: receipt.orderNumber,
  issuedAt: '2026-11-21T03:00:00.000Z',
  buyer,
  seller: { ...receipt.seller, branch: 'head_office' },
  subtotalSatang: 299_000,
  discountSatang: 0,
  netSatang: 279_439,
  vatSatang: 19_561,
  totalSatang: 299_000,
};
const creditNote = {
  number: 'CN-2026-000001',
  receiptNumber: receipt.number,
  taxInvoiceNumber: invoice.number,
  orderNumber: receipt.orderNumber,
  issuedAt: '2026-11-22T03:00:00.000Z',
  reason: 'ยกเลิกภายใน 7 วัน',
  amountSatang: 100_000,
  vatSatang: 6_542,
  originalTotalSatang: 299_000,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API of these screens: the receipt, my tax documents (with what was issued), the form's start, the request. */
function stubApi(r: typeof receipt, docs: { taxInvoices: unknown[]; creditNotes: unknown[] }) {
  const sent: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/public-config')
      return json({ googleClientId: null, chatUrl: '', contentUrl: '/cms', contentToken: 'x' });
    if (url === `/api/my-receipts/${r.number}`) return json(r);
    if (url === '/api/my-tax-documents') return json(docs);
    if (url === '/api/tax-invoice-details')
      return json({ name: 'โรงพยาบาลตัวอย่าง', address: '', taxId: '', branch: 'head_office' });
    if (url === `/api/my-receipts/${r.number}/tax-invoice` && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      docs.taxInvoices = [invoice];
      return json(invoice, 201);
    }
    if (url === `/api/my-tax-documents/${creditNote.number}/pdf`)
      return new Response('%PDF-1.7', {
        headers: { 'content-type': 'application/pdf' },
      });
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent };
}
const page = () =>
  withApp(
    <Routes>
      <Route path="/account/receipts/:number" element={<ReceiptPage />} />
    </Routes>,
    `/account/receipts/${receipt.number}`,
  );

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a full tax invoice from the receipt page', () => {
  it('starts with the organisation’s name, refuses a wrong check digit in Thai, then asks and shows the invoice', async () => {
    const { sent } = stubApi(receipt, { taxInvoices: [], creditNotes: [] });
    render(page());
    const card = within(await screen.findByRole('region', { name: 'ใบกำกับภาษีเต็มรูป' }));
    const name = await card.findByLabelText('ชื่อผู้ซื้อ (บริษัท องค์กร หรือบุคคล)');
    expect((name as HTMLInputElement).value).toBe('โรงพยาบาลตัวอย่าง');
    fireEvent.change(card.getByLabelText('ที่อยู่'), { target: { value: buyer.address } });
    fireEvent.change(card.getByLabelText('เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)'), {
      target: { value: '0-9940-00161-53-2' },
    });
    fireEvent.click(card.getByRole('radio', { name: 'สาขา' }));
    fireEvent.change(card.getByLabelText('เลขที่สาขา (5 หลัก)'), { target: { value: '12' } });
    fireEvent.click(card.getByRole('button', { name: 'ขอใบกำกับภาษีเต็มรูป' }));
    expect(await card.findByText('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง ตรวจสอบตัวเลขทั้ง 13 หลักอีกครั้ง')).toBeTruthy();
    expect(card.getByText('เลขที่สาขาเป็นตัวเลข 5 หลัก เช่น 00001')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(card.getByLabelText('เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)'), {
      target: { value: '0-9940-00161-53-1' },
    });
    fireEvent.change(card.getByLabelText('เลขที่สาขา (5 หลัก)'), { target: { value: '00012' } });
    fireEvent.click(card.getByRole('button', { name: 'ขอใบกำกับภาษีเต็มรูป' }));
    expect(await card.findByText('ออกใบกำกับภาษีเลขที่ TI-2026-000001 แล้ว และส่งสำเนาทางอีเมล')).toBeTruthy();
    expect(sent).toEqual([buyer]);
    expect(card.getByText('TI-2026-000001')).toBeTruthy();
    expect(card.getByText(/สาขาที่ 00012/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'ดาวน์โหลดใบกำกับภาษี (PDF)' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'ขอใบกำกับภาษีเต็มรูป' })).toBeNull();
  });

  it('shows the credit notes of the receipt’s refunds, each to download', async () => {
    const { fetchMock } = stubApi(receipt, { taxInvoices: [invoice], creditNotes: [creditNote] });
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    render(page());
    const notes = within(await screen.findByRole('region', { name: 'ใบลดหนี้ (การคืนเงิน)' }));
    expect(notes.getByText('ใบลดหนี้ CN-2026-000001 · คืนเงิน ฿1,000 · 22 พฤศจิกายน 2569')).toBeTruthy();
    expect(notes.getByText('เหตุผล: ยกเลิกภายใน 7 วัน')).toBeTruthy();
    fireEvent.click(notes.getByRole('button', { name: 'ดาวน์โหลดใบลดหนี้ CN-2026-000001 (PDF)' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/my-tax-documents/CN-2026-000001/pdf');
  });

  it('a receipt of nothing paid has no tax invoice to ask for', async () => {
    stubApi(
      { ...receipt, totalSatang: 0, vatSatang: 0, netSatang: 0, method: null as never },
      {
        taxInvoices: [],
        creditNotes: [],
      },
    );
    render(page());
    expect(await screen.findByText('ใบเสร็จนี้ไม่มียอดชำระ จึงไม่มีใบกำกับภาษี')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ขอใบกำกับภาษีเต็มรูป' })).toBeNull();
  });
});
