import { DATA_EXPORT_DAYS } from '@rianroo/contract';
import type { MailMessage } from '../../mail/message.js';
import { hello, layout } from '../../mail/templates.js';

type Locale = 'th' | 'en';

const day = (d: Date, locale: Locale) =>
  d.toLocaleDateString(locale === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/**
 * The learner's data is ready. The link goes to the account page, where the learner downloads it signed in:
 * the mail carries no credential, so a forwarded or leaked mail gives nobody the data.
 */
export function dataExportReadyMail(
  to: string,
  name: string,
  locale: Locale,
  r: { expiresAt: Date; url: string },
): MailMessage {
  const th = locale === 'th';
  const until = day(r.expiresAt, locale);
  const subject = th ? 'ข้อมูลของคุณพร้อมให้ดาวน์โหลดแล้ว' : 'Your data is ready to download';
  const paragraphs = th
    ? [
        hello('th', name),
        'ไฟล์ ZIP ที่รวบรวมข้อมูลทั้งหมดของคุณบน Rianroo พร้อมแล้ว เข้าสู่ระบบแล้วกดดาวน์โหลดที่หน้าบัญชีของคุณ',
        `ดาวน์โหลดได้ ${DATA_EXPORT_DAYS} วัน ถึง ${until} หลังจากนั้นไฟล์จะถูกลบ และขอใหม่ได้ทุกเมื่อ`,
        'หากคุณไม่ได้ขอ กรุณาเปลี่ยนรหัสผ่านและติดต่อเรา',
      ]
    : [
        hello('en', name),
        'The ZIP with all your data on Rianroo is ready. Sign in and download it from your account page.',
        `It can be downloaded for ${DATA_EXPORT_DAYS} days, until ${until}; then the file is deleted, and you may ask again at any time.`,
        'If you did not ask for it, change your password and contact us.',
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, {
      label: th ? 'ไปที่หน้าบัญชี' : 'Go to my account',
      url: r.url,
    }),
  };
}
