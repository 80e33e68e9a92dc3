import { escapeHtml } from '../lib/html.js';
import type { MailAttachment, MailMessage } from './message.js';

type Locale = 'th' | 'en';

/** Anything a mail client would turn into a link: a scheme, a domain, an e-mail address, a path. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:|www\.|[\p{L}\p{N}_-]\.[\p{L}\p{N}]{2,}|@|\/\/|[<>]/iu;

/**
 * The greeting line. Names are whatever someone typed at sign-up, and a sign-up can name anyone's
 * address: a name that a mail client would make into a link (a phishing URL as a first name) is left
 * out, so the platform's own mail never carries a stranger's link.
 */
export function hello(locale: Locale, name: string): string {
  const plain = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 60);
  const safe = plain && !LINK_LIKE.test(plain) ? plain : '';
  if (locale === 'th') return safe ? `สวัสดีคุณ${safe}` : 'สวัสดี';
  return safe ? `Hello ${safe},` : 'Hello,';
}

export function layout(
  locale: Locale,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Sarabun,Tahoma,Arial,sans-serif;color:#1f2937;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">Rianroo · เรียนรู้</p></body></html>`;
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    'Rianroo · เรียนรู้',
  ].join('\n');
  return { html, text };
}

export function passwordLinkMail(
  to: string,
  name: string,
  locale: Locale,
  url: string,
  purpose: 'reset' | 'set',
  minutes: number,
): MailMessage {
  const th = locale === 'th';
  const subject =
    purpose === 'reset'
      ? th
        ? 'ตั้งรหัสผ่านใหม่สำหรับบัญชี Rianroo ของคุณ'
        : 'Reset your Rianroo password'
      : th
        ? 'ตั้งรหัสผ่านสำหรับบัญชี Rianroo ของคุณ'
        : 'Set a password for your Rianroo account';
  const paragraphs = th
    ? [
        hello('th', name),
        purpose === 'reset'
          ? 'เราได้รับคำขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ กดปุ่มด้านล่างเพื่อตั้งรหัสผ่านใหม่'
          : 'บัญชีของคุณย้ายมาจากระบบเดิม กดปุ่มด้านล่างเพื่อตั้งรหัสผ่านและเริ่มเรียนต่อได้ทันที',
        `ลิงก์นี้ใช้ได้ครั้งเดียวและจะหมดอายุใน ${minutes} นาที หากคุณไม่ได้ขอ ไม่ต้องทำอะไร บัญชีของคุณยังปลอดภัย`,
      ]
    : [
        hello('en', name),
        purpose === 'reset'
          ? 'We received a request to reset the password of your account. Use the button below to choose a new one.'
          : 'Your account moved from our previous system. Use the button below to set a password and continue learning.',
        `The link works once and expires in ${minutes} minutes. If you did not ask for it, do nothing: your account is safe.`,
      ];
  const label = th
    ? purpose === 'reset'
      ? 'ตั้งรหัสผ่านใหม่'
      : 'ตั้งรหัสผ่าน'
    : purpose === 'reset'
      ? 'Reset password'
      : 'Set password';
  return { to, subject, ...layout(locale, subject, paragraphs, { label, url }) };
}

export function welcomeMail(to: string, name: string, locale: Locale, url: string): MailMessage {
  const th = locale === 'th';
  const subject = th ? 'ยินดีต้อนรับสู่ Rianroo' : 'Welcome to Rianroo';
  const paragraphs = th
    ? [hello('th', name), 'บัญชีของคุณพร้อมใช้งานแล้ว เริ่มเรียนคอร์สแรกของคุณได้เลย']
    : [hello('en', name), 'Your account is ready. Start your first course whenever you like.'];
  return {
    to,
    subject,
    // A greeting can wait behind a password link sent in the same second.
    bulk: true,
    ...layout(locale, subject, paragraphs, { label: th ? 'เริ่มเรียน' : 'Start learning', url }),
  };
}

