import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { apiError, certificate, json, logIn, renderAt, stubApi } from '../lib/test-api';
import { CredentialDownloads } from './CredentialDownloads';

const code = certificate.code;
const credentialRoute = `GET /certificates/${code}/credential`;
const badgeRoute = `GET /certificates/${code}/badge.png`;
const signed = {
  jwt: 'eyJhbGciOiJFZERTQSJ9.eyJpZCI6InVybjp1dWlkOjEifQ.c2ln',
  credential: { id: 'urn:uuid:1', type: ['VerifiableCredential', 'OpenBadgeCredential'] },
};
const png = () =>
  new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });

/** The files the page handed to the browser to save: name, type and content. */
let saved: { filename: string; blob: Blob }[];
beforeEach(() => {
  logIn();
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ filename: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const show = () => renderAt('/', <CredentialDownloads code={code} />, '/');

describe('CredentialDownloads', () => {
  it('saves the signed credential as JSON, asked with the learner’s token', async () => {
    const calls = stubApi({ [credentialRoute]: () => json(signed) });
    show();
    expect(screen.getByRole('heading', { name: 'ใบรับรองดิจิทัล (Open Badges 3.0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดใบรับรองดิจิทัล (JSON)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe(`certificate-${code}.credential.json`);
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(signed);
    expect(calls).toEqual([
      { method: 'GET', path: `/certificates/${code}/credential`, auth: 'Bearer access-1', body: undefined },
    ]);
  });

  it('saves the PNG badge with its credential baked in', async () => {
    const calls = stubApi({ [badgeRoute]: png });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดเหรียญตรา (PNG)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe(`certificate-${code}.badge.png`);
    expect(saved[0]!.blob.type).toBe('image/png');
    expect(calls.map((c) => [c.path, c.auth])).toEqual([
      [`/certificates/${code}/badge.png`, 'Bearer access-1'],
    ]);
  });

  it('says why nothing was saved (a revoked certificate) and saves nothing', async () => {
    stubApi({
      [credentialRoute]: () => apiError(403, 'CERTIFICATE_REVOKED', 'This certificate was revoked'),
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดใบรับรองดิจิทัล (JSON)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ใบประกาศนียบัตรนี้ถูกเพิกถอนแล้ว');
    expect(saved).toEqual([]);
  });

  it('speaks English when the learner chose it', () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubApi({});
    show();
    expect(screen.getByRole('button', { name: 'Download the digital credential (JSON)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the badge (PNG)' })).toBeTruthy();
  });
});
