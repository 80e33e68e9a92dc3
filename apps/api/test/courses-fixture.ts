import { categories, courses, courseTags, episodes, plans, subscriptions } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import type { TestApp } from './helpers.js';

/** A small catalogue of its own per test file: a paid course (one teaser), a free course, a draft. */
export async function seedCatalogue(t: TestApp) {
  const categoryId = uuidv7();
  await t.db
    .insert(categories)
    .values({ id: categoryId, slug: `cat-${categoryId}`, nameTh: 'การเงิน', nameEn: 'Finance' });
  const paid = uuidv7();
  const free = uuidv7();
  const draft = uuidv7();
  const now = new Date();
  await t.db.insert(courses).values([
    {
      id: paid,
      slug: `invest-${paid}`,
      title: 'ลงทุนหุ้นเบื้องต้น',
      description: 'เรียนรู้การอ่านงบการเงินและการเลือกหุ้นปันผล',
      categoryId,
      status: 'published',
      publishedAt: new Date(now.getTime() - 1000),
    },
    {
      id: free,
      slug: `free-${free}`,
      title: 'ออมเงินฉบับเริ่มต้น',
      categoryId,
      status: 'published',
      publishedAt: now,
      free: true,
    },
    { id: draft, slug: `draft-${draft}`, title: 'ยังไม่เผยแพร่', categoryId, status: 'draft' },
  ]);
  const ep = (courseId: string, sort: number, durationSeconds: number, isTeaser = false) => ({
    id: uuidv7(),
    courseId,
    sort,
    title: `ตอนที่ ${sort}`,
    durationSeconds,
    isTeaser,
  });
  const paidEpisodes = [ep(paid, 1, 60, true), ep(paid, 2, 100), ep(paid, 3, 100), ep(paid, 4, 100)];
  const freeEpisodes = [ep(free, 1, 50), ep(free, 2, 50)];
  const draftEpisodes = [ep(draft, 1, 30)];
  await t.db.insert(episodes).values([...paidEpisodes, ...freeEpisodes, ...draftEpisodes]);
  await t.db.insert(courseTags).values([{ courseId: paid, tag: 'investing' }]);
  return { paid, free, draft, categoryId, paidEpisodes, freeEpisodes, draftEpisodes };
}

/** Gives the user an active subscription (or a trial) ending in 30 days. */
export async function subscribe(t: TestApp, userId: string, status: 'active' | 'trialing' = 'active') {
  const planId = uuidv7();
  await t.db.insert(plans).values({
    id: planId,
    code: `plan-${planId}`,
    name: 'รายเดือน',
    interval: 'month',
    lengthDays: 30,
    priceSatang: 29_900,
  });
  await t.db.insert(subscriptions).values({
    id: uuidv7(),
    userId,
    planId,
    status,
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
}