export function passwordChangedMail(to: string, name: string, locale: Locale): MailMessage {
  const th = locale === 'th';
  const subject = th ? 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว' : 'Your password was changed';
  const paragraphs = th
    ? [hello('th', name), 'รหัสผ่านบัญชี Rianroo ของคุณเพิ่งถูกเปลี่ยน หากไม่ใช่คุณ โปรดตั้งรหัสผ่านใหม่ทันทีและติดต่อฝ่ายสนับสนุน']
    : [
        hello('en', name),
        'The password of your Rianroo account was just changed. If this was not you, reset it now and contact support.',
      ];
  return { to, subject, ...layout(locale, subject, paragraphs) };
}

export function certificateMail(
  to: string,
  name: string,
  locale: Locale,
  c: { courseTitle: string; code: string; verifyUrl: string; attachment: MailAttachment },
): MailMessage {
  const th = locale === 'th';
  const subject = th ? `ใบประกาศนียบัตร: ${c.courseTitle}` : `Your certificate: ${c.courseTitle}`;
  const paragraphs = th
    ? [
        hello('th', name),
        `ยินดีด้วย! คุณเรียนจบคอร์ส "${c.courseTitle}" แล้ว ใบประกาศนียบัตรของคุณแนบมากับอีเมลนี้ (PDF)`,
        `รหัสใบประกาศ ${c.code} ทุกคนตรวจสอบใบประกาศนี้ได้ที่ลิงก์ด้านล่าง`,
      ]
    : [
        hello('en', name),
        `Congratulations on completing "${c.courseTitle}". Your certificate is attached to this e-mail (PDF).`,
        `Certificate code ${c.code}. Anyone can verify it at the link below.`,
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, {
      label: th ? 'ตรวจสอบใบประกาศ' : 'Verify the certificate',
      url: c.verifyUrl,
    }),
    attachments: [c.attachment],
  };
}

const baht = (satang: number) =>
  (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const thaiDate = (d: Date, locale: Locale) =>
  d.toLocaleDateString(locale === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** The receipt of a paid order (PRODUCT.md section 7): amount, the VAT it includes, the order number. */
export function receiptMail(
  to: string,
  name: string,
  locale: Locale,
  r: {
    receiptNumber: string;
    orderNumber: string;
    planName: string;
    subtotalSatang: number;
    discountSatang: number;
    couponCode: string | null;
    totalSatang: number;
    vatSatang: number;
    periodEnd: Date;
    seller: { name: string; taxId: string; address: string };
    url: string;
  },
): MailMessage {
  const th = locale === 'th';
  const subject = th
    ? `ใบเสร็จรับเงิน ${r.receiptNumber} · คำสั่งซื้อ ${r.orderNumber}`
    : `Receipt ${r.receiptNumber} · order ${r.orderNumber}`;
  const net = r.totalSatang - r.vatSatang;
  const paragraphs = th
    ? [
        hello('th', name),
        `ขอบคุณที่ชำระเงิน แพ็กเกจ ${r.planName} ของคุณใช้ได้ถึง ${thaiDate(r.periodEnd, locale)}`,
        `เลขที่คำสั่งซื้อ ${r.orderNumber} · เลขที่ใบเสร็จ ${r.receiptNumber}`,
        `ราคา ${baht(r.subtotalSatang)} บาท` +
          (r.discountSatang
            ? ` · ส่วนลด${r.couponCode ? ` (${r.couponCode})` : ''} ${baht(r.discountSatang)} บาท`
            : ''),
        `ยอดชำระ ${baht(r.totalSatang)} บาท (รวมภาษีมูลค่าเพิ่ม 7% ${baht(r.vatSatang)} บาท · มูลค่าก่อนภาษี ${baht(net)} บาท)`,
        `${r.seller.name} · เลขประจำตัวผู้เสียภาษี ${r.seller.taxId} · ${r.seller.address}`,
      ]
    : [
        hello('en', name),
        `Thank you for your payment. Your ${r.planName} plan runs until ${thaiDate(r.periodEnd, locale)}.`,
        `Order ${r.orderNumber} · receipt ${r.receiptNumber}`,
        `Price THB ${baht(r.subtotalSatang)}` +
          (r.discountSatang
            ? ` · discount${r.couponCode ? ` (${r.couponCode})` : ''} THB ${baht(r.discountSatang)}`
            : ''),
        `Paid THB ${baht(r.totalSatang)} (including 7% VAT of THB ${baht(r.vatSatang)} · THB ${baht(net)} before VAT)`,
        `${r.seller.name} · tax id ${r.seller.taxId} · ${r.seller.address}`,
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, { label: th ? 'ดูใบเสร็จ' : 'View the receipt', url: r.url }),
  };
}

/** A full tax invoice issued (PDF attached): at the buyer's request, from a receipt or at checkout. */
export function taxInvoiceMail(
  to: string,
  name: string,
  locale: Locale,
  r: {
    number: string;
    receiptNumber: string;
    buyerName: string;
    totalSatang: number;
    url: string;
    attachment: MailAttachment;
  },
): MailMessage {
  const th = locale === 'th';
  const subject = th ? `ใบกำกับภาษีเต็มรูป ${r.number}` : `Full tax invoice ${r.number}`;
  const paragraphs = th
    ? [
        hello('th', name),
        `ใบกำกับภาษี/ใบเสร็จรับเงินเลขที่ ${r.number} ในนาม ${r.buyerName} (ออกแทนใบเสร็จรับเงินเลขที่ ${r.receiptNumber}) แนบมากับอีเมลนี้ (PDF)`,
        `ยอดรวม ${baht(r.totalSatang)} บาท (รวมภาษีมูลค่าเพิ่ม 7%)`,
      ]
    : [
        hello('en', name),
        `Full tax invoice ${r.number} in the name of ${r.buyerName} (for receipt ${r.receiptNumber}) is attached to this e-mail (PDF).`,
        `Total THB ${baht(r.totalSatang)} (including 7% VAT)`,
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, { label: th ? 'ดูใบเสร็จ' : 'View the receipt', url: r.url }),
    attachments: [r.attachment],
  };
}

