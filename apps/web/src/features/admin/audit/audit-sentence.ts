import type { AuditEntry } from '@rianroo/contract';
import type { Lang } from '../../../lib/i18n';

type Words = Record<Lang, string>;

/** What was done, by the action's last word (`course.update` → update); others are shown as their code. */
const VERBS: Record<string, Words> = {
  create: { th: 'สร้าง', en: 'created' },
  update: { th: 'แก้ไข', en: 'changed' },
  delete: { th: 'ลบ', en: 'deleted' },
  remove: { th: 'นำออก', en: 'removed' },
  add: { th: 'เพิ่ม', en: 'added' },
  revoke: { th: 'เพิกถอน', en: 'revoked' },
  role: { th: 'เปลี่ยนบทบาทของ', en: 'changed the role of' },
  refund: { th: 'คืนเงิน', en: 'refunded' },
  publish: { th: 'เผยแพร่', en: 'published' },
  unpublish: { th: 'เลิกเผยแพร่', en: 'unpublished' },
  archive: { th: 'เก็บเข้าคลัง', en: 'archived' },
  retire: { th: 'เลิกใช้', en: 'retired' },
  order: { th: 'จัดลำดับ', en: 'reordered' },
  mark: { th: 'ทำเครื่องหมาย', en: 'marked' },
  grant: { th: 'มอบสิทธิ์ให้', en: 'granted to' },
  end: { th: 'สิ้นสุด', en: 'ended' },
  assign: { th: 'มอบหมาย', en: 'assigned' },
  withdraw: { th: 'ถอน', en: 'withdrew' },
  seats: { th: 'กำหนดที่นั่งของ', en: 'set the seats of' },
  seats_end: { th: 'ยกเลิกที่นั่งทั้งหมดของ', en: 'ended the seats of' },
};

/** The kinds of things the console writes; others are shown as their code. */
const KINDS: Record<string, Words> = {
  course: { th: 'คอร์ส', en: 'the course' },
  episode: { th: 'ตอน', en: 'the episode' },
  user: { th: 'ผู้ใช้', en: 'the user' },
  session: { th: 'เซสชัน', en: 'the session' },
  subscription: { th: 'สมาชิกภาพ', en: 'the subscription' },
  organization: { th: 'องค์กร', en: 'the organisation' },
  plan: { th: 'แผนสมาชิก', en: 'the plan' },
  coupon: { th: 'โค้ดส่วนลด', en: 'the promo code' },
  order: { th: 'คำสั่งซื้อ', en: 'the order' },
  application: { th: 'ใบสมัครผู้สอน', en: 'the instructor application' },
  category: { th: 'หมวดหมู่', en: 'the category' },
  instructor: { th: 'ผู้สอน', en: 'the instructor' },
  assessment: { th: 'แบบทดสอบ', en: 'the test' },
  question: { th: 'คำถาม', en: 'the question' },
  evaluation_question: { th: 'คำถามแบบประเมิน', en: 'the evaluation question' },
  certificate: { th: 'ใบประกาศนียบัตร', en: 'the certificate' },
  legal_document: { th: 'เอกสารข้อกำหนด', en: 'the legal document' },
  data_request: { th: 'คำขอข้อมูลส่วนบุคคล', en: 'the data request' },
};

/** Where the console shows a thing of this kind, when it has a page of its own. */
const PAGES: Record<string, string> = {
  course: '/admin/courses/',
  user: '/admin/users/',
  organization: '/admin/organizations/',
  plan: '/admin/plans/',
  coupon: '/admin/coupons/',
  order: '/admin/orders/',
  application: '/admin/applications/',
  data_request: '/admin/data-requests/',
};

export interface AuditSentence {
  /** What was done ("แก้ไข"), or the action's code when it has no words. */
  verb: string;
  /** What kind of thing ("คอร์ส"), or the kind's code. */
  kind: string;
  /** What it is called, else its id. */
  name: string;
  /** Its console page, when it has one. */
  href: string | null;
}

/** One record as a sentence's parts: "<who> <verb> <kind> “<name>”". */
export function auditSentence(e: AuditEntry, lang: Lang): AuditSentence {
  const word = e.action.split('.').at(-1) ?? '';
  return {
    verb: VERBS[word]?.[lang] ?? e.action,
    kind: KINDS[e.entity]?.[lang] ?? e.entity,
    name: e.entityName ?? e.entityId,
    href:
      PAGES[e.entity] && !/\.delete$/.test(e.action)
        ? `${PAGES[e.entity]}${encodeURIComponent(e.entityId)}`
        : null,
  };
}
