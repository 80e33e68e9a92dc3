/** Thai amounts in words, as a tax invoice writes them: "หนึ่งร้อยเอ็ดบาทถ้วน", "ห้าสิบสตางค์". */

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/** Below a million; `after` says a higher part was read before it (so a final 1 is "เอ็ด": ล้านเอ็ด). */
function group(n: number, after: boolean): string {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const place = digits.length - 1 - i;
    if (d === 0) continue;
    if (place === 1) out += d === 1 ? 'สิบ' : d === 2 ? 'ยี่สิบ' : `${DIGITS[d]}สิบ`;
    else if (place === 0) out += d === 1 && (after || n >= 10) ? 'เอ็ด' : DIGITS[d];
    else out += `${DIGITS[d]}${PLACES[place]}`;
  }
  return out;
}

/** A whole number in Thai words: millions read as a number followed by "ล้าน", as often as needed. */
export function thaiNumberText(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole amount: ${n}`);
  if (n === 0) return DIGITS[0]!;
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  return (millions ? `${thaiNumberText(millions)}ล้าน` : '') + group(rest, millions > 0);
}

/** Satang in Thai words, as BAHTTEXT writes them: "…บาทถ้วน" for whole baht, else "…บาท…สตางค์". */
export function thaiBahtText(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang < 0) throw new RangeError(`not an amount in satang: ${satang}`);
  const baht = Math.floor(satang / 100);
  const rest = satang % 100;
  if (rest === 0) return `${thaiNumberText(baht)}บาทถ้วน`;
  return `${baht ? `${thaiNumberText(baht)}บาท` : ''}${thaiNumberText(rest)}สตางค์`;
}
