/** Strings of "download my data" (account page), Thai first; spread into i18n-strings.ts. */
export const th = {
  'error.EXPORT_IN_PROGRESS': 'กำลังเตรียมข้อมูลของคุณอยู่ ขอได้ครั้งละหนึ่งไฟล์ เราจะส่งอีเมลเมื่อพร้อม',
  'dataExport.title': 'ดาวน์โหลดข้อมูลของฉัน',
  'dataExport.lead':
    'รับไฟล์ ZIP ที่รวบรวมข้อมูลทั้งหมดของคุณ: บัญชี ความคืบหน้า แบบทดสอบ ใบประกาศนียบัตร การชำระเงิน ความยินยอม และไฟล์ของคุณ (JSON และ CSV)',
  'dataExport.ask': 'ขอไฟล์ข้อมูลของฉัน',
  'dataExport.askAgain': 'ขอไฟล์ใหม่',
  'dataExport.pending': 'กำลังเตรียมไฟล์ (ขอเมื่อ {when}) เราจะส่งอีเมลเมื่อพร้อม หน้านี้จะอัปเดตเอง',
  'dataExport.ready': 'ไฟล์พร้อมแล้ว ({size}) ดาวน์โหลดได้ถึง {until}',
  'dataExport.download': 'ดาวน์โหลดไฟล์ ZIP',
  'dataExport.failed': 'เตรียมไฟล์ไม่สำเร็จ กรุณาขอใหม่อีกครั้ง',
  'dataExport.expired': 'ไฟล์ที่ขอเมื่อ {when} หมดอายุและถูกลบแล้ว',
  'dataExport.asked': 'รับคำขอแล้ว เราจะส่งอีเมลเมื่อไฟล์พร้อม',
  'dataExport.none': 'คุณยังไม่เคยขอไฟล์ข้อมูล',
};

export const en: Record<keyof typeof th, string> = {
  'error.EXPORT_IN_PROGRESS':
    'Your data is being prepared: one file at a time. We will e-mail you when it is ready.',
  'dataExport.title': 'Download my data',
  'dataExport.lead':
    'Get a ZIP of all your data: account, progress, tests, certificates, payments, consents and your files (JSON and CSV).',
  'dataExport.ask': 'Ask for my data',
  'dataExport.askAgain': 'Ask for a new file',
  'dataExport.pending':
    'Preparing your file (asked {when}). We will e-mail you when it is ready; this page updates itself.',
  'dataExport.ready': 'Your file is ready ({size}). It can be downloaded until {until}.',
  'dataExport.download': 'Download the ZIP',
  'dataExport.failed': 'The file could not be prepared. Please ask again.',
  'dataExport.expired': 'The file asked for on {when} has expired and was deleted.',
  'dataExport.asked': 'Asked. We will e-mail you when the file is ready.',
  'dataExport.none': 'You have not asked for your data yet.',
};
