/**
 * "24 พฤศจิกายน พ.ศ. 2569": a date as Thai documents write it (certificates, tax invoices, credit notes), the
 * Buddhist Era and Bangkok's day.
 */
export function thaiDocumentDate(d: Date): string {
  const parts = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} พ.ศ. ${get('year')}`;
}
