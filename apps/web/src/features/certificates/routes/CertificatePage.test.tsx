import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  certificate,
  completion,
  course,
  json,
  logIn,
  pdf,
  renderAt,
  stubApi,
} from '../lib/test-api';
import CertificatePage from './CertificatePage';

const bySlug = `GET /course/get-course-by-slug/${course.slug}`;
const completionRoute = `GET /course/${course.id}/completion`;
const pdfRoute = `GET /media/get-certificate/${course.id}`;
const verifyUrl = `${window.location.origin}/certificates/${certificate.code}`;
const issued = {
  [bySlug]: () => json(course),
  [completionRoute]: [() => json(completion()), () => json(completion({ certificate }))],
  [pdfRoute]: pdf,
};
const show = () =>
  renderAt(
    '/library/course/:slug/certificate',
    <CertificatePage />,
    `/library/course/${course.slug}/certificate`,
  );

beforeEach(() => {
  logIn();
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/cert-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CertificatePage with a certificate', () => {
  it('issues it on the first visit: shows the PDF, then the code and date from the completion asked again', async () => {
    const calls = stubApi(issued);
    show();
    expect(await screen.findByText(certificate.code)).toBeTruthy();
    expect(screen.getByText('15 มีนาคม 2568')).toBeTruthy();
    const frame = screen.getByTitle(`ใบประกาศนียบัตร (PDF): ${course.title}`);
    const download = screen.getByRole('link', { name: 'ดาวน์โหลด PDF' });
    expect(download.getAttribute('href')).toBe(frame.getAttribute('src'));
    expect(download.getAttribute('download')).toBe(`certificate-${certificate.code}.pdf`);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      bySlug,
      completionRoute,
      pdfRoute,
      completionRoute,
    ]);
    expect(calls.every((c) => c.auth === 'Bearer access-1')).toBe(true);
  });

  it('offers the certificate as a digital credential beside the PDF, asking for nothing until chosen', async () => {
    const calls = stubApi(issued);
    show();
    await screen.findByRole('link', { name: 'ดาวน์โหลด PDF' });
    expect(screen.getByRole('heading', { name: 'ใบรับรองดิจิทัล (Open Badges 3.0)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดใบรับรองดิจิทัล (JSON)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดเหรียญตรา (PNG)' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/certificates/'))).toBe(false);
  });

  it('links to LinkedIn with the course, organisation, issue month, verification link and code, in a new tab', async () => {
    stubApi(issued);
    show();
    const link = await screen.findByRole('link', { name: /เพิ่มใน LinkedIn/ });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: course.title,
      organizationName: 'Rianroo',
      issueYear: '2025',
      issueMonth: '3',
      certUrl: verifyUrl,
      certId: certificate.code,
    });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('copies the absolute verification link and says so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi(issued);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'คัดลอกลิงก์ตรวจสอบ' }));
    expect(await screen.findByText('คัดลอกลิงก์ตรวจสอบแล้ว')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(verifyUrl);
  });

  it('shows the link to copy by hand when the browser cannot copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    document.execCommand = vi.fn(() => false);
    stubApi(issued);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'คัดลอกลิงก์ตรวจสอบ' }));
    expect(await screen.findByText('คัดลอกอัตโนมัติไม่ได้ กรุณาคัดลอกลิงก์ด้านล่างเอง')).toBeTruthy();
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect((screen.getByRole('textbox', { name: 'ลิงก์ตรวจสอบใบประกาศ' }) as HTMLInputElement).value).toBe(
      verifyUrl,
    );
  });

  it('e-mails it and names the address in a toast', async () => {
    const calls = stubApi({
      ...issued,
      'POST /media/get-certificate-to-email': () => json({ sent: true, to: 'somchai@example.com' }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'ส่งทางอีเมล' }));
    expect(await screen.findByText('ส่งใบประกาศไปที่ somchai@example.com แล้ว')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ courseId: course.id });
  });
});

describe('CertificatePage without a certificate yet', () => {
  it('shows what is left before completion, without asking for the PDF', async () => {
    const calls = stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () =>
        json(
          completion({
            completed: false,
            episodesWatched: 2,
            episodesDone: false,
            certificateAvailable: false,
          }),
        ),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'ยังรับใบประกาศไม่ได้' })).toBeTruthy();
    expect(screen.getByText('ดูแล้ว 2 จาก 5 ตอน')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'เรียนต่อ' }).getAttribute('href')).toBe('/library/course/stocks');
    expect(calls.some((c) => c.path.startsWith('/media/'))).toBe(false);
  });

  it('sends the learner to the evaluation when the certificate needs it', async () => {
    const calls = stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () => json(completion({ evaluated: false, certificateAvailable: false })),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'ทำแบบประเมินก่อนรับใบประกาศ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ทำแบบประเมิน' }).getAttribute('href')).toBe(
      '/library/course/stocks/evaluation',
    );
    expect(calls.some((c) => c.path.startsWith('/media/'))).toBe(false);
  });

  it('says the certificate was revoked on 403 CERTIFICATE_REVOKED', async () => {
    stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () => json(completion()),
      [pdfRoute]: () => apiError(403, 'CERTIFICATE_REVOKED', 'revoked by admin'),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'ใบประกาศนียบัตรนี้ถูกเพิกถอนแล้ว' })).toBeTruthy();
    expect(screen.queryByText('revoked by admin')).toBeNull();
    expect(screen.queryByRole('link', { name: 'ดาวน์โหลด PDF' })).toBeNull();
  });

  it('says when an issued certificate was revoked, from the completion alone', async () => {
    const calls = stubApi({
      [bySlug]: () => json(course),
      [completionRoute]: () =>
        json(completion({ certificate: { ...certificate, revokedAt: '2025-04-01T05:00:00.000Z' } })),
    });
    show();
    expect(await screen.findByText(/ถูกเพิกถอนเมื่อ 1 เมษายน 2568/)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/media/'))).toBe(false);
  });

  it('shows a Thai error with a retry that brings the certificate', async () => {
    stubApi({ ...issued, [pdfRoute]: [() => apiError(500, 'INTERNAL_ERROR', 'pdf crashed'), pdf] });
    show();
    expect(await screen.findByText('ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง')).toBeTruthy();
    expect(screen.queryByText('pdf crashed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('link', { name: 'ดาวน์โหลด PDF' })).toBeTruthy();
  });
});
