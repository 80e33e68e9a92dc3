import type { AdminDataRequest, DataRequestKind } from '@rianroo/contract';
import type { MailMessage } from '../../mail/message.js';
import { hello, layout } from '../../mail/templates.js';
import { thaiDocumentDate } from '../documents/index.js';

type Locale = 'th' | 'en';

const KIND: Record<Locale, Record<DataRequestKind, string>> = {
  th: {
    access: 'ขอเข้าถึงหรือขอสำเนาข้อมูล',
    erasure: 'ขอลบข้อมูล',
    correction: 'ขอแก้ไขข้อมูล',
    objection: 'คัดค้านการใช้ข้อมูล',
  },
  en: {
    access: 'access to or a copy of your data',
    erasure: 'erasure of your data',
    correction: 'correction of your data',
    objection: 'objection to a use of your data',
  },
};

const englishDate = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Bangkok' });

/**
 * The answer to a data request, to the requester: what they asked, whether it was done or refused, and the
 * resolution staff wrote (PDPA: the requester is told the outcome, and why when refused). Thai, or English for
 * a learner whose language is English.
 */
export function requestClosedMail(r: AdminDataRequest, locale: Locale, firstName: string): MailMessage {
  const received = new Date(r.receivedAt);
  const done = r.status === 'done';
  const subject =
    locale === 'th'
      ? done
        ? 'คำขอเกี่ยวกับข้อมูลส่วนบุคคลของคุณดำเนินการเสร็จแล้ว'
        : 'ผลการพิจารณาคำขอเกี่ยวกับข้อมูลส่วนบุคคลของคุณ'
      : done
        ? 'Your personal data request is done'
        : 'The outcome of your personal data request';
  const paragraphs =
    locale === 'th'
      ? [
          hello('th', firstName),
          `คำขอ${KIND.th[r.kind]}ที่เราได้รับเมื่อวันที่ ${thaiDocumentDate(received)} ${
            done ? 'ดำเนินการเสร็จแล้ว' : 'ไม่สามารถดำเนินการได้'
          }`,
          `ผลการดำเนินการ: ${r.resolution}`,
          'หากมีข้อสงสัย ตอบกลับอีเมลนี้ได้เลย หรือร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล (PDPC)',
        ]
      : [
          hello('en', firstName),
          `Your request for ${KIND.en[r.kind]}, received on ${englishDate(received)}, ${
            done ? 'is done.' : 'could not be granted.'
          }`,
          `Resolution: ${r.resolution}`,
          "Questions? Reply to this e-mail, or complain to Thailand's Personal Data Protection Committee (PDPC).",
        ];
  return { to: r.requesterEmail, subject, ...layout(locale, subject, paragraphs) };
}
