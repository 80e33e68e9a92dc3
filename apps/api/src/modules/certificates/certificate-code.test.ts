import { CERTIFICATE_CODE_ALPHABET } from '@rianroo/contract';
import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, certificateCode, nameOnCertificate } from './certificate-code.js';

describe('certificate codes', () => {
  it('are 12 characters of the alphabet without look-alikes, drawn afresh each time', () => {
    expect(CODE_LENGTH).toBe(12);
    const codes = Array.from({ length: 200 }, certificateCode);
    for (const code of codes) {
      expect(code).toHaveLength(12);
      expect([...code].every((ch) => CERTIFICATE_CODE_ALPHABET.includes(ch))).toBe(true);
    }
    expect(new Set(codes).size).toBe(200);
    // Every character of the alphabet turns up (2,400 draws of 31): none is left out.
    expect(new Set(codes.join('')).size).toBe(CERTIFICATE_CODE_ALPHABET.length);
  });
});

describe('the name on a certificate', () => {
  const u = { firstName: 'สมหญิง', lastName: 'ตั้งใจเรียน', displayName: 'หญิง', email: 'ying@example.com' };

  it('is the first and last name', () => {
    expect(nameOnCertificate(u)).toBe('สมหญิง ตั้งใจเรียน');
    expect(nameOnCertificate({ ...u, lastName: '' })).toBe('สมหญิง');
  });

  it('else the display name, trimmed; else the address before its @', () => {
    expect(nameOnCertificate({ ...u, firstName: ' ', lastName: '' })).toBe('หญิง');
    expect(nameOnCertificate({ ...u, firstName: '', lastName: '', displayName: '  หญิง  ' })).toBe('หญิง');
    expect(nameOnCertificate({ ...u, firstName: '', lastName: '', displayName: '   ' })).toBe('ying');
    expect(nameOnCertificate({ ...u, firstName: '', lastName: '', displayName: null })).toBe('ying');
  });
});
