import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { stubContentService, withApp } from '../../../test-content';
import { CertificatesSection } from './CertificatesSection';

const cert = (code: string, title: string, slug: string, revokedAt: string | null = null) => ({
  code,
  courseId: '0190b2a4-7d3e-7c51-9a2b-0000000000c1',
  courseSlug: slug,
  courseTitle: title,
  learnerName: 'สมชาย ใจดี',
  issuedAt: '2025-03-15T05:00:00.000Z',
  revokedAt,
  verifyUrl: `https://rianroo.example/certificates/${code}`,
});

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => vi.unstubAllGlobals());

describe('CertificatesSection', () => {
  it('lists each certificate with its course, Thai date, code, view link and verification link', async () => {
    stubContentService(
      {},
      {
        'users/certificates': [
          cert('ABCD2345EFGH', 'ลงทุนหุ้นไทย', 'stocks'),
          cert('WXYZ6789MNPQ', 'ภาษีสำหรับฟรีแลนซ์', 'tax', '2025-04-01T00:00:00Z'),
        ],
      },
    );
    render(withApp(<CertificatesSection />, '/account'));
    const heading = await screen.findByRole('heading', { name: 'ใบประกาศนียบัตรของฉัน' });
    const section = heading.closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.textContent).toContain('ลงทุนหุ้นไทย');
    expect(first.textContent).toContain('15 มีนาคม 2568');
    expect(first.textContent).toContain('ABCD2345EFGH');
    expect(within(first).getByRole('link', { name: 'ดูใบประกาศ: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/library/course/stocks/certificate',
    );
    expect(within(first).getByRole('link', { name: 'หน้าตรวจสอบ: ลงทุนหุ้นไทย' }).getAttribute('href')).toBe(
      '/certificates/ABCD2345EFGH',
    );
    expect(within(first).queryByText('ถูกเพิกถอน')).toBeNull();
    expect(within(items[1]!).getByText('ถูกเพิกถอน')).toBeTruthy();
  });

  it('says there are none yet and links to the library', async () => {
    stubContentService({}, { 'users/certificates': [] });
    render(withApp(<CertificatesSection />, '/account'));
    expect(await screen.findByText('ยังไม่มีใบประกาศนียบัตร เรียนจบคอร์สเพื่อรับใบประกาศนียบัตรใบแรกของคุณ')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'คลังคอร์สของฉัน' }).getAttribute('href')).toBe('/library');
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
