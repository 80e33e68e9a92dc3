/** The terms of use and the privacy notice, in both languages: a heading and its paragraphs per section. */
export type LegalSection = { heading: string; body: string[] };
export type LegalText = { title: string; updated: string; intro: string; sections: LegalSection[] };

export const terms: Record<'th' | 'en', LegalText> = {
  th: {
    title: 'ข้อกำหนดการใช้งาน',
    updated: 'ปรับปรุงล่าสุด 24 พฤศจิกายน 2569',
    intro:
      'ข้อกำหนดนี้ใช้กับการใช้งานเว็บไซต์และบริการคอร์สเรียนออนไลน์ของ Rianroo (เรียนรู้) เมื่อคุณสมัครสมาชิกหรือใช้บริการ ถือว่าคุณยอมรับข้อกำหนดนี้',
    sections: [
      {
        heading: '1. บัญชีผู้ใช้',
        body: [
          'คุณต้องให้ข้อมูลที่ถูกต้องเมื่อสมัคร และเก็บรหัสผ่านเป็นความลับ บัญชีหนึ่งใช้ได้สำหรับบุคคลเดียว และเข้าสู่ระบบพร้อมกันได้ไม่เกินจำนวนอุปกรณ์ที่กำหนด',
          'หากสงสัยว่ามีผู้อื่นใช้บัญชีของคุณ ให้เปลี่ยนรหัสผ่านและออกจากระบบอุปกรณ์อื่นได้ที่หน้าบัญชีของฉัน',
        ],
      },
      {
        heading: '2. สมาชิกและการชำระเงิน',
        body: [
          'สมาชิกรายเดือนและรายปีให้สิทธิ์เรียนทุกคอร์สตลอดช่วงเวลาที่ชำระ ราคารวมภาษีมูลค่าเพิ่มแล้ว ระยะเวลาใหม่เมื่อต่ออายุจะนับต่อจากวันหมดอายุเดิม',
          'ทดลองเรียนฟรีได้หนึ่งครั้งต่อบัญชี เมื่อครบกำหนดสิทธิ์จะสิ้นสุดโดยไม่มีการเรียกเก็บเงินอัตโนมัติ',
          'คุณปิดการต่ออายุได้ทุกเมื่อที่หน้าบัญชีของฉัน และยังเรียนได้จนถึงวันสิ้นสุดรอบที่ชำระแล้ว',
        ],
      },
      {
        heading: '3. การใช้เนื้อหา',
        body: [
          'วิดีโอ เอกสาร และแบบทดสอบเป็นลิขสิทธิ์ของ Rianroo หรือผู้สอน ใช้เพื่อการเรียนของคุณเองเท่านั้น ห้ามดาวน์โหลด คัดลอก เผยแพร่ หรือแบ่งบัญชีให้ผู้อื่น',
        ],
      },
      {
        heading: '4. ใบประกาศนียบัตร',
        body: [
          'ใบประกาศนียบัตรออกให้เมื่อเรียนครบตามเงื่อนไขของคอร์ส ทุกคนตรวจสอบได้จากรหัสใบประกาศ เราอาจเพิกถอนใบประกาศที่ได้มาโดยไม่สุจริต',
        ],
      },
      {
        heading: '5. การระงับบัญชี',
        body: ['เราอาจระงับหรือปิดบัญชีที่ละเมิดข้อกำหนดนี้ เช่น แบ่งบัญชี ทำซ้ำเนื้อหา หรือพยายามเข้าถึงระบบโดยไม่ได้รับอนุญาต'],
      },
      {
        heading: '6. ความรับผิด',
        body: [
          'เราพยายามให้บริการได้ต่อเนื่องและเนื้อหาถูกต้อง แต่ไม่รับประกันว่าบริการจะไม่มีข้อขัดข้อง ความรับผิดของเราจำกัดไม่เกินค่าบริการที่คุณชำระในสิบสองเดือนที่ผ่านมา เว้นแต่กฎหมายกำหนดไว้เป็นอย่างอื่น',
        ],
      },
      {
        heading: '7. กฎหมายที่ใช้บังคับ',
        body: ['ข้อกำหนดนี้อยู่ภายใต้กฎหมายไทย และศาลไทยมีเขตอำนาจพิจารณาข้อพิพาท'],
      },
      {
        heading: '8. การเปลี่ยนแปลงและการติดต่อ',
        body: ['เราอาจปรับปรุงข้อกำหนดนี้ และจะแจ้งทางอีเมลหรือบนเว็บไซต์ก่อนมีผลบังคับใช้ หากมีคำถาม ติดต่อเราทางแชตบนเว็บไซต์'],
      },
    ],
  },
  en: {
    title: 'Terms of use',
    updated: 'Last updated 24 November 2026',
    intro:
      'These terms apply to the website and online course service of Rianroo. By signing up or using the service you accept them.',
    sections: [
      {
        heading: '1. Your account',
        body: [
          'Give accurate details when you sign up and keep your password secret. An account is for one person and may be signed in on a limited number of devices at once.',
          'If you think someone else uses your account, change your password and sign out your other devices on the account page.',
        ],
      },
      {
        heading: '2. Membership and payment',
        body: [
          'Monthly and annual members may watch every course for the period paid. Prices include VAT. A renewal starts when the current period ends.',
          'The free trial is once per account. When it ends access stops; nothing is charged automatically.',
          'You can turn renewal off at any time on the account page and keep learning until the paid period ends.',
        ],
      },
      {
        heading: '3. Using the content',
        body: [
          'Videos, documents and tests belong to Rianroo or its instructors and are for your own learning only: do not download, copy, publish them or share your account.',
        ],
      },
      {
        heading: '4. Certificates',
        body: [
          "A certificate is issued when you meet the course's requirements; anyone can verify it by its code. We may revoke a certificate obtained dishonestly.",
        ],
      },
      {
        heading: '5. Suspension',
        body: [
          'We may suspend or close an account that breaks these terms, for example by sharing the account, copying content or attempting unauthorised access.',
        ],
      },
      {
        heading: '6. Liability',
        body: [
          'We work to keep the service available and the content accurate but cannot promise it will be free of interruptions. Our liability is limited to what you paid in the last twelve months, except where the law provides otherwise.',
        ],
      },
      {
        heading: '7. Governing law',
        body: ['These terms are governed by Thai law; Thai courts decide disputes.'],
      },
      {
        heading: '8. Changes and contact',
        body: [
          'We may update these terms and will tell you by e-mail or on the website before changes take effect. Questions: use the chat on the website.',
        ],
      },
    ],
  },
};

