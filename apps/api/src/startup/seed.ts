import { and, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.js';
import { uuidv7 } from '../lib/ids.js';
import { acceptCurrentDocuments } from '../modules/privacy/index.js';
import type { Db } from '../db/client.js';
import {
  coupons,
  courses,
  legalAcceptances,
  organizationCourses,
  organizations,
  subscriptions,
  users,
} from '../db/schema.js';
import { GRADUATE_DEMO, seedAssessments } from './seed-assessments.js';
import { seedCatalogue } from './seed-catalogue.js';

/** Demo accounts printed by npm start and listed in the README. */
export const DEMO_PASSWORD = 'Rianroo-demo-2026';
export const DEMO_ACCOUNTS = [
  { email: 'learner@rianroo.dev', firstName: 'สมชาย', lastName: 'ใจดี', role: 'learner' as const },
  { email: 'annual@rianroo.dev', firstName: 'มาลี', lastName: 'รักเรียน', role: 'learner' as const },
  { email: 'admin@rianroo.dev', firstName: 'ผู้ดูแล', lastName: 'ระบบ', role: 'admin' as const },
  {
    email: GRADUATE_DEMO.email,
    firstName: GRADUATE_DEMO.firstName,
    lastName: GRADUATE_DEMO.lastName,
    role: 'learner' as const,
  },
];
export const LEGACY_DEMO_EMAIL = 'legacy@rianroo.dev';
export const DEMO_ORGANIZATION_CODE = 'RIANROO-HOSPITAL';

/** Idempotent: every row is keyed by a unique e-mail or code, so later starts change nothing. */
export async function seed(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const a of DEMO_ACCOUNTS) {
    await db
      .insert(users)
      .values({ id: uuidv7(), ...a, passwordHash, emailVerifiedAt: new Date() })
      .onConflictDoNothing();
  }
  await db
    .insert(users)
    .values({ id: uuidv7(), email: LEGACY_DEMO_EMAIL, firstName: 'วิชัย', lastName: 'ผู้เรียนเดิม', legacy: true })
    .onConflictDoNothing();
  // The demo accounts start having accepted the terms and the privacy notice in effect, as a sign-up does (once:
  // a later version asks them again, as it asks everyone).
  const demo = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.email, [...DEMO_ACCOUNTS.map((a) => a.email), LEGACY_DEMO_EMAIL]),
        sql`not exists (select 1 from ${legalAcceptances} a where a.user_id = ${users.id})`,
      ),
    );
  for (const { id } of demo) await acceptCurrentDocuments(db, id, { ip: null, userAgent: null });
  // The annual demo learner holds an active annual plan, so bought_annual is true for them.
  await db.execute(sql`
    insert into ${subscriptions} (id, user_id, plan_id, status, current_period_start, current_period_end, provider)
    select ${uuidv7()}, u.id, p.id, 'active', now(), now() + interval '365 days', 'seed'
    from users u, plans p
    where u.email = 'annual@rianroo.dev' and p.code = 'annual'
      and not exists (select 1 from subscriptions s where s.user_id = u.id)`);
  // Demo promo codes (README): 20% off a renewal, once per learner; 500 baht off the annual plan, 100 in all.
  await db.execute(sql`
    insert into ${coupons} (id, code, percent_off, amount_off_satang, plan_codes, max_redemptions, once_per_learner)
    values (${uuidv7()}, 'RENEW20', 20, null, null, null, true),
           (${uuidv7()}, 'ANNUAL500', null, 50000, array['annual'], 100, true)
    on conflict do nothing`);
  await seedCatalogue(db);
  await seedAssessments(db);
  // A demo organisation (README): learners who enter its code watch its granted course and give contact details.
  await db.execute(sql`
    insert into ${organizations} (id, name, requires_contact, invite_code)
    values (${uuidv7()}, 'โรงพยาบาลตัวอย่าง', true, ${DEMO_ORGANIZATION_CODE})
    on conflict do nothing`);
  // Its staff also arrive by the partner's sign-in (when one is configured) and by their work address.
  await db.execute(sql`
    update ${organizations} set sso_provider = 'siriraj', email_domains = '{hospital.rianroo.dev}'
    where invite_code = ${DEMO_ORGANIZATION_CODE} and sso_provider is null
      and not exists (select 1 from ${organizations} where sso_provider = 'siriraj')`);
  await db.execute(sql`
    insert into ${organizationCourses} (organization_id, course_id, kind)
    select o.id, c.id, k.kind from ${organizations} o, ${courses} c, (values ('grant'), ('recommend')) as k(kind)
    where o.invite_code = ${DEMO_ORGANIZATION_CODE} and c.slug = 'healthy-eating'
    on conflict do nothing`);
}
