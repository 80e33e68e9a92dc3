import { escapeHtml } from '../lib/html.js';
import type { MailAttachment, MailMessage } from '../plugins/mail.js';

type Locale = 'th' | 'en';

function layout(
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
        `สวัสดีคุณ${name}`,
        purpose === 'reset'
          ? 'เราได้รับคำขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ กดปุ่มด้านล่างเพื่อตั้งรหัสผ่านใหม่'
          : 'บัญชีของคุณย้ายมาจากระบบเดิม กดปุ่มด้านล่างเพื่อตั้งรหัสผ่านและเริ่มเรียนต่อได้ทันที',
        `ลิงก์นี้ใช้ได้ครั้งเดียวและจะหมดอายุใน ${minutes} นาที หากคุณไม่ได้ขอ ไม่ต้องทำอะไร บัญชีของคุณยังปลอดภัย`,
      ]
    : [
        `Hello ${name},`,
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
    ? [`สวัสดีคุณ${name}`, 'บัญชีของคุณพร้อมใช้งานแล้ว เริ่มเรียนคอร์สแรกของคุณได้เลย']
    : [`Hello ${name},`, 'Your account is ready. Start your first course whenever you like.'];
  return {
    to,
    subject,
    ...layout(locale, subject, paragraphs, { label: th ? 'เริ่มเรียน' : 'Start learning', url }),
  };
}

export function passwordChangedMail(to: string, name: string, locale: Locale): MailMessage {
  const th = locale === 'th';
  const subject = th ? 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว' : 'Your password was changed';
  const paragraphs = th
    ? [`สวัสดีคุณ${name}`, 'รหัสผ่านบัญชี Rianroo ของคุณเพิ่งถูกเปลี่ยน หากไม่ใช่คุณ โปรดตั้งรหัสผ่านใหม่ทันทีและติดต่อฝ่ายสนับสนุน']
    : [
        `Hello ${name},`,
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
        `สวัสดีคุณ${name}`,
        `ยินดีด้วย! คุณเรียนจบคอร์ส "${c.courseTitle}" แล้ว ใบประกาศนียบัตรของคุณแนบมากับอีเมลนี้ (PDF)`,
        `รหัสใบประกาศ ${c.code} ทุกคนตรวจสอบใบประกาศนี้ได้ที่ลิงก์ด้านล่าง`,
      ]
    : [
        `Hello ${name},`,
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
