import { z } from 'zod';
import { email, filledLine, uuid } from './common.js';
import { CONTACT_LINE_MAX_LENGTH } from './limits.js';
import { phone } from './users.js';

/** The 77 provinces of Thailand (ISO 3166-2:TH), in the order of their codes. */
export const provinces = [
  { code: 'TH-10', th: 'กรุงเทพมหานคร', en: 'Bangkok' },
  { code: 'TH-11', th: 'สมุทรปราการ', en: 'Samut Prakan' },
  { code: 'TH-12', th: 'นนทบุรี', en: 'Nonthaburi' },
  { code: 'TH-13', th: 'ปทุมธานี', en: 'Pathum Thani' },
  { code: 'TH-14', th: 'พระนครศรีอยุธยา', en: 'Phra Nakhon Si Ayutthaya' },
  { code: 'TH-15', th: 'อ่างทอง', en: 'Ang Thong' },
  { code: 'TH-16', th: 'ลพบุรี', en: 'Lopburi' },
  { code: 'TH-17', th: 'สิงห์บุรี', en: 'Sing Buri' },
  { code: 'TH-18', th: 'ชัยนาท', en: 'Chai Nat' },
  { code: 'TH-19', th: 'สระบุรี', en: 'Saraburi' },
  { code: 'TH-20', th: 'ชลบุรี', en: 'Chonburi' },
  { code: 'TH-21', th: 'ระยอง', en: 'Rayong' },
  { code: 'TH-22', th: 'จันทบุรี', en: 'Chanthaburi' },
  { code: 'TH-23', th: 'ตราด', en: 'Trat' },
  { code: 'TH-24', th: 'ฉะเชิงเทรา', en: 'Chachoengsao' },
  { code: 'TH-25', th: 'ปราจีนบุรี', en: 'Prachinburi' },
  { code: 'TH-26', th: 'นครนายก', en: 'Nakhon Nayok' },
  { code: 'TH-27', th: 'สระแก้ว', en: 'Sa Kaeo' },
  { code: 'TH-30', th: 'นครราชสีมา', en: 'Nakhon Ratchasima' },
  { code: 'TH-31', th: 'บุรีรัมย์', en: 'Buriram' },
  { code: 'TH-32', th: 'สุรินทร์', en: 'Surin' },
  { code: 'TH-33', th: 'ศรีสะเกษ', en: 'Sisaket' },
  { code: 'TH-34', th: 'อุบลราชธานี', en: 'Ubon Ratchathani' },
  { code: 'TH-35', th: 'ยโสธร', en: 'Yasothon' },
  { code: 'TH-36', th: 'ชัยภูมิ', en: 'Chaiyaphum' },
  { code: 'TH-37', th: 'อำนาจเจริญ', en: 'Amnat Charoen' },
  { code: 'TH-38', th: 'บึงกาฬ', en: 'Bueng Kan' },
  { code: 'TH-39', th: 'หนองบัวลำภู', en: 'Nong Bua Lamphu' },
  { code: 'TH-40', th: 'ขอนแก่น', en: 'Khon Kaen' },
  { code: 'TH-41', th: 'อุดรธานี', en: 'Udon Thani' },
  { code: 'TH-42', th: 'เลย', en: 'Loei' },
  { code: 'TH-43', th: 'หนองคาย', en: 'Nong Khai' },
  { code: 'TH-44', th: 'มหาสารคาม', en: 'Maha Sarakham' },
  { code: 'TH-45', th: 'ร้อยเอ็ด', en: 'Roi Et' },
  { code: 'TH-46', th: 'กาฬสินธุ์', en: 'Kalasin' },
  { code: 'TH-47', th: 'สกลนคร', en: 'Sakon Nakhon' },
  { code: 'TH-48', th: 'นครพนม', en: 'Nakhon Phanom' },
  { code: 'TH-49', th: 'มุกดาหาร', en: 'Mukdahan' },
  { code: 'TH-50', th: 'เชียงใหม่', en: 'Chiang Mai' },
  { code: 'TH-51', th: 'ลำพูน', en: 'Lamphun' },
  { code: 'TH-52', th: 'ลำปาง', en: 'Lampang' },
  { code: 'TH-53', th: 'อุตรดิตถ์', en: 'Uttaradit' },
  { code: 'TH-54', th: 'แพร่', en: 'Phrae' },
  { code: 'TH-55', th: 'น่าน', en: 'Nan' },
  { code: 'TH-56', th: 'พะเยา', en: 'Phayao' },
  { code: 'TH-57', th: 'เชียงราย', en: 'Chiang Rai' },
  { code: 'TH-58', th: 'แม่ฮ่องสอน', en: 'Mae Hong Son' },
  { code: 'TH-60', th: 'นครสวรรค์', en: 'Nakhon Sawan' },
  { code: 'TH-61', th: 'อุทัยธานี', en: 'Uthai Thani' },
  { code: 'TH-62', th: 'กำแพงเพชร', en: 'Kamphaeng Phet' },
  { code: 'TH-63', th: 'ตาก', en: 'Tak' },
  { code: 'TH-64', th: 'สุโขทัย', en: 'Sukhothai' },
  { code: 'TH-65', th: 'พิษณุโลก', en: 'Phitsanulok' },
  { code: 'TH-66', th: 'พิจิตร', en: 'Phichit' },
  { code: 'TH-67', th: 'เพชรบูรณ์', en: 'Phetchabun' },
  { code: 'TH-70', th: 'ราชบุรี', en: 'Ratchaburi' },
  { code: 'TH-71', th: 'กาญจนบุรี', en: 'Kanchanaburi' },
  { code: 'TH-72', th: 'สุพรรณบุรี', en: 'Suphan Buri' },
  { code: 'TH-73', th: 'นครปฐม', en: 'Nakhon Pathom' },
  { code: 'TH-74', th: 'สมุทรสาคร', en: 'Samut Sakhon' },
  { code: 'TH-75', th: 'สมุทรสงคราม', en: 'Samut Songkhram' },
  { code: 'TH-76', th: 'เพชรบุรี', en: 'Phetchaburi' },
  { code: 'TH-77', th: 'ประจวบคีรีขันธ์', en: 'Prachuap Khiri Khan' },
  { code: 'TH-80', th: 'นครศรีธรรมราช', en: 'Nakhon Si Thammarat' },
  { code: 'TH-81', th: 'กระบี่', en: 'Krabi' },
  { code: 'TH-82', th: 'พังงา', en: 'Phang Nga' },
  { code: 'TH-83', th: 'ภูเก็ต', en: 'Phuket' },
  { code: 'TH-84', th: 'สุราษฎร์ธานี', en: 'Surat Thani' },
  { code: 'TH-85', th: 'ระนอง', en: 'Ranong' },
  { code: 'TH-86', th: 'ชุมพร', en: 'Chumphon' },
  { code: 'TH-90', th: 'สงขลา', en: 'Songkhla' },
  { code: 'TH-91', th: 'สตูล', en: 'Satun' },
  { code: 'TH-92', th: 'ตรัง', en: 'Trang' },
  { code: 'TH-93', th: 'พัทลุง', en: 'Phatthalung' },
  { code: 'TH-94', th: 'ปัตตานี', en: 'Pattani' },
  { code: 'TH-95', th: 'ยะลา', en: 'Yala' },
  { code: 'TH-96', th: 'นราธิวาส', en: 'Narathiwat' },
] as const;
export type ProvinceCode = (typeof provinces)[number]['code'];
export const provinceCode = z.enum(provinces.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]]);

