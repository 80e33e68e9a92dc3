import { describe, expect, it } from 'vitest';
import { crc16, promptPayPayload } from './promptpay.js';

/** The payload's fields (EMVCo tag, two-digit length, value), read back independently of the code under test. */
function fields(payload: string) {
  const out: [string, string][] = [];
  for (let i = 0; i < payload.length;) {
    const tag = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out.push([tag, payload.slice(i + 4, i + 4 + len)]);
    i += 4 + len;
  }
  return out;
}

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value, and the checksums of real Thai QR payloads', () => {
    expect(crc16('123456789')).toBe('29B1');
    // A bank's bill-payment QR and another library's PromptPay QR, each with the checksum it was issued with.
    const bank =
      '000201010212304701151423461990019930210REFERENCE10310REFERENCE25204701153037645406100.005802TH' +
      '5907PPETECH6007BANGKOK62380523202106250425429530000000707SRU12356304';
    expect(crc16(bank)).toBe('3AEF');
    const other = '00020101021129370016A000000677010111011300668123456785204000053037645406100.505802TH6304';
    expect(crc16(other)).toBe('ACCB');
  });

  it('is four upper-case hex digits, with leading zeros', () => {
    expect(crc16('x44')).toBe('02B3');
    expect(crc16('')).toBe('FFFF');
  });

  it('reads the text as UTF-8 bytes', () => {
    // "ก" is three bytes in UTF-8 (E0 B8 81): the checksum of those bytes, not of the one UTF-16 unit 0E01.
    expect(crc16('ก')).toBe('7AA0');
  });
});

describe('the PromptPay payload', () => {
  it('for a tax id: version, dynamic QR, the PromptPay account, THB, the amount, Thailand, the reference, the CRC', () => {
    const p = promptPayPayload('0105566000000', 29_900, 'RR-202611-000001');
    expect(p).toBe(
      '000201' +
        '010212' +
        '2937' +
        '0016A000000677010111' +
        '02130105566000000' +
        '5303764' +
        '5406299.00' +
        '5802TH' +
        '6220' +
        '0116RR-202611-000001' +
        '6304CC6E',
    );
    expect(crc16(p.slice(0, -4))).toBe(p.slice(-4));
  });

  it('for a mobile number: sent as 0066 and the number without its leading 0', () => {
    const p = promptPayPayload('0812345678', 10_050);
    expect(fields(p)).toEqual([
      ['00', '01'],
      ['01', '12'],
      ['29', '0016A000000677010111' + '01130066812345678'],
      ['53', '764'],
      ['54', '100.50'],
      ['58', 'TH'],
      ['63', p.slice(-4)],
    ]);
    expect(p.slice(-4)).toBe(crc16(p.slice(0, -4)));
  });

  it('the amount in baht with two decimals: 1 satang, 10 satang, whole baht', () => {
    const amount = (satang: number) =>
      fields(promptPayPayload('0812345678', satang)).find(([tag]) => tag === '54')![1];
    expect(amount(1)).toBe('0.01');
    expect(amount(10)).toBe('0.10');
    expect(amount(100)).toBe('1.00');
    expect(amount(123_456_789)).toBe('1234567.89');
  });

  it('the reference keeps letters, digits and dashes only, at most 25 of them', () => {
    const reference = (ref: string) =>
      fields(fields(promptPayPayload('0812345678', 100, ref)).find(([tag]) => tag === '62')![1]);
    expect(reference('RR 2026/11_000001.ก')).toEqual([['01', 'RR202611000001']]);
    expect(reference('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')).toEqual([['01', 'ABCDEFGHIJKLMNOPQRSTUVWXY']]);
    expect(reference('abc-XYZ-09')).toEqual([['01', 'abc-XYZ-09']]);
    // No reference: no bill-number field.
    expect(fields(promptPayPayload('0812345678', 100)).map(([tag]) => tag)).toEqual([
      '00',
      '01',
      '29',
      '53',
      '54',
      '58',
      '63',
    ]);
    expect(fields(promptPayPayload('0812345678', 100, '')).map(([tag]) => tag)).not.toContain('62');
  });

  it('refuses an amount that is not a positive whole number of satang', () => {
    for (const bad of [0, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => promptPayPayload('0812345678', bad), String(bad)).toThrow(
        'a PromptPay amount is positive satang',
      );
    expect(() => promptPayPayload('0812345678', 1)).not.toThrow();
  });

  it('refuses an id that is neither 13 digits nor a 10-digit mobile number starting with 0', () => {
    for (const bad of [
      '010556600000', // 12 digits
      '01055660000001', // 14 digits
      'x010556600000',
      '010556600000x',
      '0105566-00000',
      '0o05566000000',
      '1812345678', // 10 digits, no leading 0
      '081234567', // 9 digits
      '08123456789', // 11 digits
      'x812345678',
      '081234567x',
      '0812-45678',
      '',
    ])
      expect(() => promptPayPayload(bad, 100), bad).toThrow(
        'a PromptPay ID is a 13-digit tax id or a 10-digit mobile number',
      );
  });
});
