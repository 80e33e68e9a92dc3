/** Strings of closing an account (PDPA) and of a removed certificate; spread into i18n-strings.ts. */
export const th = {
  'closure.title': 'ปิดบัญชี',
  'closure.coolOff':
    'บัญชีจะออกจากระบบทุกอุปกรณ์ทันที และข้อมูลส่วนบุคคลจะถูกลบหลังจากนี้ {days} วัน หากเปลี่ยนใจ เพียงเข้าสู่ระบบก่อนครบกำหนด การปิดบัญชีจะถูกยกเลิก',
  'closure.erased':
    'สิ่งที่ถูกลบ: ชื่อ อีเมล เบอร์โทรศัพท์ รูปโปรไฟล์ ข้อมูลติดต่อ และชื่อบนใบประกาศนียบัตร (หน้าตรวจสอบใบประกาศจะแจ้งว่าผู้ถือได้ลบออกแล้ว)',
  'closure.kept':
    'สิ่งที่เก็บไว้: ใบกำกับภาษีเต็มรูปและใบลดหนี้ 5 ปีตามที่กฎหมายกำหนด เลขที่และยอดเงินของใบเสร็จ และสถิติการเรียนที่ไม่ระบุตัวตน',
  'closure.renewal': 'การต่ออายุสมาชิกอัตโนมัติจะหยุดทันที',
  'closure.open': 'ปิดบัญชีของฉัน…',
  'closure.pending': 'บัญชีนี้มีคำขอปิดบัญชีอยู่ ข้อมูลจะถูกลบในวันที่ {date}',
  'closure.cancel': 'ยกเลิกการปิดบัญชี',
  'closure.confirmTitle': 'ยืนยันการปิดบัญชี',
  'closure.confirmLead':
    'เมื่อยืนยัน คุณจะออกจากระบบทุกอุปกรณ์ และข้อมูลจะถูกลบใน {days} วัน เว้นแต่คุณจะเข้าสู่ระบบอีกครั้งก่อนนั้น',
  'closure.password': 'รหัสผ่านของคุณ',
  'closure.typeEmail': 'พิมพ์อีเมลของบัญชีนี้เพื่อยืนยัน',
  'closure.passwordRequired': 'กรุณากรอกรหัสผ่าน',
  'closure.wrongPassword': 'รหัสผ่านไม่ถูกต้อง',
  'closure.emailMismatch': 'กรุณาพิมพ์อีเมลของบัญชีนี้ให้ตรงกัน',
  'closure.keep': 'ไม่ปิดบัญชี',
  'closure.confirm': 'ปิดบัญชี',
  'closure.done.title': 'เราได้รับคำขอปิดบัญชีแล้ว',
  'closure.done.due': 'ข้อมูลส่วนบุคคลของคุณจะถูกลบในวันที่ {date}',
  'closure.done.dueUnknown': 'ข้อมูลส่วนบุคคลของคุณจะถูกลบเมื่อครบ 14 วันนับจากวันที่ขอ',
  'closure.done.signedOut': 'คุณออกจากระบบทุกอุปกรณ์แล้ว และเราได้ส่งอีเมลยืนยันไปให้',
  'closure.done.howToCancel': 'หากเปลี่ยนใจ เพียงเข้าสู่ระบบก่อนวันนั้น การปิดบัญชีจะถูกยกเลิกทันที',
  'closure.done.signIn': 'เข้าสู่ระบบเพื่อยกเลิกการปิดบัญชี',
  'closure.cancelled.title': 'ยกเลิกการปิดบัญชีแล้ว',
  'closure.cancelled.lead': 'คุณเข้าสู่ระบบระหว่างช่วงรอ บัญชีและข้อมูลของคุณยังอยู่ครบ',
  'closure.cancelled.dismiss': 'รับทราบ',
  'cert.verify.removed': 'ผู้ถือได้ลบใบประกาศนียบัตรนี้แล้ว',
  'cert.verify.removedLead': 'ผู้ถือปิดบัญชีของตน ชื่อบนใบประกาศจึงถูกลบ และใบประกาศนี้ไม่ใช้ยืนยันตัวบุคคลได้อีก',
  'cert.verify.removedName': 'ไม่แสดง (ผู้ถือลบออกแล้ว)',
};

export const en: Record<keyof typeof th, string> = {
  'closure.title': 'Close account',
  'closure.coolOff':
    'You are signed out on every device at once, and your personal data is erased {days, plural, one {# day} other {# days}} later. Changed your mind? Just sign in before then and the closure is cancelled.',
  'closure.erased':
    'Erased: your name, e-mail address, phone, photo, contact details and the name on your certificates (their public pages will say the holder removed them).',
  'closure.kept':
    'Kept: full tax invoices and credit notes for 5 years as the law requires, receipt numbers and amounts, and anonymous learning statistics.',
  'closure.renewal': 'Automatic renewal of your membership stops at once.',
  'closure.open': 'Close my account…',
  'closure.pending': 'This account is being closed: its data will be erased on {date}.',
  'closure.cancel': 'Cancel the closure',
  'closure.confirmTitle': 'Close your account?',
  'closure.confirmLead':
    'Once you confirm, you are signed out on every device and your data is erased in {days, plural, one {# day} other {# days}}, unless you sign in again before then.',
  'closure.password': 'Your password',
  'closure.typeEmail': 'Type the e-mail address of this account to confirm',
  'closure.passwordRequired': 'Enter your password',
  'closure.wrongPassword': 'The password is incorrect',
  'closure.emailMismatch': 'Type the e-mail address of this account exactly',
  'closure.keep': 'Keep my account',
  'closure.confirm': 'Close account',
  'closure.done.title': 'We received your request to close your account',
  'closure.done.due': 'Your personal data will be erased on {date}.',
  'closure.done.dueUnknown': 'Your personal data will be erased 14 days after your request.',
  'closure.done.signedOut': 'You were signed out on every device, and we sent you an e-mail to confirm.',
  'closure.done.howToCancel':
    'Changed your mind? Just sign in before then and the closure is cancelled at once.',
  'closure.done.signIn': 'Sign in to cancel the closure',
  'closure.cancelled.title': 'Your account closure was cancelled.',
  'closure.cancelled.lead':
    'You signed in during the waiting period: your account and data stay as they were.',
  'closure.cancelled.dismiss': 'OK',
  'cert.verify.removed': 'The holder removed this certificate',
  'cert.verify.removedLead':
    'The holder closed their account: the name on the certificate was erased, and it no longer proves anything about a person.',
  'cert.verify.removedName': 'Not shown (removed by the holder)',
};
