import { hello, layout } from '../../mail/templates.js';
import type { MailMessage } from '../../mail/message.js';
import { thaiDocumentDate } from '../documents/index.js';

type Locale = 'th' | 'en';
export interface MailTo {
  email: string;
  firstName: string;
  locale: Locale;
}

const englishDate = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Bangkok' });

/** The request is in: when the data goes, and that signing in before then cancels it. */
export function closureRequestedMail(to: MailTo, dueAt: Date, loginUrl: string): MailMessage {
  const th = to.locale === 'th';
  const subject = th ? 'เราได้รับคำขอปิดบัญชี Rianroo ของคุณแล้ว' : 'We received your request to close your account';
  const paragraphs = th
    ? [
        hello('th', to.firstName),
        `บัญชีของคุณออกจากระบบทุกอุปกรณ์แล้ว และข้อมูลส่วนบุคคลของคุณจะถูกลบในวันที่ ${thaiDocumentDate(dueAt)}`,
        'หากเปลี่ยนใจ เพียงเข้าสู่ระบบก่อนวันนั้น คำขอปิดบัญชีจะถูกยกเลิกทันที',
        'เอกสารภาษี (ใบกำกับภาษีเต็มรูปและใบลดหนี้) จะถูกเก็บไว้ 5 ปีตามที่กฎหมายกำหนด',
      ]
    : [
        hello('en', to.firstName),
        `You were signed out on every device, and your personal data will be erased on ${englishDate(dueAt)}.`,
        'Changed your mind? Just sign in before then and the request is cancelled at once.',
        'Tax documents (full tax invoices and credit notes) are kept for 5 years, as the law requires.',
      ];
  const action = { label: th ? 'เข้าสู่ระบบเพื่อยกเลิก' : 'Sign in to cancel', url: loginUrl };
  return { to: to.email, subject, ...layout(to.locale, subject, paragraphs, action) };
}

/** Signing in (or the cancel button) kept the account. */
export function closureCancelledMail(to: MailTo): MailMessage {
  const th = to.locale === 'th';
  const subject = th ? 'ยกเลิกการปิดบัญชีแล้ว' : 'Your account closure was cancelled';
  const paragraphs = th
    ? [
        hello('th', to.firstName),
        'คำขอปิดบัญชี Rianroo ของคุณถูกยกเลิกแล้ว บัญชีและข้อมูลของคุณยังอยู่ครบ',
        'หากคุณไม่ได้เข้าสู่ระบบเอง โปรดเปลี่ยนรหัสผ่านทันที',
      ]
    : [
        hello('en', to.firstName),
        'Your request to close your Rianroo account was cancelled. Your account and data stay as they were.',
        'If you did not sign in yourself, change your password now.',
      ];
  return { to: to.email, subject, ...layout(to.locale, subject, paragraphs) };
}
