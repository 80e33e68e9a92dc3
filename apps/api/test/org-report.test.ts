import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The members report a manager exports, as CSV and XLSX (read back with exceljs): exactly the organisation's
 * members, in the members list's columns under Thai headers; no other organisation's member, no manager who is
 * not a member; a name that a spreadsheet would run as a formula is written as text.
 */
let t: TestApp;
let orgId = '';
let manager = '';
const mine: { id: string; email: string }[] = [];
let outsider = '';

const q = (text: string, values: unknown[] = []) => t.db.$client.query(text, values);
const download = (ext: 'csv' | 'xlsx', query = '') =>
  t.app.inject({ method: 'GET', url: `/api/org/${orgId}/report.${ext}${query}`, headers: bearer(manager) });

/** The CSV's rows (quoted cells with commas and doubled quotes read back). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') cell += ch;
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = uuidv7();
  const other = uuidv7();
  await q(`insert into organizations (id, name) values ($1, 'เอ'), ($2, 'บี')`, [orgId, other]);
  const m = await register(t.app);
  manager = m.access_token;
  await q('insert into organization_managers (organization_id, user_id) values ($1, $2)', [orgId, m.user.id]);
  for (const firstName of ['สมชาย', '=HYPERLINK("http://evil.example","x")']) {
    const u = await register(t.app, { firstName, lastName: 'ใจดี' });
    await q(
      `update users set organization_id = $2, organization_joined_at = now(), organization_joined_by = 'invite'
        where id = $1`,
      [u.user.id, orgId],
    );
    mine.push({ id: u.user.id, email: u.email });
  }
  const o = await register(t.app);
  outsider = o.email;
  await q('update users set organization_id = $2 where id = $1', [o.user.id, other]);
});
afterAll(() => t?.close());

describe('the members report', () => {
  it('CSV: the organisation’s members and nothing else, Thai headers, formulas defused', async () => {
    const res = await download('csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header!.slice(0, 5)).toEqual(['ชื่อ', 'อีเมล', 'วันที่เข้าร่วม', 'เข้าร่วมโดย', 'ใช้งานล่าสุด']);
    expect(rows.map((r) => r[1]).sort()).toEqual(mine.map((m) => m.email).sort());
    expect(res.body).not.toContain(outsider);
    expect(rows.every((r) => r[3] === 'คำเชิญทางอีเมล')).toBe(true);
    expect(rows.map((r) => r[0]).find((n) => n!.includes('HYPERLINK'))).toMatch(/^'=/);
  });

  it('XLSX read back with exceljs: the same rows as the CSV', async () => {
    const res = await download('xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const read: string[][] = [];
    sheet.eachRow((row) => read.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const csv = parseCsv((await download('csv')).body.slice(1)).map((r) => r.map((c) => c));
    expect(read.length).toBe(3);
    expect(read.map((r) => r[1])).toEqual(csv.map((r) => r[1]));
    expect(
      read
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(mine.map((m) => m.email).sort());
    // The learner's formula-like name is a string cell in the workbook, never a formula.
    const cells: ExcelJS.CellValue[] = [];
    sheet.eachRow((row) => cells.push(row.getCell(1).value));
    expect(cells.every((v) => typeof v === 'string')).toBe(true);
    expect(Buffer.from(res.rawPayload).toString('latin1')).not.toContain(outsider);
  });

  it('keeps the members list’s filters', async () => {
    const res = await download('csv', `?q=${encodeURIComponent(mine[0]!.email)}`);
    const [, ...rows] = parseCsv(res.body.slice(1));
    expect(rows.map((r) => r[1])).toEqual([mine[0]!.email]);
  });
});
