import { describe, expect, it } from 'vitest';
import { toBaht, toSatang } from './billing-api';

describe('baht typed in the console, sent as satang', () => {
  it('reads whole and two-decimal amounts, with thousands commas, without float drift', () => {
    expect(toSatang('1,990')).toBe(199_000);
    expect(toSatang('19.90')).toBe(1_990);
    expect(toSatang('0.29')).toBe(29);
    expect(toSatang(' 299.5 ')).toBe(29_950);
  });
  it('refuses what is not an amount in baht and satang', () => {
    for (const v of ['', 'abc', '1.999', '-5', '1e3', '12.']) expect(toSatang(v)).toBeNaN();
  });
  it('shows satang as baht with two decimals', () => {
    expect(toBaht(199_050)).toBe('1990.50');
    expect(toBaht(0)).toBe('0.00');
  });
});
