import { sql } from 'drizzle-orm';
import { categories, courseInstructors, courses, courseTags, episodes, instructors } from '../db/schema.js';
import { uuidv7 } from '../lib/ids.js';
import type { Db } from '../db/client.js';

interface DemoCourse {
  slug: string;
  category: string;
  title: string;
  subtitle: string;
  description: string;
  level: 'beginner' | 'intermediate' | 'advanced';
  free?: boolean;
  tags: string[];
  /** Slugs of INSTRUCTORS, in the order shown. */
  instructors: string[];
  episodes: [title: string, seconds: number][];
}

const INSTRUCTORS = [
  {
    slug: 'pimchanok-s',
    name: 'พิมพ์ชนก ศรีสวัสดิ์',
    headline: 'นักวางแผนการเงิน CFP®',
    bio: 'ให้คำปรึกษาด้านการเงินส่วนบุคคลมากว่า 12 ปี เชื่อว่าทุกคนเริ่มออมได้จากเงินก้อนเล็ก ๆ',
  },
  {
    slug: 'thanawat-k',
    name: 'ธนวัฒน์ กิตติพงศ์',
    headline: 'นักวิเคราะห์หลักทรัพย์',
    bio: 'อดีตนักวิเคราะห์ของบริษัทหลักทรัพย์ชั้นนำ ถนัดการอ่านงบการเงินและหุ้นปันผล',
  },
  {
    slug: 'napat-w',
    name: 'ณภัทร วงศ์ไทย',
    headline: 'วิศวกรซอฟต์แวร์และผู้สอนเขียนโปรแกรม',
    bio: 'สอนเขียนโปรแกรมให้ผู้เริ่มต้นกว่า 5,000 คน เน้นลงมือทำจริงตั้งแต่วันแรก',
  },
  {
    slug: 'kanokwan-p',
    name: 'กนกวรรณ พรหมมา',
    headline: 'นักวิเคราะห์ข้อมูลอาวุโส',
    bio: 'ใช้ Excel และเครื่องมือวิเคราะห์ข้อมูลช่วยธุรกิจตัดสินใจมากว่า 10 ปี',
  },
  {
    slug: 'dr-suda-m',
    name: 'พญ. สุดา มั่นคง',
    headline: 'แพทย์เวชศาสตร์ครอบครัว',
    bio: 'ดูแลสุขภาพกายและใจของคนทำงาน สนใจการฝึกสติและโภชนาการเพื่อป้องกันโรค',
  },
];

const CATEGORIES = [
  { slug: 'finance', nameTh: 'การเงินและการลงทุน', nameEn: 'Money and investing', sort: 1 },
  { slug: 'technology', nameTh: 'เทคโนโลยี', nameEn: 'Technology', sort: 2 },
  { slug: 'wellbeing', nameTh: 'สุขภาพและชีวิต', nameEn: 'Health and life', sort: 3 },
];

/** The demo catalogue (videos are attached by the video pipeline; until then episodes have durations only). */
/** The demo course's cover, served with the web app. */
const coverOf = (slug: string) => `/covers/${slug}.svg`;

