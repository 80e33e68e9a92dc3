import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseDetailsParser, courseDetailsPath } from './course-details';

const source = { contentUrl: '/cms', contentToken: 't' };
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('courses by slug', () => {
  it("asks with Strapi's slug filter", () => {
    expect(courseDetailsPath('stock-investing-basics')).toBe(
      'courses?filters[slug][$eq]=stock-investing-basics',
    );
    expect(courseDetailsPath('a b&c')).toBe('courses?filters[slug][$eq]=a%20b%26c');
  });

  it('reads the first entry with its details', () => {
    const parse = courseDetailsParser('stocks');
    const details = parse(
      {
        data: [
          {
            id: 9,
            documentId: 'c1',
            slug: 'stocks',
            tagline: 'เริ่มลงทุนอย่างมั่นใจ',
            longDescription: 'ย่อหน้าแรก\n\nย่อหน้าที่สอง',
            highlights: ['สอนโดยนักวิเคราะห์', '', 3, 'มีแบบฝึกหัด'],
            whatYouWillLearn: 'อ่านงบการเงิน\nประเมินมูลค่าหุ้น\n',
            instructorBio: 'ผู้สอนมีประสบการณ์ 15 ปี',
            faq: [{ question: 'ต้องมีพื้นฐานไหม', answer: 'ไม่ต้อง' }, { question: 'ไม่มีคำตอบ' }, null],
            cover: { url: '/uploads/cover.jpg', alternativeText: 'กราฟหุ้น', width: 1280, height: 720 },
            seoTitle: 'คอร์สหุ้นสำหรับมือใหม่',
            seoDescription: 'เรียนลงทุนหุ้นไทย',
          },
        ],
        meta: {},
      },
      source,
    );
    expect(details).toEqual({
      slug: 'stocks',
      tagline: 'เริ่มลงทุนอย่างมั่นใจ',
      longDescription: 'ย่อหน้าแรก\n\nย่อหน้าที่สอง',
      highlights: ['สอนโดยนักวิเคราะห์', 'มีแบบฝึกหัด'],
      whatYouWillLearn: ['อ่านงบการเงิน', 'ประเมินมูลค่าหุ้น'],
      instructorBio: 'ผู้สอนมีประสบการณ์ 15 ปี',
      faq: [{ question: 'ต้องมีพื้นฐานไหม', answer: 'ไม่ต้อง' }],
      cover: { src: '/cms/uploads/cover.jpg', srcSet: undefined, alt: 'กราฟหุ้น', width: 1280, height: 720 },
      seoTitle: 'คอร์สหุ้นสำหรับมือใหม่',
      seoDescription: 'เรียนลงทุนหุ้นไทย',
    });
  });

  it('an entry with every field missing is empty, not an error', () => {
    expect(courseDetailsParser('x')({ data: [{ slug: 'x' }] }, source)).toMatchObject({
      tagline: null,
      highlights: [],
      whatYouWillLearn: [],
      faq: [],
      cover: null,
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('no entry, another slug, or a wrong shape: none', () => {
    const parse = courseDetailsParser('stocks');
    expect(parse({ data: [] }, source)).toBeNull();
    expect(parse({ data: [{ slug: 'other' }] }, source)).toBeNull();
    expect(parse({ data: { slug: 'stocks' } }, source)).toBeNull();
    expect(errors).toHaveBeenCalledOnce();
  });
});
