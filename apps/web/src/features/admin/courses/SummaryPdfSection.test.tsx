import type { AdminSummaryPdf } from '@rianroo/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import { SummaryPdfSection } from './SummaryPdfSection';

const COURSE = '00000000-0000-7000-8000-000000000001';
const none: AdminSummaryPdf = { courseId: COURSE, attached: null, maxBytes: 20 * 1024 * 1024 };
const attached = (fileName: string, byteSize: number): AdminSummaryPdf => ({
  ...none,
  attached: {
    fileName,
    byteSize,
    sha256: 'a'.repeat(64),
    uploadedAt: '2026-03-01T03:00:00.000Z',
    uploadedBy: { id: 'u1', name: 'ผู้ดูแล' },
  },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
type Sent = { method: string; url: string; type: string | null; body: unknown };
let sent: Sent[];
let server: AdminSummaryPdf;
/** What the next PUT answers: the stored state, or a refusal. */
let refusePut: { status: number; code: string } | null;
let holdPut: Promise<void> | null;

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  sent = [];
  server = none;
  refusePut = null;
  holdPut = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const type = new Headers(init?.headers).get('content-type');
      sent.push({ method, url, type, body: init?.body });
      if (method === 'PUT') {
        await holdPut;
        if (refusePut)
          return json(
            { statusCode: refusePut.status, code: refusePut.code, message: 'refused' },
            refusePut.status,
          );
        const file = init?.body as File;
        server = attached(new URL(url, 'http://x').searchParams.get('fileName') ?? '', file.size);
      }
      if (method === 'DELETE') server = none;
      return json(server);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () => render(withApp(<ToastProvider>{<SummaryPdfSection courseId={COURSE} />}</ToastProvider>));
const pdf = (name: string, bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const choose = (label: RegExp, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const writes = () => sent.filter((s) => s.method !== 'GET');

describe('the summary PDF section of the course editor', () => {
  it('says that learners get the generated outline when none is attached, and uploads the PDF chosen', async () => {
    let release = () => {};
    holdPut = new Promise((r) => (release = r));
    show();
    expect(await screen.findByText(/ยังไม่ได้แนบไฟล์: ผู้เรียนจะได้รับเอกสารที่สร้างจากโครงสร้างคอร์ส/)).toBeTruthy();
    expect(screen.getByText('เฉพาะไฟล์ PDF ขนาดไม่เกิน 20 MB')).toBeTruthy();
    choose(/แนบไฟล์ PDF/, pdf('สรุป บทเรียน.pdf', 1536 * 1024));
    // Busy while it is sent: said, and the chooser is off.
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'กำลังอัปโหลด “สรุป บทเรียน.pdf”…');
    expect(screen.getByLabelText(/แนบไฟล์ PDF/)).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('สรุป บทเรียน.pdf')).toBeTruthy();
    expect(screen.getByText('1.5 MB')).toBeTruthy();
    expect(screen.getByText(/โดย ผู้ดูแล/)).toBeTruthy();
    expect(await screen.findByText('แนบเอกสารสรุปแล้ว')).toBeTruthy();
    expect(writes()).toHaveLength(1);
    const [put] = writes();
    expect(put).toMatchObject({ method: 'PUT', type: 'application/pdf' });
    const address = new URL(put!.url, 'http://x');
    expect(address.pathname).toMatch(new RegExp(`/admin/courses/${COURSE}/summary-pdf$`));
    expect(address.searchParams.get('fileName')).toBe('สรุป บทเรียน.pdf');
    expect(put!.body).toBeInstanceOf(File);
    // Now attached: the chooser replaces it.
    expect(screen.getByLabelText('แทนที่ด้วยไฟล์ PDF ใหม่')).toHaveProperty('disabled', false);
  });

  it('refuses a file that is not a PDF or is too large before sending it, and says so at the chooser', async () => {
    server = { ...none, maxBytes: 1000 };
    show();
    await screen.findByText(/ยังไม่ได้แนบไฟล์/);
    choose(/แนบไฟล์ PDF/, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('ไฟล์นี้ไม่ใช่ PDF หรือเปิดอ่านไม่ได้ กรุณาเลือกไฟล์ PDF');
    const input = screen.getByLabelText(/แนบไฟล์ PDF/);
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    choose(/แนบไฟล์ PDF/, pdf('big.pdf', 1001));
    expect((await screen.findByRole('alert')).textContent).toBe('ไฟล์ใหญ่เกินไป: ขนาดต้องไม่เกิน 1 KB');
    expect(writes()).toEqual([]);
  });

  it("shows the server's refusal of a file that only looked like a PDF, in English too", async () => {
    localStorage.setItem(KEYS.lang, 'en');
    refusePut = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
    show();
    await screen.findByText(/None attached: learners get a document generated automatically/);
    choose(/Attach a PDF/, pdf('fake.pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a PDF, or it cannot be read. Choose a PDF file.',
    );
    refusePut = { status: 413, code: 'PAYLOAD_TOO_LARGE' };
    choose(/Attach a PDF/, pdf('huge.pdf'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The file is too large: 20 MB at most.'),
    );
    expect(screen.queryByText('fake.pdf')).toBeNull();
  });

  it('removes the attached file after asking, and learners get the outline again', async () => {
    server = attached('workbook.pdf', 300 * 1024);
    show();
    expect(await screen.findByText('workbook.pdf')).toBeTruthy();
    expect(screen.getByText('300 KB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'นำไฟล์ออก' }));
    const dialog = await screen.findByRole('dialog', { name: 'นำเอกสารสรุปที่แนบออก?' });
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByText(/ยังไม่ได้แนบไฟล์/)).toBeTruthy();
    expect(writes().map((w) => w.method)).toEqual(['DELETE']);
    expect(screen.queryByText('workbook.pdf')).toBeNull();
  });
});
