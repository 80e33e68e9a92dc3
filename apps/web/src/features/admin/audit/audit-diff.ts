export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (v: unknown): string =>
  v === undefined ? '' : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields an audited write changed, before and after, in a readable form. A created row lists every field
 * with an empty "before", a removed one with an empty "after"; values that are not objects are one line.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return show(before) === show(after) ? [] : [{ field: '', before: show(before), after: show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }))
    .filter((c) => c.before !== c.after || !isRecord(before) || !isRecord(after));
}