export const privacy: Record<'th' | 'en', LegalText> = {
  th: {
    title: 'ประกาศความเป็นส่วนตัว',
    updated: 'ปรับปรุงล่าสุด 24 พฤศจิกายน 2569',
    intro:
      'Rianroo (เรียนรู้) ในฐานะผู้ควบคุมข้อมูลส่วนบุคคล เคารพความเป็นส่วนตัวของคุณ และเก็บ ใช้ และเปิดเผยข้อมูลส่วนบุคคลตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 (PDPA)',
    sections: [
      {
        heading: '1. ข้อมูลที่เราเก็บ',
        body: [
          'ข้อมูลบัญชี: ชื่อ อีเมล เบอร์โทรศัพท์ (ถ้าให้) รูปโปรไฟล์ และรหัสผ่านที่เข้ารหัสแบบทางเดียว',
          'ข้อมูลการเรียน: คอร์สและตอนที่ดู ตำแหน่งที่ดูค้างไว้ คะแนนแบบทดสอบ แบบประเมิน และใบประกาศนียบัตร',
          'ข้อมูลการซื้อ: แพ็กเกจ คำสั่งซื้อ และใบเสร็จ ข้อมูลบัตรชำระเงินอยู่กับผู้ให้บริการชำระเงินเท่านั้น เราไม่เก็บเลขบัตร',
          'ข้อมูลติดต่อที่องค์กรของคุณขอ (เบอร์โทร หน่วยงาน ตำแหน่ง จังหวัด) เมื่อคุณให้ความยินยอม',
          'ข้อมูลอุปกรณ์: รหัสอุปกรณ์ที่เบราว์เซอร์สร้าง ชื่อเบราว์เซอร์ และที่อยู่ IP เพื่อความปลอดภัยของบัญชี',
        ],
      },
      {
        heading: '2. วัตถุประสงค์และฐานทางกฎหมาย',
        body: [
          'ให้บริการตามสัญญา: เปิดบัญชี ให้เรียน บันทึกความคืบหน้า ออกใบประกาศ และรับชำระเงิน',
          'ประโยชน์โดยชอบด้วยกฎหมาย: ป้องกันการใช้บัญชีร่วมกันและการโจมตีระบบ และปรับปรุงบริการ',
          'ความยินยอม: ส่งข่าวสารและโปรโมชัน ใช้สคริปต์วิเคราะห์การใช้งาน และส่งข้อมูลติดต่อให้องค์กรของคุณ คุณถอนความยินยอมได้ทุกเมื่อ',
          'หน้าที่ตามกฎหมาย: เก็บหลักฐานการชำระเงินและใบกำกับภาษี',
        ],
      },
      {
        heading: '3. การเปิดเผยข้อมูล',
        body: [
          'เราเปิดเผยข้อมูลเท่าที่จำเป็นให้ผู้ให้บริการชำระเงิน ผู้ให้บริการส่งอีเมล และผู้ให้บริการโครงสร้างระบบ ซึ่งผูกพันตามสัญญาให้คุ้มครองข้อมูล',
          'หากคุณเป็นสมาชิกขององค์กร องค์กรจะเห็นข้อมูลติดต่อที่คุณให้และความคืบหน้าในคอร์สที่องค์กรมอบให้',
          'เราไม่ขายข้อมูลส่วนบุคคลของคุณ',
        ],
      },
      {
        heading: '4. ระยะเวลาการเก็บ',
        body: [
          'เราเก็บข้อมูลบัญชีและการเรียนตลอดที่บัญชียังเปิดอยู่ เมื่อคุณขอปิดบัญชีผ่านแชตบนเว็บไซต์ เราจะลบหรือทำให้ข้อมูลไม่ระบุตัวตน เว้นแต่ข้อมูลที่กฎหมายกำหนดให้เก็บ เช่น ใบกำกับภาษี เก็บ 5 ปี',
        ],
      },
      {
        heading: '5. สิทธิของคุณ',
        body: [
          'คุณมีสิทธิขอเข้าถึง ขอสำเนา ขอแก้ไข ขอลบ ขอระงับการใช้ คัดค้าน ขอโอนย้ายข้อมูล และถอนความยินยอม รวมถึงร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล',
          'แก้ไขข้อมูลส่วนตัว การรับอีเมล และความยินยอมคุกกี้ได้เองที่หน้าบัญชีของฉัน หรือติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลผ่านแชตบนเว็บไซต์',
        ],
      },
      {
        heading: '6. คุกกี้และสคริปต์วิเคราะห์',
        body: [
          'เราใช้พื้นที่จัดเก็บในเบราว์เซอร์เพื่อให้คุณอยู่ในระบบและจดจำภาษา สคริปต์วิเคราะห์การใช้งานจะทำงานเฉพาะเมื่อคุณยินยอมเท่านั้น',
        ],
      },
      {
        heading: '7. ความปลอดภัย',
        body: ['เราเข้ารหัสการเชื่อมต่อ เก็บรหัสผ่านแบบ Argon2id จำกัดการเข้าสู่ระบบที่ผิดพลาด และเข้าถึงข้อมูลเท่าที่จำเป็นต่อหน้าที่'],
      },
    ],
  },
  en: {
    title: 'Privacy notice',
    updated: 'Last updated 24 November 2026',
    intro:
      "Rianroo, as data controller, respects your privacy and collects, uses and discloses personal data under Thailand's Personal Data Protection Act B.E. 2562 (PDPA).",
    sections: [
      {
        heading: '1. What we collect',
        body: [
          'Account data: name, e-mail, phone (if given), profile photo and a one-way hash of your password.',
          'Learning data: courses and episodes watched, where you stopped, test scores, evaluations and certificates.',
          'Purchases: plan, orders and receipts. Card details stay with the payment provider; we never store card numbers.',
          'Contact details your organisation asks for (phone, organisation, position, province), with your consent.',
          "Device data: the device id your browser makes, the browser's name and your IP address, to keep your account safe.",
        ],
      },
      {
        heading: '2. Purposes and lawful bases',
        body: [
          'Contract: opening your account, letting you learn, saving progress, issuing certificates and taking payment.',
          'Legitimate interests: preventing account sharing and attacks, and improving the service.',
          'Consent: news and promotions by e-mail, analytics scripts, and sharing contact details with your organisation. You may withdraw consent at any time.',
          'Legal duty: keeping payment records and tax invoices.',
        ],
      },
      {
        heading: '3. Who we share with',
        body: [
          'Only what is needed, with our payment provider, e-mail provider and hosting providers, who are bound by contract to protect it.',
          'If you are a member of an organisation, it sees the contact details you gave and your progress in the courses it gives you.',
          'We do not sell your personal data.',
        ],
      },
      {
        heading: '4. How long we keep it',
        body: [
          'Account and learning data while your account is open. When you ask us to close your account (through the chat on the website) we delete or anonymise it, except what the law requires us to keep, such as tax invoices (5 years).',
        ],
      },
      {
        heading: '5. Your rights',
        body: [
          'You may ask to access, copy, correct, delete, restrict, object to the use of and move your data, withdraw consent, and complain to the Personal Data Protection Committee.',
          'You can change your details, e-mail choices and cookie consent yourself on the account page, or reach our data protection officer through the chat on the website.',
        ],
      },
      {
        heading: '6. Cookies and analytics',
        body: [
          'We use browser storage to keep you signed in and remember your language. Analytics scripts run only if you consent.',
        ],
      },
      {
        heading: '7. Security',
        body: [
          'Connections are encrypted, passwords are stored with Argon2id, failed sign-ins are limited, and staff access only what their work needs.',
        ],
      },
    ],
  },
};
