import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import * as s from '../../db/schema.js';

/** One kind of a learner's data in the ZIP: a folder `<name>/` with `<name>.json` and `<name>.csv`. */
export interface ExportKind {
  name: string;
  /** What it holds, for the README (Thai, English). */
  th: string;
  en: string;
  /** The column names, in order (the CSV's header, also when there is no row). */
  columns: string[];
  rows(db: Db, userId: string): Promise<Record<string, unknown>[]>;
}

/** A table's columns as Drizzle names them, without the ones never exported (secrets). */
function columnsOf<T extends PgTable>(table: T, omit: readonly string[] = []) {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(all).filter(([name]) => !omit.includes(name)));
}

/**
 * A kind that is the learner's rows of one table (the column naming the learner), every column but `omit`.
 * `table` and `omit` are kept so the completeness test can compare the ZIP with the table itself.
 */
export interface TableKind extends ExportKind {
  table: PgTable;
  userColumn: PgColumn;
  omit: readonly string[];
}

function tableKind(
  name: string,
  table: PgTable,
  userColumn: PgColumn,
  about: { th: string; en: string },
  omit: readonly string[] = [],
): TableKind {
  const selection = columnsOf(table, omit);
  return {
    name,
    ...about,
    table,
    userColumn,
    omit,
    columns: Object.keys(selection),
    rows: (db, userId) => db.select(selection).from(table).where(eq(userColumn, userId)),
  };
}

const profileColumns = columnsOf(s.users, ['passwordHash', 'marketing']);

