/** Strings of the organisation console's link, the invitation page and its errors; spread into i18n-strings.ts. */
export const th = {
  'nav.org': 'จัดการองค์กร',
  'error.LAST_MANAGER': 'องค์กรต้องมีผู้จัดการอย่างน้อยหนึ่งคน เชิญผู้จัดการคนใหม่ก่อนแล้วจึงนำคนนี้ออก',
  'error.INVITE_INVALID':
    'ลิงก์คำเชิญนี้ใช้ไม่ได้แล้ว (ถูกใช้ ถูกยกเลิก มีลิงก์ใหม่กว่า หรือหมดอายุ) กรุณาขอคำเชิญใหม่จากผู้จัดการองค์กร',
  'error.INVITE_OTHER_EMAIL': 'คำเชิญนี้ส่งถึงอีเมลอื่น กรุณาเข้าสู่ระบบด้วยบัญชีของอีเมลที่ได้รับคำเชิญ',
  'error.SEATS_BELOW_TAKEN':
    'สมาชิกถือที่นั่งอยู่มากกว่าจำนวนนี้ กรุณานำสมาชิกออกก่อน หรือกำหนดจำนวนที่นั่งไม่น้อยกว่าที่ใช้อยู่',
  'orgInvite.title': 'คำเชิญเข้าร่วมองค์กร',
  'orgInvite.lead': 'เข้าสู่ระบบหรือสมัครสมาชิกด้วยอีเมลที่ได้รับคำเชิญ แล้วกดตอบรับ',
  'orgInvite.signIn': 'เข้าสู่ระบบ',
  'orgInvite.register': 'สมัครสมาชิก',
  'orgInvite.accept': 'ตอบรับคำเชิญ',
  'orgInvite.joined': 'คุณเข้าร่วม {name} แล้ว คอร์สที่องค์กรจัดให้จะอยู่ในคลังคอร์สของคุณ',
  'orgInvite.managing': 'คุณเป็นผู้จัดการของ {name} แล้ว',
  'orgInvite.toLibrary': 'ไปที่คลังคอร์สของฉัน',
  'orgInvite.toConsole': 'ไปที่หน้าจัดการองค์กร',
  'orgInvite.moveNote': 'หากคุณอยู่ในองค์กรอื่นอยู่แล้ว การตอบรับจะย้ายคุณมาอยู่ในองค์กรนี้',
};
export const en: Record<keyof typeof th, string> = {
  'nav.org': 'Organisation',
  'error.LAST_MANAGER':
    'An organisation keeps at least one manager. Invite a new manager first, then remove this one.',
  'error.INVITE_INVALID':
    'This invitation link no longer works (used, withdrawn, replaced by a newer one, or expired). Ask the organisation’s manager for a new one.',
  'error.INVITE_OTHER_EMAIL':
    'This invitation was sent to another address. Sign in with the account of the invited address.',
  'error.SEATS_BELOW_TAKEN':
    'Members hold more seats than this. Remove members first, or keep at least as many seats as are held.',
  'orgInvite.title': 'Invitation to an organisation',
  'orgInvite.lead': 'Sign in or sign up with the invited e-mail address, then accept.',
  'orgInvite.signIn': 'Sign in',
  'orgInvite.register': 'Sign up',
  'orgInvite.accept': 'Accept the invitation',
  'orgInvite.joined': 'You joined {name}. The courses it provides are in your library.',
  'orgInvite.managing': 'You now manage {name}.',
  'orgInvite.toLibrary': 'Go to my library',
  'orgInvite.toConsole': 'Go to the organisation console',
  'orgInvite.moveNote': 'If you are in another organisation already, accepting moves you to this one.',
};
