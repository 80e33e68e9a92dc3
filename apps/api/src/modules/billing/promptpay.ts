/**
 * A PromptPay QR payload in the EMVCo merchant-presented format (Thai QR Payment, BOT standard): a list of
 * tag-length-value fields ending in a CRC-16/CCITT-FALSE checksum. A banking app reads it as "pay <amount> baht to
 * <PromptPay ID>".
 */
const PROMPTPAY_AID = 'A000000677010111';

const field = (tag: string, value: string) => {
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as the EMVCo QR specification requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The payload for paying `amountSatang` to a PromptPay ID: a 13-digit tax or national id, or a 10-digit Thai mobile
 * number (sent as 0066 and the number without its leading 0). `reference` goes in the bill-number field.
 */
export function promptPayPayload(id: string, amountSatang: number, reference?: string): string {
  if (!Number.isInteger(amountSatang) || amountSatang <= 0)
    throw new Error('a PromptPay amount is positive satang');
  const account = /^\d{13}$/.test(id)
    ? field('02', id)
    : /^0\d{9}$/.test(id)
      ? field('01', `0066${id.slice(1)}`)
      : null;
  if (!account) throw new Error('a PromptPay ID is a 13-digit tax id or a 10-digit mobile number');
  const body = [
    field('00', '01'),
    // 12: a dynamic QR, for one payment of a set amount.
    field('01', '12'),
    field('29', field('00', PROMPTPAY_AID) + account),
    field('53', '764'),
    field('54', (amountSatang / 100).toFixed(2)),
    field('58', 'TH'),
    reference ? field('62', field('01', reference.replace(/[^A-Za-z0-9-]/g, '').slice(0, 25))) : '',
    '6304',
  ].join('');
  return body + crc16(body);
}