/** A refund of a payment, with its credit note attached, and what it did to the learner's access. */
export function refundMail(
  to: string,
  name: string,
  locale: Locale,
  r: {
    creditNoteNumber: string;
    orderNumber: string;
    amountSatang: number;
    reason: string;
    /** Where access now ends; null when the refund did not change it. */
    accessEnds: Date | null;
    ended: boolean;
    url: string;
    attachment: MailAttachment;
  },
): MailMessage {
  const th = locale === 'th';
  const subject = th
    ? `คืนเงิน ${baht(r.amountSatang)} บาท · ใบลดหนี้ ${r.creditNoteNumber}`
    : `Refund of THB ${baht(r.amountSatang)} · credit note ${r.creditNoteNumber}`;
  const access = th
    ? r.ended
      ? 'สิทธิ์การเรียนจากคำสั่งซื้อนี้สิ้นสุดแล้ว'
      : r.accessEnds
        ? `สิทธิ์การเรียนของคุณใช้ได้ถึง ${thaiDate(r.accessEnds, locale)}`
        : null
    : r.ended
      ? 'The access this order gave has ended.'
      : r.accessEnds
        ? `Your access now runs until ${thaiDate(r.accessEnds, locale)}.`
        : null;
  const paragraphs = th
    ? [
        hello('th', name),
        `เราคืนเงิน ${baht(r.amountSatang)} บาท ของคำสั่งซื้อ ${r.orderNumber} แล้ว (เหตุผล: ${r.reason}) เงินจะกลับเข้าช่องทางที่คุณชำระ ตามระยะเวลาของธนาคารหรือผู้ให้บริการบัตร`,
        ...(access ? [access] : []),
        `ใบลดหนี้เลขที่ ${r.creditNoteNumber} แนบมากับอีเมลนี้ (PDF)`,
      ]
    : [
        hello('en', name),
        `We refunded THB ${baht(r.amountSatang)} of order ${r.orderNumber} (reason: ${r.reason}). It goes back to how you paid, in your bank's or card issuer's time.`,
        ...(access ? [access] : []),
        `Credit note ${r.creditNoteNumber} is attached to this e-mail (PDF).`,
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, { label: th ? 'ดูใบเสร็จ' : 'View your receipts', url: r.url }),
    attachments: [r.attachment],
  };
}

