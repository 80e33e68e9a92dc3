import { useI18n, type Lang } from '../../../lib/i18n';

/**
 * The words of the certificates' digital credential (Open Badges), Thai first. Kept beside the feature that shows
 * them; they can join lib/i18n-certificates.ts with the other certificate strings.
 */
const th = {
  'cred.title': 'ใบรับรองดิจิทัล (Open Badges 3.0)',
  'cred.lead':
    'ใบประกาศนี้ลงลายมือชื่อดิจิทัลตามมาตรฐาน Open Badges 3.0 นำไปใส่ในกระเป๋าใบรับรองหรือให้ผู้อื่นตรวจสอบได้เองโดยไม่ต้องพึ่งเว็บไซต์ของเรา',
  'cred.downloadJson': 'ดาวน์โหลดใบรับรองดิจิทัล (JSON)',
  'cred.downloadBadge': 'ดาวน์โหลดเหรียญตรา (PNG)',
  'cred.signature.verified': 'ลายเซ็นดิจิทัลถูกต้อง',
  'cred.signature.invalid': 'ลายเซ็นดิจิทัลไม่ถูกต้อง',
  'cred.signature.unavailable': 'ใบประกาศนี้ไม่มีใบรับรองดิจิทัล',
  'cred.signature.about':
    'ตรวจด้วยกุญแจสาธารณะที่ Rianroo เผยแพร่ ตามมาตรฐาน Open Badges 3.0 ใครก็ตรวจซ้ำได้ด้วยเครื่องมือของตนเอง',
  'cred.keys': 'กุญแจสาธารณะ (JWKS)',
  'cred.statusList': 'รายการเพิกถอน (ลำดับที่ {index})',
} as const;
type CredentialKey = keyof typeof th;

const en: Record<CredentialKey, string> = {
  'cred.title': 'Digital credential (Open Badges 3.0)',
  'cred.lead':
    'This certificate is digitally signed to the Open Badges 3.0 standard: keep it in a credential wallet or let anyone check it without relying on our website.',
  'cred.downloadJson': 'Download the digital credential (JSON)',
  'cred.downloadBadge': 'Download the badge (PNG)',
  'cred.signature.verified': 'Digital signature verified',
  'cred.signature.invalid': 'The digital signature does not verify',
  'cred.signature.unavailable': 'This certificate has no digital credential',
  'cred.signature.about':
    "Checked against Rianroo's published public keys, to the Open Badges 3.0 standard; anyone can check it again with their own tools.",
  'cred.keys': 'Public keys (JWKS)',
  'cred.statusList': 'Revocation list (entry {index})',
};

const words: Record<Lang, Record<CredentialKey, string>> = { th, en };

/** `text(key, vars)`: the credential's words in the visitor's language, `{name}` filled from `vars`. */
export function useCredentialText() {
  const { lang } = useI18n();
  return (key: CredentialKey, vars: Record<string, string | number> = {}) =>
    words[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
}