const line = filledLine(CONTACT_LINE_MAX_LENGTH);

/** Contact details a learner gives when the platform or their organisation requires them (PDPA consent). */
export const contact = z.object({
  id: uuid,
  phone: z.string(),
  organization: z.string(),
  position: z.string(),
  province: provinceCode,
  consentedAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contact>;

/** Creating: the client removes `id` before sending (spec); consent must be given. */
export const contactBody = z.object({
  phone,
  organization: line,
  position: line,
  province: provinceCode,
  consent: z.literal(true),
});
export type ContactBody = z.infer<typeof contactBody>;
export const contactPatchBody = contactBody.partial();
export type ContactPatchBody = z.infer<typeof contactPatchBody>;

/** Who asks for contact details: the learner's organisation, or the platform itself (`CONTACT_REQUIRED`). */
export const contactAsker = z.enum(['organization', 'platform']);
export const contactGuardAnswer = z.object({
  required: z.boolean(),
  /** Who asks (the organisation when both do); null when nobody does. */
  askedBy: contactAsker.nullable(),
  contact: contact.nullable(),
});
export type ContactGuardAnswer = z.infer<typeof contactGuardAnswer>;

/** "Teach with us" (`/next-instructor`). */
export const instructorApplicationBody = z.object({
  name: z.string().trim().min(1).max(120),
  email,
  phone,
  topic: z.string().trim().min(1).max(200),
  experience: z.string().trim().max(2000).optional(),
  portfolioUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
});
export type InstructorApplicationBody = z.infer<typeof instructorApplicationBody>;

/** The kinds of optional e-mail; `all` (in the links of other mails) turns every one of them off. */
export const mailKinds = ['news', 'promotions', 'reminders'] as const;
export const unsubscribeQuery = z.object({ token: z.string().min(20).max(2000) });
export const unsubscribeAnswer = z.object({
  kinds: z.array(z.enum(mailKinds)),
  email: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

/** The learner's organisation (members watch its granted courses; it may require contact details). */
export const organizationSummary = z.object({
  id: uuid,
  name: z.string(),
  requiresContact: z.boolean(),
  /** The organisation's seats while they last (null: it has none): whether this learner holds one, until when. */
  seat: z.object({ held: z.boolean(), endsAt: z.string() }).nullable(),
});
export const myOrganizationAnswer = z.object({ organization: organizationSummary.nullable() });
export type MyOrganizationAnswer = z.infer<typeof myOrganizationAnswer>;
export const joinOrganizationBody = z.object({ code: z.string().trim().min(4).max(40) });
