import { isThaiTaxId, taxBuyer } from '@rianroo/contract';
import { describe, expect, it } from 'vitest';

// The contract's rule (packages/contract/src/billing.ts), shared by the web form and the API.
describe('Thai tax ID checksum (isThaiTaxId)', () => {
  it.each([
    '0107544000108', // a public company's (PTT)
    '0107536000102', // a bank's (SCB)
    '3100500123458', // a citizen ID
    '0994000161531',
    '1101700212335',
  ])('accepts %s', (id) => expect(isThaiTaxId(id)).toBe(true));

  it.each([
    ['the wrong check digit', '0107544000109'],
    ['another wrong check digit', '3100500123450'],
    ['a digit swapped', '0107544001008'],
    ['12 digits', '010754400010'],
    ['14 digits', '01075440001080'],
    ['letters', '01075440001O8'],
    ['dashes', '0-1075-44000-10-8'],
    ['nothing', ''],
  ])('refuses %s', (_, id) => expect(isThaiTaxId(id)).toBe(false));
});

describe('the buyer of a full tax invoice (taxBuyer)', () => {
  const buyer = {
    name: 'โรงพยาบาลตัวอย่าง',
    address: '2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700',
    taxId: '0994000161531',
    branch: 'head_office',
  };
  it('takes the head office or a five-digit branch, and a tax ID written with spaces or dashes', () => {
    expect(taxBuyer.parse(buyer)).toEqual(buyer);
    expect(taxBuyer.parse({ ...buyer, branch: '00012' }).branch).toBe('00012');
    expect(taxBuyer.parse({ ...buyer, taxId: '0-9940-00161-53-1' }).taxId).toBe('0994000161531');
  });
  it.each([
    ['a wrong check digit', { taxId: '0994000161532' }, 'taxId'],
    ['a short tax ID', { taxId: '099400016153' }, 'taxId'],
    ['a tax ID with letters', { taxId: '09940001615a1' }, 'taxId'],
    ['a four-digit branch', { branch: '0001' }, 'branch'],
    ['a branch that is a word', { branch: 'main' }, 'branch'],
    ['no name', { name: '  ' }, 'name'],
  ])('refuses %s', (_, change, path) => {
    const parsed = taxBuyer.safeParse({ ...buyer, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