/** A subscription or trial ends in `days` days: how to keep learning. */
export function renewalReminderMail(
  to: string,
  name: string,
  locale: Locale,
  r: {
    days: number;
    planName: string;
    trial: boolean;
    endsAt: Date;
    url: string;
    /** Renews automatically by card: the mail says when, and what it charges (satang), instead of "it ends". */
    automaticSatang?: number | null;
  },
): MailMessage {
  const th = locale === 'th';
  const when = thaiDate(r.endsAt, locale);
  if (r.automaticSatang != null && !r.trial) {
    const subject = th
      ? `แพ็กเกจ ${r.planName} จะต่ออายุอัตโนมัติใน ${r.days} วัน`
      : `Your ${r.planName} plan renews automatically in ${r.days} day${r.days === 1 ? '' : 's'}`;
    const paragraphs = th
      ? [
          hello('th', name),
          `แพ็กเกจ ${r.planName} ของคุณจะต่ออายุอัตโนมัติวันที่ ${when} โดยตัดบัตรที่บันทึกไว้ ${baht(r.automaticSatang)} บาท (รวมภาษีมูลค่าเพิ่ม)`,
          'หากไม่ต้องการต่ออายุ ยกเลิกได้ทุกเมื่อที่หน้าบัญชีของคุณ คุณยังเรียนได้จนถึงวันสิ้นสุดรอบปัจจุบัน',
        ]
      : [
          hello('en', name),
          `Your ${r.planName} plan renews automatically on ${when}: THB ${baht(r.automaticSatang)} (VAT included) will be charged to your saved card.`,
          'To stop it, cancel any time on your account page; you keep learning until the current period ends.',
        ];
    return {
      to,
      subject,
      kind: 'reminders',
      ...layout(locale, subject, paragraphs, {
        label: th ? 'จัดการสมาชิก' : 'Manage membership',
        url: r.url,
      }),
    };
  }
  const subject = th
    ? r.trial
      ? `ทดลองเรียนฟรีของคุณจะสิ้นสุดใน ${r.days} วัน`
      : `แพ็กเกจ ${r.planName} ของคุณจะหมดอายุใน ${r.days} วัน`
    : r.trial
      ? `Your free trial ends in ${r.days} day${r.days === 1 ? '' : 's'}`
      : `Your ${r.planName} plan ends in ${r.days} day${r.days === 1 ? '' : 's'}`;
  const paragraphs = th
    ? [
        hello('th', name),
        r.trial
          ? `ทดลองเรียนฟรีของคุณใช้ได้ถึง ${when} สมัครสมาชิกเพื่อเรียนต่อได้ทุกคอร์สโดยไม่สะดุด`
          : `แพ็กเกจ ${r.planName} ของคุณใช้ได้ถึง ${when} ต่ออายุวันนี้ ระยะเวลาใหม่จะนับต่อจากวันหมดอายุเดิม`,
      ]
    : [
        hello('en', name),
        r.trial
          ? `Your free trial runs until ${when}. Subscribe to keep learning every course without a break.`
          : `Your ${r.planName} plan runs until ${when}. Renew today: the new period starts when the current one ends.`,
      ];
  return {
    to,
    subject,
    kind: 'reminders',
    ...layout(locale, subject, paragraphs, {
      label: th ? (r.trial ? 'ดูแพ็กเกจ' : 'ต่ออายุ') : r.trial ? 'See the plans' : 'Renew',
      url: r.url,
    }),
  };
}

/**
 * An automatic renewal's card was declined: access stays until the grace period's end, the card is tried again,
 * and the learner can update it. Not optional (it is about money and access).
 */
