import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { apiError, certificate, json, renderAt, stubApi } from '../lib/test-api';
import VerifyCertificatePage from './VerifyCertificatePage';

const verification = {
  code: certificate.code,
  status: 'valid',
  learnerName: 'สมชาย ใจดี',
  courseTitle: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
  courseSlug: 'stocks',
  issuedAt: '2025-03-15T05:00:00.000Z',
  revokedAt: null,
  credential: {
    signature: 'verified',
    keyId: 'https://rianroo.example/api/certificates/jwks.json#k1',
    statusListIndex: 4242,
    statusListCredential: 'https://rianroo.example/api/certificates/status/1',
  },
};
const route = `GET /certificates/verify/${certificate.code}`;
const show = (code = certificate.code) =>
  renderAt('/certificates/:code', <VerifyCertificatePage />, `/certificates/${code}`);

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = '';
});

describe('VerifyCertificatePage', () => {
  it('shows a valid certificate to anyone: learner, course link, Thai date, code, and sets the page title', async () => {
    const calls = stubApi({ [route]: () => json(verification) });
    show();
    expect((await screen.findByText('ใบประกาศนียบัตรนี้ถูกต้อง')).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('สมชาย ใจดี')).toBeTruthy();
    expect(screen.getByRole('link', { name: verification.courseTitle }).getAttribute('href')).toBe(
      '/courses/stocks',
    );
    expect(screen.getByText('15 มีนาคม 2568')).toBeTruthy();
    expect(screen.getByText(certificate.code)).toBeTruthy();
    expect(document.title).toBe('ใบประกาศนียบัตร ลงทุนหุ้นไทยสำหรับมือใหม่ ของ สมชาย ใจดี | Rianroo');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toContain(
      'สมชาย ใจดี เรียนจบคอร์ส',
    );
    expect(calls).toEqual([
      { method: 'GET', path: `/certificates/verify/${certificate.code}`, auth: null, body: undefined },
    ]);
  });

  it('a certificate its holder removed (account closed): says so, with no name, in the title neither', async () => {
    const removed = {
      ...verification,
      status: 'removed',
      learnerName: '',
      credential: { ...verification.credential, signature: 'unavailable', keyId: null },
    };
    stubApi({ [route]: () => json(removed) });
    show();
    expect((await screen.findByText('ผู้ถือได้ลบใบประกาศนียบัตรนี้แล้ว')).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('ไม่แสดง (ผู้ถือลบออกแล้ว)')).toBeTruthy();
    expect(screen.queryByText('ใบประกาศนียบัตรนี้ถูกต้อง')).toBeNull();
    expect(document.title).not.toContain(' ของ ');
  });

  it('says the digital signature verified, with the public keys and the revocation list to check it again', async () => {
    stubApi({ [route]: () => json(verification) });
    show();
    const signature = await screen.findByText('ลายเซ็นดิจิทัลถูกต้อง');
    expect(signature.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กุญแจสาธารณะ (JWKS)' }).getAttribute('href')).toBe(
      '/api/certificates/jwks.json',
    );
    expect(screen.getByRole('link', { name: 'รายการเพิกถอน (ลำดับที่ 4242)' }).getAttribute('href')).toBe(
      'https://rianroo.example/api/certificates/status/1',
    );
  });

  it('says so when the signature does not verify, or when there is no digital credential', async () => {
    const answers = [
      () => json({ ...verification, credential: { ...verification.credential, signature: 'invalid' } }),
      () =>
        json({
          ...verification,
          credential: {
            signature: 'unavailable',
            keyId: null,
            statusListIndex: null,
            statusListCredential: null,
          },
        }),
    ];
    stubApi({ [route]: answers[0]! });
    const first = show();
    expect(await screen.findByText('ลายเซ็นดิจิทัลไม่ถูกต้อง')).toBeTruthy();
    expect(screen.queryByText('ลายเซ็นดิจิทัลถูกต้อง')).toBeNull();
    first.unmount();
    stubApi({ [route]: answers[1]! });
    show();
    expect(await screen.findByText('ใบประกาศนี้ไม่มีใบรับรองดิจิทัล')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'กุญแจสาธารณะ (JWKS)' })).toBeNull();
  });

  it('marks a revoked certificate with the date it was revoked', async () => {
    stubApi({
      [route]: () => json({ ...verification, status: 'revoked', revokedAt: '2025-04-01T05:00:00.000Z' }),
    });
    show();
    expect(await screen.findByText('ถูกเพิกถอนเมื่อ 1 เมษายน 2568')).toBeTruthy();
    expect(screen.queryByText('ใบประกาศนียบัตรนี้ถูกต้อง')).toBeNull();
  });

  it('says an unknown code was not found', async () => {
    stubApi({
      'GET /certificates/verify/NOPE2345NOPE': () => apiError(404, 'NOT_FOUND', 'Certificate not found'),
    });
    show('NOPE2345NOPE');
    expect(await screen.findByText('ไม่พบใบประกาศนียบัตร')).toBeTruthy();
    expect(screen.getByText(/ไม่มีใบประกาศนียบัตรรหัส NOPE2345NOPE/)).toBeTruthy();
    expect(screen.queryByText('Certificate not found')).toBeNull();
    expect(document.title).toBe('ไม่พบใบประกาศนียบัตร');
  });

  it('speaks English when the visitor chose it', async () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubApi({ [route]: () => json(verification) });
    show();
    expect(await screen.findByText('This certificate is valid')).toBeTruthy();
    expect(screen.getByText('15 March 2025')).toBeTruthy();
    expect(screen.getByText('Digital signature verified')).toBeTruthy();
  });
});