const COURSES: DemoCourse[] = [
  {
    slug: 'personal-finance-101',
    instructors: ['pimchanok-s'],
    category: 'finance',
    title: 'วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น',
    subtitle: 'จัดการรายรับรายจ่าย ออมเงิน และตั้งเป้าหมายทางการเงิน',
    description: 'เรียนรู้การทำงบประมาณส่วนตัว การสร้างเงินสำรองฉุกเฉิน และการออมอย่างมีวินัย เหมาะสำหรับผู้เริ่มต้นทำงาน',
    level: 'beginner',
    free: true,
    tags: ['การออม', 'วางแผนการเงิน'],
    episodes: [
      ['ทำไมต้องวางแผนการเงิน', 42],
      ['งบประมาณ 50/30/20', 48],
      ['เงินสำรองฉุกเฉิน', 36],
      ['ตั้งเป้าหมายการออม', 40],
    ],
  },
  {
    slug: 'stock-investing-basics',
    instructors: ['thanawat-k', 'pimchanok-s'],
    category: 'finance',
    title: 'ลงทุนหุ้นไทยสำหรับมือใหม่',
    subtitle: 'อ่านงบการเงิน เลือกหุ้นปันผล และบริหารความเสี่ยง',
    description: 'ปูพื้นฐานตลาดหลักทรัพย์ การอ่านงบการเงินเบื้องต้น การประเมินมูลค่า และการกระจายความเสี่ยงในพอร์ตลงทุน',
    level: 'intermediate',
    tags: ['หุ้น', 'ลงทุน'],
    episodes: [
      ['ตัวอย่างคอร์ส: ตลาดหุ้นทำงานอย่างไร', 30],
      ['อ่านงบกำไรขาดทุน', 55],
      ['อ่านงบดุล', 50],
      ['หุ้นปันผล', 45],
      ['บริหารความเสี่ยง', 52],
    ],
  },
  {
    slug: 'python-for-everyone',
    instructors: ['napat-w'],
    category: 'technology',
    title: 'Python สำหรับทุกคน',
    subtitle: 'เขียนโปรแกรมแรกของคุณตั้งแต่ศูนย์',
    description: 'เริ่มต้นเขียนโปรแกรมภาษา Python ตัวแปร เงื่อนไข ลูป ฟังก์ชัน และโปรเจกต์เล็ก ๆ ที่ใช้ได้จริง',
    level: 'beginner',
    tags: ['เขียนโปรแกรม', 'python'],
    episodes: [
      ['ตัวอย่างคอร์ส: ทำไมต้อง Python', 28],
      ['ตัวแปรและชนิดข้อมูล', 50],
      ['เงื่อนไขและลูป', 58],
      ['ฟังก์ชัน', 47],
      ['โปรเจกต์: เครื่องคิดเลข', 60],
    ],
  },
  {
    slug: 'data-analysis-excel',
    instructors: ['kanokwan-p'],
    category: 'technology',
    title: 'วิเคราะห์ข้อมูลด้วย Excel',
    subtitle: 'PivotTable กราฟ และแดชบอร์ดสำหรับงานจริง',
    description: 'จัดการข้อมูล ทำความสะอาดข้อมูล สรุปผลด้วย PivotTable และสร้างแดชบอร์ดเพื่อการตัดสินใจ',
    level: 'intermediate',
    tags: ['ข้อมูล', 'excel'],
    episodes: [
      ['ตัวอย่างคอร์ส: ข้อมูลเล่าเรื่องได้', 25],
      ['ทำความสะอาดข้อมูล', 45],
      ['PivotTable', 52],
      ['สร้างแดชบอร์ด', 57],
    ],
  },
  {
    slug: 'mindful-living',
    instructors: ['dr-suda-m'],
    category: 'wellbeing',
    title: 'ฝึกสติในชีวิตประจำวัน',
    subtitle: 'ลดความเครียดและเพิ่มสมาธิในการทำงาน',
    description: 'เทคนิคการฝึกสติแบบง่าย การหายใจ การจัดการอารมณ์ และการพักผ่อนอย่างมีคุณภาพ',
    level: 'beginner',
    tags: ['สุขภาพจิต', 'สมาธิ'],
    episodes: [
      ['ตัวอย่างคอร์ส: สติคืออะไร', 26],
      ['การหายใจอย่างมีสติ', 38],
      ['จัดการความเครียด', 44],
      ['นอนหลับให้มีคุณภาพ', 41],
    ],
  },
  {
    slug: 'healthy-eating',
    instructors: ['dr-suda-m'],
    category: 'wellbeing',
    title: 'กินดีอยู่ดี โภชนาการเพื่อสุขภาพ',
    subtitle: 'เลือกอาหารให้เหมาะกับร่างกายและไลฟ์สไตล์',
    description: 'หลักโภชนาการพื้นฐาน การอ่านฉลากอาหาร และการวางแผนมื้ออาหารสำหรับคนทำงาน',
    level: 'beginner',
    tags: ['อาหาร', 'สุขภาพ'],
    episodes: [
      ['ตัวอย่างคอร์ส: จานสุขภาพ', 24],
      ['สารอาหารหลัก', 46],
      ['อ่านฉลากโภชนาการ', 39],
      ['วางแผนมื้ออาหาร', 50],
    ],
  },
];

/** Idempotent: categories and courses are keyed by slug; a course's episodes are added with the course. */
export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ id: uuidv7(), ...c })))
    .onConflictDoNothing();
  const cats = new Map((await db.select().from(categories)).map((c) => [c.slug, c.id]));
  for (const [index, c] of COURSES.entries()) {
    const id = uuidv7();
    const inserted = await db
      .insert(courses)
      .values({
        id,
        slug: c.slug,
        title: c.title,
        subtitle: c.subtitle,
        description: c.description,
        categoryId: cats.get(c.category),
        level: c.level,
        free: c.free ?? false,
        coverImage: coverOf(c.slug),
        status: 'published',
        publishedAt: new Date(Date.now() - index * 86_400_000),
      })
      .onConflictDoNothing()
      .returning({ id: courses.id });
    if (!inserted.length) continue;
    await db.insert(episodes).values(
      c.episodes.map(([title, seconds], i) => ({
        id: uuidv7(),
        courseId: id,
        sort: i + 1,
        title,
        durationSeconds: seconds,
        // The first episode of a paid course is its free preview.
        isTeaser: !c.free && i === 0,
      })),
    );
    await db.insert(courseTags).values(c.tags.map((tag) => ({ courseId: id, tag })));
  }
  // A cover that shows each course's subject (apps/web/public/covers), also for a catalogue seeded before covers.
  for (const c of COURSES) {
    await db.execute(
      sql`update ${courses} set cover_image = ${coverOf(c.slug)} where slug = ${c.slug} and cover_image is null`,
    );
  }
  // Instructors, and their courses (by slug, so a catalogue seeded before instructors existed gets them too).
  await db
    .insert(instructors)
    .values(INSTRUCTORS.map((i) => ({ id: uuidv7(), ...i })))
    .onConflictDoNothing();
  for (const c of COURSES) {
    for (const [sort, slug] of c.instructors.entries()) {
      await db.execute(sql`
        insert into ${courseInstructors} (course_id, instructor_id, sort)
        select c.id, i.id, ${sort} from courses c, instructors i where c.slug = ${c.slug} and i.slug = ${slug}
        on conflict do nothing`);
    }
  }
}
