import { hello, layout } from '../../mail/templates.js';
import type { MailMessage } from '../../mail/message.js';

type Locale = 'th' | 'en';

const day = (d: Date, locale: Locale) =>
  d.toLocaleDateString(locale === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/**
 * To a learner who has not completed an assigned course: before its due date, or once it is past. A "reminders"
 * mail: the learner can turn these off on the communication page like other reminders.
 */
export function assignmentReminderMail(
  to: string,
  name: string,
  locale: Locale,
  a: { course: string; organization: string; dueAt: Date; overdue: boolean; url: string },
): MailMessage {
  const th = locale === 'th';
  const when = day(a.dueAt, locale);
  const subject = a.overdue
    ? th
      ? `เลยกำหนดแล้ว: ${a.course}`
      : `Overdue: ${a.course}`
    : th
      ? `ใกล้ถึงกำหนด: ${a.course} (${when})`
      : `Due soon: ${a.course} (${when})`;
  const paragraphs = th
    ? [
        hello('th', name),
        a.overdue
          ? `คอร์ส "${a.course}" ที่ ${a.organization} มอบหมายให้คุณ เลยกำหนดส่งวันที่ ${when} แล้ว และยังเรียนไม่จบ`
          : `คอร์ส "${a.course}" ที่ ${a.organization} มอบหมายให้คุณ ต้องเรียนให้จบภายในวันที่ ${when}`,
        'เรียนต่อจากที่ค้างไว้ได้ที่คลังคอร์สของคุณ',
      ]
    : [
        hello('en', name),
        a.overdue
          ? `"${a.course}", assigned to you by ${a.organization}, was due on ${when} and is not completed yet.`
          : `"${a.course}", assigned to you by ${a.organization}, is due on ${when}.`,
        'Pick up where you left off in your library.',
      ];
  return {
    to,
    subject,
    kind: 'reminders',
    ...layout(locale, subject, paragraphs, { label: th ? 'เรียนต่อ' : 'Continue learning', url: a.url }),
  };
}

export interface DigestFigures {
  organization: string;
  weekStart: Date;
  joined: number;
  completions: number;
  overdue: number;
}

/** The weekly digest to an organisation's managers: the past week's joins and completions, what is overdue. */
export function managerDigestMail(
  to: string,
  name: string,
  locale: Locale,
  d: DigestFigures,
  url: string,
): MailMessage {
  const th = locale === 'th';
  const from = day(new Date(d.weekStart.getTime() - 7 * 86_400_000), locale);
  const subject = th ? `สรุปประจำสัปดาห์ของ ${d.organization}` : `${d.organization}: your weekly summary`;
  const paragraphs = th
    ? [
        hello('th', name),
        `สัปดาห์ที่เริ่มวันที่ ${from}`,
        `สมาชิกใหม่ ${d.joined} คน · เรียนจบคอร์สที่มอบหมาย ${d.completions} ครั้ง · งานที่เลยกำหนด ${d.overdue} รายการ`,
      ]
    : [
        hello('en', name),
        `The week starting ${from}`,
        `New members: ${d.joined} · Assigned courses completed: ${d.completions} · Overdue assignments: ${d.overdue}`,
      ];
  return {
    to,
    subject,
    bulk: true,
    ...layout(locale, subject, paragraphs, { label: th ? 'เปิดหน้าจัดการองค์กร' : 'Open the console', url }),
  };
}
