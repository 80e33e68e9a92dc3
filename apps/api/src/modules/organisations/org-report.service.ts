import type { OrgMember, OrgReportQuery } from '@rianroo/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './org-members.repo.js';
import { seatPool } from './org-seats.repo.js';

type Cell = string | number;

const JOINED_BY: Record<NonNullable<OrgMember['joinedBy']>, string> = {
  invite: 'คำเชิญทางอีเมล',
  invite_code: 'รหัสเชิญ',
  email_domain: 'โดเมนอีเมล',
  sso: 'เข้าสู่ระบบผ่านพาร์ตเนอร์',
  admin: 'ผู้ดูแลระบบเพิ่ม',
};

/**
 * The report's columns (Thai headers), the members list's; contact details only where required; who holds a
 * seat only where the organisation has seats.
 */
function columns(requiresContact: boolean, hasSeats: boolean): [string, (m: OrgMember) => Cell][] {
  const done = (m: OrgMember) => m.courses.filter((c) => c.completed).length;
  const cols: [string, (m: OrgMember) => Cell][] = [
    ['ชื่อ', (m) => m.name],
    ['อีเมล', (m) => m.email],
    ['วันที่เข้าร่วม', (m) => m.joinedAt ?? ''],
    ['เข้าร่วมโดย', (m) => (m.joinedBy ? JOINED_BY[m.joinedBy] : '')],
    ['ใช้งานล่าสุด', (m) => m.lastActivityAt ?? ''],
    ['คอร์สที่มอบหมาย', (m) => m.courses.length],
    ['เรียนจบ', done],
    ['เกินกำหนด', (m) => m.courses.filter((c) => c.overdue).length],
    [
      'ความคืบหน้าแต่ละคอร์ส',
      (m) => m.courses.map((c) => `${c.title} ${c.completed ? 'จบแล้ว' : `${c.progress}%`}`).join('; '),
    ],
    ['แบบทดสอบที่ผ่าน', (m) => m.testsPassed],
    ['ใบประกาศนียบัตร', (m) => m.certificates],
  ];
  if (hasSeats) cols.push(['ที่นั่ง', (m) => (m.hasSeat ? 'มีที่นั่ง' : 'รอที่นั่ง')]);
  if (requiresContact)
    cols.push(
      ['โทรศัพท์', (m) => m.contact?.phone ?? ''],
      ['ตำแหน่ง', (m) => m.contact?.position ?? ''],
      ['จังหวัด', (m) => m.contact?.province ?? ''],
    );
  return cols;
}

/**
 * A spreadsheet opening a cell that starts with = + - @ (or a tab, a carriage return) runs it as a formula: a
 * learner's name is theirs to type, so such a cell is written as text (a leading apostrophe).
 */
const defused = (v: Cell) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const csvCell = (v: Cell) => {
  const s = String(defused(v));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The members report, CSV (with a byte-order mark, for Excel's Thai) or XLSX (exceljs); this organisation's only. */
export class OrgReportService {
  constructor(private readonly deps: { db: Db }) {}

  private async table(orgId: string, q: OrgReportQuery) {
    const org = await repo.settings(this.deps.db.$client, orgId);
    if (!org) throw notFound('Organisation');
    const [members, pool] = await Promise.all([
      repo.allMembers(this.deps.db.$client, orgId, q, org.requiresContact),
      seatPool(this.deps.db.$client, orgId),
    ]);
    const cols = columns(org.requiresContact, pool !== null);
    return { headers: cols.map(([h]) => h), rows: members.map((m) => cols.map(([, get]) => get(m))) };
  }

  async csv(orgId: string, q: OrgReportQuery) {
    const { headers, rows } = await this.table(orgId, q);
    const lines = [headers, ...rows].map((r) => r.map(csvCell).join(','));
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  async xlsx(orgId: string, q: OrgReportQuery) {
    const { headers, rows } = await this.table(orgId, q);
    const book = new ExcelJS.Workbook();
    book.creator = 'Rianroo';
    const sheet = book.addWorksheet('สมาชิก');
    sheet.addRow(headers).font = { bold: true };
    // Strings stay strings (never formulas): exceljs writes a string value as text.
    for (const r of rows) sheet.addRow(r);
    sheet.columns.forEach((c) => (c.width = 20));
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