export function renewalFailedMail(
  to: string,
  name: string,
  locale: Locale,
  r: { planName: string; amountSatang: number; graceUntil: Date; nextAttemptAt: Date | null; url: string },
): MailMessage {
  const th = locale === 'th';
  const until = thaiDate(r.graceUntil, locale);
  const subject = th
    ? `ต่ออายุแพ็กเกจ ${r.planName} ไม่สำเร็จ: กรุณาอัปเดตบัตร`
    : `We could not renew your ${r.planName} plan: please update your card`;
  const paragraphs = th
    ? [
        hello('th', name),
        `เราตัดบัตรที่บันทึกไว้เพื่อต่ออายุแพ็กเกจ ${r.planName} (${baht(r.amountSatang)} บาท) ไม่สำเร็จ คุณยังเรียนได้ตามปกติถึง ${until}`,
        r.nextAttemptAt
          ? `เราจะลองตัดบัตรอีกครั้งวันที่ ${thaiDate(r.nextAttemptAt, locale)} หรืออัปเดตบัตรตอนนี้เพื่อชำระทันที`
          : `หากไม่ได้ชำระภายใน ${until} สมาชิกภาพจะสิ้นสุด อัปเดตบัตรตอนนี้เพื่อชำระทันที`,
      ]
    : [
        hello('en', name),
        `We could not charge your saved card to renew your ${r.planName} plan (THB ${baht(r.amountSatang)}). You keep full access until ${until}.`,
        r.nextAttemptAt
          ? `We will try the card again on ${thaiDate(r.nextAttemptAt, locale)}, or update your card now to pay at once.`
          : `If it is not paid by ${until}, your membership ends. Update your card now to pay at once.`,
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, { label: th ? 'อัปเดตบัตร' : 'Update card', url: r.url }),
  };
}

/** The grace period of a failed renewal ended unpaid: the membership ended; the plans are one click away. */
export function subscriptionLapsedMail(
  to: string,
  name: string,
  locale: Locale,
  r: { planName: string; url: string },
): MailMessage {
  const th = locale === 'th';
  const subject = th ? `สมาชิกภาพแพ็กเกจ ${r.planName} สิ้นสุดแล้ว` : `Your ${r.planName} membership has ended`;
  const paragraphs = th
    ? [
        hello('th', name),
        `เราตัดบัตรเพื่อต่ออายุแพ็กเกจ ${r.planName} ไม่สำเร็จจนสิ้นสุดระยะผ่อนผัน สมาชิกภาพของคุณจึงสิ้นสุดแล้ว ความคืบหน้าการเรียนและใบประกาศนียบัตรของคุณยังอยู่ครบ`,
        'สมัครใหม่ได้ทุกเมื่อเพื่อเรียนต่อจากจุดเดิม',
      ]
    : [
        hello('en', name),
        `We could not charge your card to renew your ${r.planName} plan before the grace period ended, so your membership has ended. Your progress and certificates are kept.`,
        'Subscribe again any time to continue where you left off.',
      ];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, { label: th ? 'ดูแพ็กเกจ' : 'See the plans', url: r.url }),
  };
}

/** The footer of every mail to a learner: a link that turns this kind of mail off (`all`: every optional kind). */
export function unsubscribeFooter(
  locale: Locale,
  kind: 'all' | 'news' | 'promotions' | 'reminders',
  url: string,
): { text: string; html: string } {
  const th = locale === 'th';
  const what = th
    ? {
        all: 'ข่าวสาร โปรโมชัน และการแจ้งเตือนทางอีเมล',
        news: 'ข่าวสารทางอีเมล',
        promotions: 'โปรโมชันทางอีเมล',
        reminders: 'การแจ้งเตือนทางอีเมล',
      }[kind]
    : {
        all: 'news, promotions and reminders by e-mail',
        news: 'news by e-mail',
        promotions: 'promotions by e-mail',
        reminders: 'reminders by e-mail',
      }[kind];
  const line = th ? `ไม่ต้องการรับ${what}อีกต่อไป? ยกเลิกการรับ:` : `No longer want ${what}? Unsubscribe:`;
  return {
    text: `\n${line} ${url}`,
    html: `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${escapeHtml(line)} <a href="${escapeHtml(url)}" style="color:#0f766e">${escapeHtml(th ? 'ยกเลิกการรับอีเมล' : 'Unsubscribe')}</a></p>`,
  };
}
