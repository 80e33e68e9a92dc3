'use strict';

// Marketing pages of the API's demo courses (apps/api/src/startup/seed-catalogue.ts), keyed by the same slugs.

const faqTh = (extra) => [
  { question: 'ต้องมีพื้นฐานมาก่อนไหม', answer: 'ไม่จำเป็น คอร์สนี้เริ่มจากพื้นฐานทีละขั้น' },
  { question: 'เรียนจบแล้วได้ใบประกาศนียบัตรไหม', answer: 'ได้ เมื่อเรียนครบทุกตอนและผ่านแบบทดสอบ' },
  ...extra,
];
const faqEn = (extra) => [
  {
    question: 'Do I need any background?',
    answer: 'No. The course starts from the basics, one step at a time.',
  },
  { question: 'Do I get a certificate?', answer: 'Yes, once you finish every episode and pass the test.' },
  ...extra,
];

const course = (slug, th, en) => ({ slug, image: `course-${slug}.png`, th, en });

const courses = [
  course(
    'personal-finance-101',
    {
      tagline: 'เริ่มวางแผนการเงินได้ตั้งแต่เงินเดือนแรก',
      longDescription: 'คอร์สนี้พาคุณทำงบประมาณส่วนตัว สร้างเงินสำรองฉุกเฉิน และตั้งเป้าหมายการออมที่ทำได้จริง',
      highlights: ['เรียนฟรีทุกตอน', 'แบบฝึกหัดทำงบประมาณ', 'เหมาะกับคนเริ่มทำงาน'],
      whatYouWillLearn: ['ทำงบประมาณแบบ 50/30/20', 'สร้างเงินสำรองฉุกเฉิน', 'ตั้งเป้าหมายการออม'],
      instructorBio: 'พิมพ์ชนก ส. นักวางแผนการเงินที่ได้รับอนุญาต ประสบการณ์กว่า 10 ปี',
      faq: faqTh([{ question: 'คอร์สนี้ฟรีจริงไหม', answer: 'ฟรีทุกตอน เพียงสมัครสมาชิก' }]),
      seoTitle: 'วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น | เรียนรู้',
      seoDescription: 'เรียนวางแผนการเงิน ทำงบประมาณ และออมเงินอย่างมีวินัย ฟรี',
    },
    {
      tagline: 'Plan your money from your very first salary',
      longDescription: 'Build a personal budget, an emergency fund and saving goals you can actually reach.',
      highlights: ['Every episode free', 'Budgeting exercises', 'Made for new earners'],
      whatYouWillLearn: ['The 50/30/20 budget', 'Building an emergency fund', 'Setting saving goals'],
      instructorBio: 'Pimchanok S. is a licensed financial planner with more than 10 years of practice.',
      faq: faqEn([
        { question: 'Is it really free?', answer: 'Every episode is free; you only need an account.' },
      ]),
      seoTitle: 'Personal finance for beginners | Rianroo',
      seoDescription: 'Learn budgeting and saving with discipline, free.',
    },
  ),
  course(
    'stock-investing-basics',
    {
      tagline: 'ลงทุนหุ้นอย่างเข้าใจ ไม่ใช่เดา',
      longDescription: 'ปูพื้นฐานตลาดหุ้นไทย อ่านงบการเงิน เลือกหุ้นปันผล และบริหารความเสี่ยงของพอร์ต',
      highlights: ['ตัวอย่างจากบริษัทจริง', 'อ่านงบการเงินเป็น', 'ดูตัวอย่างตอนแรกได้ฟรี'],
      whatYouWillLearn: ['ตลาดหุ้นทำงานอย่างไร', 'อ่านงบกำไรขาดทุนและงบดุล', 'กระจายความเสี่ยง'],
      instructorBio: 'ธนวัฒน์ ก. นักวิเคราะห์การลงทุน ร่วมสอนกับพิมพ์ชนก ส.',
      faq: faqTh([]),
      seoTitle: 'ลงทุนหุ้นไทยสำหรับมือใหม่ | เรียนรู้',
      seoDescription: 'อ่านงบการเงิน เลือกหุ้นปันผล และบริหารความเสี่ยง',
    },
    {
      tagline: 'Invest in stocks with understanding, not guesswork',
      longDescription: 'The Thai stock market, financial statements, dividend stocks and portfolio risk.',
      highlights: ['Real company examples', 'Read financial statements', 'Free preview episode'],
      whatYouWillLearn: [
        'How the stock market works',
        'Income statements and balance sheets',
        'Spreading risk',
      ],
      instructorBio: 'Thanawat K. is an investment analyst; he teaches with Pimchanok S.',
      faq: faqEn([]),
      seoTitle: 'Thai stock investing for beginners | Rianroo',
      seoDescription: 'Read financial statements, pick dividend stocks and manage risk.',
    },
  ),
  course(
    'python-for-everyone',
    {
      tagline: 'เขียนโปรแกรมแรกของคุณได้ในสัปดาห์เดียว',
      longDescription: 'เริ่มจากศูนย์ ตัวแปร เงื่อนไข ลูป ฟังก์ชัน และโปรเจกต์เครื่องคิดเลขที่ใช้ได้จริง',
      highlights: ['ไม่ต้องมีพื้นฐาน', 'โปรเจกต์จริง', 'ดูตัวอย่างตอนแรกได้ฟรี'],
      whatYouWillLearn: ['ตัวแปรและชนิดข้อมูล', 'เงื่อนไขและลูป', 'เขียนฟังก์ชันของตัวเอง'],
      instructorBio: 'ณภัทร ว. วิศวกรซอฟต์แวร์และผู้สอนเขียนโปรแกรมสำหรับผู้เริ่มต้น',
      faq: faqTh([{ question: 'ต้องติดตั้งอะไรบ้าง', answer: 'แค่ Python 3 ซึ่งตอนแรกจะพาติดตั้ง' }]),
      seoTitle: 'Python สำหรับทุกคน | เรียนรู้',
      seoDescription: 'เรียนเขียนโปรแกรม Python ตั้งแต่ศูนย์',
    },
    {
      tagline: 'Write your first program within a week',
      longDescription: 'From zero: variables, conditions, loops, functions and a working calculator project.',
      highlights: ['No background needed', 'A real project', 'Free preview episode'],
      whatYouWillLearn: ['Variables and data types', 'Conditions and loops', 'Writing your own functions'],
      instructorBio: 'Napat W. is a software engineer who teaches programming to beginners.',
      faq: faqEn([{ question: 'What do I install?', answer: 'Only Python 3; the first episode shows how.' }]),
      seoTitle: 'Python for everyone | Rianroo',
      seoDescription: 'Learn to program in Python from scratch.',
    },
  ),
  course(
    'data-analysis-excel',
    {
      tagline: 'เปลี่ยนตารางข้อมูลให้เป็นการตัดสินใจ',
      longDescription: 'ทำความสะอาดข้อมูล สรุปผลด้วย PivotTable และสร้างแดชบอร์ดสำหรับงานจริง',
      highlights: ['ไฟล์ตัวอย่างให้ฝึก', 'PivotTable ตั้งแต่ต้น', 'แดชบอร์ดพร้อมใช้'],
      whatYouWillLearn: ['ทำความสะอาดข้อมูล', 'สรุปผลด้วย PivotTable', 'สร้างแดชบอร์ด'],
      instructorBio: 'กนกวรรณ ป. นักวิเคราะห์ข้อมูลในองค์กรขนาดใหญ่',
      faq: faqTh([]),
      seoTitle: 'วิเคราะห์ข้อมูลด้วย Excel | เรียนรู้',
      seoDescription: 'PivotTable กราฟ และแดชบอร์ดสำหรับงานจริง',
    },
    {
      tagline: 'Turn tables of data into decisions',
      longDescription: 'Clean data, summarise it with PivotTables and build a dashboard for real work.',
      highlights: ['Practice files', 'PivotTables from the start', 'A ready-to-use dashboard'],
      whatYouWillLearn: ['Cleaning data', 'Summaries with PivotTables', 'Building a dashboard'],
      instructorBio: 'Kanokwan P. is a data analyst at a large company.',
      faq: faqEn([]),
      seoTitle: 'Data analysis with Excel | Rianroo',
      seoDescription: 'PivotTables, charts and dashboards for real work.',
    },
  ),
  course(
    'mindful-living',
    {
      tagline: 'ฝึกสติวันละนิด ชีวิตเบาขึ้น',
      longDescription: 'เทคนิคฝึกสติแบบง่าย การหายใจ การจัดการอารมณ์ และการพักผ่อนอย่างมีคุณภาพ',
      highlights: ['ฝึกได้วันละ 10 นาที', 'เสียงนำฝึก', 'ดูตัวอย่างตอนแรกได้ฟรี'],
      whatYouWillLearn: ['หายใจอย่างมีสติ', 'จัดการความเครียด', 'นอนหลับให้มีคุณภาพ'],
      instructorBio: 'ดร.สุดา ม. นักจิตวิทยาคลินิก',
      faq: faqTh([]),
      seoTitle: 'ฝึกสติในชีวิตประจำวัน | เรียนรู้',
      seoDescription: 'ลดความเครียดและเพิ่มสมาธิในการทำงาน',
    },
    {
      tagline: 'A little mindfulness each day, a lighter life',
      longDescription: 'Simple mindfulness, breathing, handling emotions and resting well.',
      highlights: ['10 minutes a day', 'Guided audio', 'Free preview episode'],
      whatYouWillLearn: ['Mindful breathing', 'Handling stress', 'Sleeping well'],
      instructorBio: 'Dr Suda M. is a clinical psychologist.',
      faq: faqEn([]),
      seoTitle: 'Mindfulness in everyday life | Rianroo',
      seoDescription: 'Less stress and better focus at work.',
    },
  ),
  course(
    'healthy-eating',
    {
      tagline: 'กินให้ดี เริ่มจากจานถัดไป',
      longDescription: 'หลักโภชนาการพื้นฐาน การอ่านฉลากอาหาร และการวางแผนมื้ออาหารสำหรับคนทำงาน',
      highlights: ['เมนูตัวอย่างทั้งสัปดาห์', 'อ่านฉลากเป็น', 'ดูตัวอย่างตอนแรกได้ฟรี'],
      whatYouWillLearn: ['สารอาหารหลัก', 'อ่านฉลากโภชนาการ', 'วางแผนมื้ออาหาร'],
      instructorBio: 'ดร.สุดา ม. สอนร่วมกับนักโภชนาการ',
      faq: faqTh([]),
      seoTitle: 'กินดีอยู่ดี โภชนาการเพื่อสุขภาพ | เรียนรู้',
      seoDescription: 'เลือกอาหารให้เหมาะกับร่างกายและไลฟ์สไตล์',
    },
    {
      tagline: 'Eating well starts with your next plate',
      longDescription: 'Basic nutrition, reading food labels and planning meals for busy people.',
      highlights: ['A week of sample menus', 'Read labels with confidence', 'Free preview episode'],
      whatYouWillLearn: ['The main nutrients', 'Reading nutrition labels', 'Planning meals'],
      instructorBio: 'Dr Suda M. teaches with a nutritionist.',
      faq: faqEn([]),
      seoTitle: 'Healthy eating | Rianroo',
      seoDescription: 'Choose food that suits your body and your life.',
    },
  ),
];

/** Never published: the draft guard's tests look for it and must not find it. */
const draftCourse = {
  slug: 'upcoming-course-draft',
  image: 'course-personal-finance-101.png',
  th: { tagline: 'ฉบับร่าง: คอร์สที่ยังไม่เปิด', highlights: [], whatYouWillLearn: [], faq: [] },
  en: { tagline: 'DRAFT: a course not open yet', highlights: [], whatYouWillLearn: [], faq: [] },
};

module.exports = { courses, draftCourse };