/** Everything the export holds, in the README's order. */
export const exportKinds: ExportKind[] = [
  {
    name: 'profile',
    th: 'ข้อมูลบัญชี: ชื่อ อีเมล โทรศัพท์ ภาษา รูปโปรไฟล์ วันที่สมัคร (ไม่รวมรหัสผ่าน)',
    en: 'Your account: name, e-mail, phone, language, photo, dates (never the password)',
    columns: Object.keys(profileColumns),
    rows: (db, userId) => db.select(profileColumns).from(s.users).where(eq(s.users.id, userId)),
  },
  {
    name: 'mail_preferences',
    th: 'การรับอีเมลข่าวสาร โปรโมชัน และการแจ้งเตือน',
    en: 'Which optional e-mails you receive: news, promotions, reminders',
    columns: ['news', 'promotions', 'reminders'],
    rows: async (db, userId) =>
      (await db.select({ m: s.users.marketing }).from(s.users).where(eq(s.users.id, userId))).map((r) => ({
        ...r.m,
      })),
  },
  tableKind('contact_details', s.contacts, s.contacts.userId, {
    th: 'ข้อมูลติดต่อ: โทรศัพท์ หน่วยงาน ตำแหน่ง จังหวัด',
    en: 'Contact details: phone, organisation, position, province',
  }),
  {
    name: 'organisations',
    th: 'องค์กรที่คุณเป็นสมาชิก (membership) และองค์กรที่นำคุณออก (removed)',
    en: 'The organisation you belong to (membership) and those that took you out (removed)',
    columns: ['relation', 'organizationId', 'name', 'removedAt'],
    rows: async (db, userId) => {
      const member = await db
        .select({ organizationId: s.organizations.id, name: s.organizations.name })
        .from(s.users)
        .innerJoin(s.organizations, eq(s.organizations.id, s.users.organizationId))
        .where(eq(s.users.id, userId));
      const removed = await db
        .select({
          organizationId: s.organizationRemovals.organizationId,
          name: s.organizations.name,
          removedAt: s.organizationRemovals.removedAt,
        })
        .from(s.organizationRemovals)
        .innerJoin(s.organizations, eq(s.organizations.id, s.organizationRemovals.organizationId))
        .where(eq(s.organizationRemovals.userId, userId));
      return [
        ...member.map((m) => ({ relation: 'membership', ...m, removedAt: null })),
        ...removed.map((r) => ({ relation: 'removed', ...r })),
      ];
    },
  },
  tableKind(
    'organisation_managers',
    s.organizationManagers,
    s.organizationManagers.userId,
    { th: 'องค์กรที่คุณเป็นผู้ดูแลการเรียน', en: 'Organisations whose learning you manage' },
    ['addedBy'],
  ),
  tableKind(
    'organisation_invites',
    s.organizationInvites,
    s.organizationInvites.acceptedBy,
    { th: 'คำเชิญเข้าร่วมองค์กรที่คุณตอบรับ', en: 'Invitations to an organisation you accepted' },
    ['tokenHash', 'invitedBy'],
  ),
  tableKind('organisation_seats', s.organizationSeats, s.organizationSeats.userId, {
    th: 'ที่นั่งขององค์กรที่คุณถือ',
    en: "The organisation's seat you hold",
  }),
  tableKind('organisation_groups', s.organizationGroupMembers, s.organizationGroupMembers.userId, {
    th: 'กลุ่มในองค์กรที่คุณอยู่',
    en: "The organisation's groups you are in",
  }),
  tableKind(
    'course_assignments',
    s.courseAssignments,
    s.courseAssignments.userId,
    {
      th: 'หลักสูตรที่องค์กรมอบหมายให้คุณ และวันกำหนดส่ง',
      en: 'Courses your organisation assigned you, and due dates',
    },
    ['assignedBy'],
  ),
  tableKind('sessions', s.sessions, s.sessions.userId, {
    th: 'การเข้าสู่ระบบบนอุปกรณ์ต่าง ๆ: อุปกรณ์ เบราว์เซอร์ IP เวลาใช้งานล่าสุด',
    en: 'Your sign-ins on devices: device, browser, IP address, last use',
  }),
  tableKind('devices', s.provenDevices, s.provenDevices.userId, {
    th: 'อุปกรณ์ที่ยืนยันด้วยลิงก์ตั้งรหัสผ่านใหม่',
    en: 'Devices you proved with a password-reset link',
  }),
  tableKind(
    'password_links',
    s.passwordResets,
    s.passwordResets.userId,
    {
      th: 'ลิงก์ตั้งรหัสผ่านที่ส่งให้คุณ: เวลาส่ง หมดอายุ และใช้งาน (ไม่รวมรหัสในลิงก์)',
      en: 'Password links sent to you: when sent, expiring, used (never the code itself)',
    },
    ['codeHash'],
  ),
  tableKind('progress', s.episodeProgress, s.episodeProgress.userId, {
    th: 'ความคืบหน้าแต่ละตอน: วินาทีล่าสุด เปอร์เซ็นต์ และช่วงวินาทีที่ดูแล้ว (played)',
    en: 'Progress per episode: last second, percentage, and the seconds played (played)',
  }),
  tableKind('progress_cuts', s.progressCuts, s.progressCuts.userId, {
    th: 'การบันทึกความคืบหน้าที่ถูกจำกัดเพราะเร็วเกินความเร็วเล่นสูงสุด',
    en: 'Progress saves cut for going faster than the top playing speed',
  }),
  tableKind('learning_days', s.learnerDays, s.learnerDays.userId, {
    th: 'วันที่คุณเรียน',
    en: 'The days you learned something',
  }),
  tableKind('attempts', s.assessmentAttempts, s.assessmentAttempts.userId, {
    th: 'การทำแบบทดสอบ: คำตอบ (answers: คำถาม → ตัวเลือก) คะแนน และผล',
    en: 'Quiz and test attempts: answers (question → choices), score, result',
  }),
  tableKind('evaluations', s.courseEvaluations, s.courseEvaluations.userId, {
    th: 'แบบประเมินหลักสูตรที่คุณตอบ',
    en: 'Your course evaluations',
  }),
  tableKind('certificates', s.certificates, s.certificates.userId, {
    th: 'ใบประกาศนียบัตร (ไฟล์ PDF อยู่ในโฟลเดอร์ files/certificates)',
    en: 'Certificates (their PDFs are in files/certificates)',
  }),
  tableKind('subscriptions', s.subscriptions, s.subscriptions.userId, {
    th: 'สมาชิกภาพ: แพ็กเกจ ช่วงเวลา การต่ออายุ บัตรที่บันทึก (4 หลักสุดท้าย)',
    en: 'Subscriptions: plan, periods, renewal, saved card (last four digits)',
  }),
  tableKind('orders', s.orders, s.orders.userId, {
    th: 'คำสั่งซื้อ: ยอดเงิน (สตางค์) วิธีชำระ สถานะ',
    en: 'Orders: amounts (satang), payment method, status',
  }),
  tableKind('coupon_redemptions', s.couponRedemptions, s.couponRedemptions.userId, {
    th: 'โค้ดส่วนลดที่คุณใช้',
    en: 'Promo codes you used',
  }),
  tableKind('receipts', s.receipts, s.receipts.userId, {
    th: 'ใบเสร็จรับเงิน',
    en: 'Receipts',
  }),
  {
    name: 'tax_invoice_requests',
    th: 'คำขอใบกำกับภาษีเต็มรูปตอนชำระเงิน: ชื่อ ที่อยู่ เลขผู้เสียภาษี',
    en: 'Full tax invoices asked for at checkout: name, address, tax ID',
    columns: Object.keys(getTableColumns(s.taxInvoiceRequests)),
    rows: async (db, userId) => {
      const mine = db.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.userId, userId));
      return db.select().from(s.taxInvoiceRequests).where(inArray(s.taxInvoiceRequests.orderId, mine));
    },
  },
  tableKind('tax_invoices', s.taxInvoices, s.taxInvoices.userId, {
    th: 'ใบกำกับภาษีเต็มรูป (ไฟล์ PDF อยู่ในโฟลเดอร์ files/tax-documents)',
    en: 'Full tax invoices (their PDFs are in files/tax-documents)',
  }),
  tableKind('refunds', s.refunds, s.refunds.userId, { th: 'การคืนเงิน', en: 'Refunds' }, ['createdBy']),
  tableKind('credit_notes', s.creditNotes, s.creditNotes.userId, {
    th: 'ใบลดหนี้ (ไฟล์ PDF อยู่ในโฟลเดอร์ files/tax-documents)',
    en: 'Credit notes (their PDFs are in files/tax-documents)',
  }),
  tableKind('consents', s.consentEvents, s.consentEvents.userId, {
    th: 'ประวัติการให้และถอนความยินยอม',
    en: 'Your consents given and withdrawn, with their times',
  }),
  tableKind('legal_acceptances', s.legalAcceptances, s.legalAcceptances.userId, {
    th: 'ข้อกำหนดการใช้งานและประกาศความเป็นส่วนตัวที่คุณยอมรับ (ฉบับและเวลา)',
    en: 'The terms and privacy notice versions you accepted, and when',
  }),
  tableKind(
    'instructor_applications',
    s.instructorApplications,
    s.instructorApplications.userId,
    { th: 'ใบสมัครเป็นผู้สอน', en: 'Your applications to teach' },
    ['handledBy'],
  ),
  tableKind(
    'data_requests',
    s.dataRequests,
    s.dataRequests.userId,
    {
      th: 'คำขอเกี่ยวกับข้อมูลส่วนบุคคลของคุณ (รวมคำขอนี้)',
      en: 'Your personal-data requests (this one included)',
    },
    ['createdBy'],
  ),
  tableKind('data_exports', s.dataExports, s.dataExports.userId, {
    th: 'การดาวน์โหลดข้อมูลของคุณ (รวมครั้งนี้)',
    en: 'Your data exports (this one included)',
  }),
  tableKind('account_closures', s.accountClosures, s.accountClosures.userId, {
    th: 'คำขอปิดบัญชี',
    en: 'Requests to close your account',
  }),
];
