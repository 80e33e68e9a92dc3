import type { MailMessage } from '../../mail/message.js';
import { layout } from '../../mail/templates.js';

/**
 * An invitation to an organisation (as a member or a manager): Thai, or English when the invitee's account is
 * in English. The organisation's name is the administrator's; the link is the platform's own. The token is
 * a secret of the message (never stored in the job tables).
 */
export function orgInviteMail(
  to: string,
  locale: 'th' | 'en',
  org: string,
  role: 'member' | 'manager',
  url: string,
  token: string,
  days: number,
): MailMessage {
  const th = locale === 'th';
  const subject = th
    ? role === 'manager'
      ? `คำเชิญเป็นผู้จัดการองค์กร ${org} บน Rianroo`
      : `คำเชิญเข้าร่วม ${org} บน Rianroo`
    : role === 'manager'
      ? `You are invited to manage ${org} on Rianroo`
      : `You are invited to join ${org} on Rianroo`;
  const paragraphs = th
    ? [
        'สวัสดี',
        role === 'manager'
          ? `คุณได้รับเชิญให้เป็นผู้จัดการการเรียนรู้ของ ${org} กดปุ่มด้านล่าง เข้าสู่ระบบหรือสมัครสมาชิกด้วยอีเมลนี้ แล้วตอบรับคำเชิญ`
          : `คุณได้รับเชิญให้เข้าร่วม ${org} เพื่อเรียนคอร์สที่องค์กรจัดให้ กดปุ่มด้านล่าง เข้าสู่ระบบหรือสมัครสมาชิกด้วยอีเมลนี้ แล้วตอบรับคำเชิญ`,
        `ลิงก์นี้ใช้ได้ครั้งเดียวและหมดอายุใน ${days} วัน หากคุณไม่รู้จักองค์กรนี้ ไม่ต้องทำอะไร`,
      ]
    : [
        'Hello,',
        role === 'manager'
          ? `You are invited to manage the learning of ${org}. Use the button below, sign in or sign up with this address, and accept.`
          : `You are invited to join ${org} and take the courses it provides. Use the button below, sign in or sign up with this address, and accept.`,
        `The link works once and expires in ${days} days. If you do not know this organisation, do nothing.`,
      ];
  const label = th ? 'ดูคำเชิญ' : 'View the invitation';
  return { to, subject, secrets: [token], ...layout(locale, subject, paragraphs, { label, url }) };
}
