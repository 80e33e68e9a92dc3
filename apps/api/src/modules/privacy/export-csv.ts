/** A cell as text: dates in ISO 8601, objects and arrays as JSON, null and undefined empty. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break, quotes doubled. Text a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe: the file is the learner's,
 * but what they typed (an evaluation's comment) must not run when they open it.
 */
export function csvField(value: unknown): string {
  let t = text(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[",\r\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
}

/** A whole CSV: UTF-8 with a byte-order mark (so Excel reads Thai right), CRLF line ends, a header line. */
export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
