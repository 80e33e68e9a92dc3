import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRoot } from '../src/config.js';
import * as shape from './content-shapes.js';
import { withDatabase } from './global-setup.js';
import { freePort } from '../src/lib/net.js';
import { createTestApp, type TestApp } from './helpers.js';

// Contract of the content service (the real Strapi 5 of apps/cms, on a database of its own) as the web app
// calls it: directly and through the API's origin (/cms).
const installed = existsSync(path.join(apiRoot(), '..', 'cms', 'node_modules', '@strapi', 'strapi'));
if (!installed) {
  const msg = 'apps/cms is not installed (npm test installs it): content-service contract tests SKIPPED';
  if (process.env.CI) throw new Error(msg);
  console.warn(`\n*** ${msg}\n`);
}

const TOKEN = `test-read-token-${randomBytes(8).toString('hex')}`;
const auth = { authorization: `Bearer ${TOKEN}` };
let t: TestApp;
let origin: string;
const cmsDb = `cms_test_${randomBytes(5).toString('hex')}`;

const direct = async (url: string, headers: Record<string, string> = auth) => {
  const res = await fetch(`${origin}${url}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe.skipIf(!installed)('content service contract (real Strapi)', () => {
  beforeAll(async () => {
    t = await createTestApp({
      CMS_ENABLED: 'true',
      CMS_PORT: String(await freePort()),
      CMS_DATABASE_URL: withDatabase(inject('pgAdminUrl'), cmsDb),
      CMS_READ_TOKEN: TOKEN,
      CMS_PROXY_TIMEOUT_MS: '3000',
    });
    origin = t.app.cms.origin!;
    expect(await t.app.cms.supervisor!.waitUntilUp(150_000)).toBe(true);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${cmsDb} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('is run by one API process: a second one on the same database leaves it to the first, and serves /cms through it', async () => {
    const second = await createTestApp(
      {
        CMS_ENABLED: 'true',
        CMS_PORT: String(new URL(origin).port),
        CMS_DATABASE_URL: withDatabase(inject('pgAdminUrl'), cmsDb),
        CMS_READ_TOKEN: TOKEN,
      },
      t,
    );
    try {
      expect(t.app.cms.supervisor!.started).toBe(true);
      expect(second.app.cms.supervisor!.started).toBe(false);
      const res = await second.app.inject({ method: 'GET', url: '/cms/api/announcement-bar', headers: auth });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
    // The first one's content service was left alone by the second one's stop.
    expect((await direct('/api/announcement-bar')).status).toBe(200);
  });

  it('answers every call of the web client in the shape it parses, media populated', async () => {
    const calls: [string, { parse: (v: unknown) => unknown }][] = [
      ['/api/header-script', shape.single(shape.headerScript)],
      ['/api/announcement-bar', shape.single(shape.announcementBar)],
      ['/api/annual-promotion', shape.single(shape.annualPromotion)],
      ['/api/library-banners', shape.collection(shape.libraryBanner)],
      ['/api/free-trial', shape.single(shape.offer)],
      ['/api/renewal', shape.single(shape.offer)],
      ['/api/courses?filters[slug][$eq]=python-for-everyone', shape.collection(shape.course)],
    ];
    for (const [url, schema] of calls) {
      const res = await direct(url);
      expect(res.status, url).toBe(200);
      expect(() => schema.parse(res.body), url).not.toThrow();
    }
    const head = (await direct('/api/header-script')).body as { data: { html: string } };
    expect(head.data.html).toContain('window.__rianrooHeadScript = true');
    expect(head.data.html).toContain('<meta name="rianroo-cms" content="ok">');
  });

  it('Thai by default, English with locale=en; banners by order; one course per demo slug', async () => {
    const th = (await direct('/api/announcement-bar')).body as { data: { locale: string; message: string } };
    expect(th.data.locale).toBe('th');
    expect(th.data.message).toMatch(/[\u0E00-\u0E7F]/);
    const en = (await direct('/api/announcement-bar?locale=en')).body as { data: { locale: string } };
    expect(en.data.locale).toBe('en');
    const banners = (await direct('/api/library-banners?locale=en')).body as { data: { order: number }[] };
    expect(banners.data.map((b) => b.order)).toEqual([1, 2]);
    // A banner carries its message in the words of its language: each language has its own picture.
    const pictures = async (locale: string) =>
      (
        (await direct(`/api/library-banners?locale=${locale}&populate=image&sort=order`)).body as {
          data: { image: { name: string } | null }[];
        }
      ).data.map((b) => b.image?.name);
    expect(await pictures('th')).toEqual(['library-banner-1-th.png', 'library-banner-2-th.png']);
    expect(await pictures('en')).toEqual(['library-banner-1-en.png', 'library-banner-2-en.png']);
    const seedCatalogue = await readFile(path.join(apiRoot(), 'src/startup/seed-catalogue.ts'), 'utf8');
    const courses = seedCatalogue.slice(seedCatalogue.indexOf('const COURSES'));
    const slugs = [...courses.matchAll(/^ {4}slug: '([a-z0-9-]+)',$/gm)].map((m) => m[1]!);
    expect(slugs.length).toBeGreaterThanOrEqual(6);
    for (const slug of slugs) {
      for (const locale of ['th', 'en']) {
        const res = await direct(`/api/courses?filters[slug][$eq]=${slug}&locale=${locale}`);
        expect(
          (res.body as { data: { slug: string }[] }).data.map((c) => c.slug),
          slug,
        ).toEqual([slug]);
      }
    }
  });

  it('never serves drafts: unpublished entries stay out and asking for drafts is a 400', async () => {
    const draftCourse = await direct('/api/courses?filters[slug][$eq]=upcoming-course-draft');
    expect(draftCourse.body).toMatchObject({ data: [] });
    const banners = (await direct('/api/library-banners')).body as { data: { alt: string }[] };
    expect(banners.data.some((b) => /ฉบับร่าง|DRAFT/.test(b.alt))).toBe(false);
    for (const query of ['status=draft', 'status=anything', 'publicationState=preview']) {
      for (const url of [
        `/api/library-banners?${query}`,
        `/api/courses?${query}&filters[slug][$eq]=upcoming-course-draft`,
      ]) {
        const res = await direct(url);
        expect(res.status, url).toBe(400);
        expect(() => shape.strapiError(400).parse(res.body)).not.toThrow();
      }
    }
    // Nor through the other language's version of a published entry (banner 2 has an unpublished change).
    for (const url of [
      '/api/library-banners?populate=localizations',
      '/api/library-banners?populate=*',
      '/api/courses?populate[localizations][populate]=*',
      '/api/courses?locale=en&populate=localizations',
    ]) {
      const res = await direct(url);
      expect(res.status, url).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, url).not.toMatch(/ฉบับร่าง|DRAFT|upcoming-course-draft|"publishedAt":null/);
    }
  });

  it('asking for drafts in any letter case of the path is refused as well', async () => {
    for (const url of ['/API/courses?status=draft', '/Api/library-banners?status=draft']) {
      const res = await direct(url);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body)).not.toMatch(/upcoming-course-draft|ฉบับร่าง|DRAFT/);
    }
  });

  it('first-admin registration is closed: the platform made the first editor', async () => {
    for (const url of ['/admin/register-admin', '/ADMIN/Register-Admin', '/admin/register-admin/']) {
      const res = await fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'attacker@example.com',
          password: 'Attacker-password-1',
          firstname: 'A',
          lastname: 'B',
        }),
      });
      expect(res.status, url).toBe(403);
    }
    const init = (await (await fetch(`${origin}/admin/init`)).json()) as { data: { hasAdmin: boolean } };
    expect(init.data.hasAdmin).toBe(true);
    const db = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), cmsDb) });
    await db.connect();
    try {
      const { rows } = await db.query(`select email from admin_users where email = 'attacker@example.com'`);
      expect(rows).toHaveLength(0);
    } finally {
      await db.end();
    }
  });

  it("answers cross-origin reads to the platform's origin only, and listens on loopback only", async () => {
    const from = async (o: string) =>
      (await fetch(`${origin}/api/announcement-bar`, { headers: { ...auth, origin: o } })).headers.get(
        'access-control-allow-origin',
      );
    expect(await from('http://rianroo.test')).toBe('http://rianroo.test');
    expect(await from('https://evil.example')).not.toBe('https://evil.example');
    expect(await from('https://evil.example')).not.toBe('*');
    const port = Number(new URL(origin).port);
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    for (const address of outside) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect(port, address);
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
      expect(reached, address).toBe(false);
    }
  });

  it('through the platform every /cms/api answer is JSON, and a query the service fails on is a 400', async () => {
    for (const url of ['/cms/api/', '/cms/api/?x=1', '/cms/api', '/cms', '/cms/nothing']) {
      const res = await t.app.inject({ url, headers: { ...auth, accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    for (const url of [
      '/cms/api/courses?filters[id][$eq]=abc',
      '/cms/api/courses?filters[createdAt][$gt]=not-a-date',
      '/cms/api/courses?sort=nope:sideways',
    ]) {
      const res = await t.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ statusCode: res.statusCode, code: expect.any(String) });
    }
  });

  it('the read key (sent to every browser) reads our content only: not the list of uploads or locales', async () => {
    expect((await direct('/api/courses?filters[slug][$eq]=python-for-everyone')).status).toBe(200);
    expect((await direct('/api/upload/files')).status).toBe(403);
    expect((await direct('/api/i18n/locales')).status).toBe(403);
    const writes = await fetch(`${origin}/api/announcement-bar`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { message: 'x' } }),
    });
    expect(writes.status).toBe(403);
  });

  it('lets only super admins edit the header script (HTML that runs on every page)', async () => {
    const db = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), cmsDb) });
    await db.connect();
    try {
      const { rows } = await db.query<{ code: string; n: number }>(
        `select r.code, count(*)::int as n from admin_permissions p
           join admin_permissions_role_lnk l on l.permission_id = p.id join admin_roles r on r.id = l.role_id
         where p.subject = $1 group by r.code order by r.code`,
        ['api::header-script.header-script'],
      );
      expect(rows.map((r) => r.code)).toEqual(['strapi-super-admin']);
      // The other roles keep the rest of the content.
      const editor = await db.query<{ n: number }>(
        `select count(*)::int as n from admin_permissions p
           join admin_permissions_role_lnk l on l.permission_id = p.id join admin_roles r on r.id = l.role_id
         where r.code = 'strapi-editor' and p.subject = 'api::course.course'`,
      );
      expect(editor.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });

  it('refuses a wrong or missing token (401) and an unknown filter operator (400)', async () => {
    const wrong = await direct('/api/announcement-bar', { authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(() => shape.strapiError(401).parse(wrong.body)).not.toThrow();
    expect((await direct('/api/announcement-bar', {})).status).toBe(401);
    const operator = await direct('/api/courses?filters[slug][$nope]=x');
    expect(operator.status).toBe(400);
  });

  it('answers the same through the API origin (/cms), images included, and public-config points there', async () => {
    const config = (await t.app.inject('/api/public-config')).json();
    expect(config).toMatchObject({ contentUrl: '/cms', contentToken: TOKEN });
    for (const url of [
      '/api/announcement-bar?locale=en',
      '/api/library-banners',
      '/api/courses?filters[slug][$eq]=healthy-eating',
    ]) {
      const proxied = await t.app.inject({ url: `/cms${url}`, headers: auth });
      expect(proxied.statusCode, url).toBe(200);
      expect(proxied.json(), url).toEqual((await direct(url)).body);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/cms/api/announcement-bar', headers: auth });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('application/json');
    expect(
      (await t.app.inject({ url: '/cms/api/renewal', headers: { authorization: 'Bearer x' } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/cms/api/courses?status=draft', headers: auth })).statusCode).toBe(
      400,
    );
    const promo = (await direct('/api/annual-promotion')).body as { data: { image: { url: string } } };
    const image = await t.app.inject(`/cms${promo.data.image.url}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    // `..` never takes the proxy out of /api and /uploads (to Strapi's admin routes).
    for (const url of [
      '/cms/api/../admin/init',
      '/cms/api/%2e%2e/admin/init',
      '/cms/uploads/%2E%2E/admin/init',
    ]) {
      const res = await t.app.inject(url);
      expect(res.body, url).not.toContain('"data"');
    }
  });

  it('is restarted when it dies; held (DATA_DIR/cms/hold) it stays down and the proxy answers 502', async () => {
    const supervisor = t.app.cms.supervisor!;
    const pidFile = path.join(t.config.dataDir, 'cms', 'strapi.pid');
    await writeFile(path.join(t.config.dataDir, 'cms', 'hold'), '');
    process.kill(Number(await readFile(pidFile, 'utf8')), 'SIGKILL');
    for (let i = 0; i < 50 && supervisor.up; i++) await new Promise((r) => setTimeout(r, 100));
    const down = await t.app.inject({ url: '/cms/api/announcement-bar', headers: auth });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      statusCode: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The content service is not available',
    });
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    await rm(path.join(t.config.dataDir, 'cms', 'hold'));
    expect(await supervisor.waitUntilUp(60_000)).toBe(true);
    const back = await t.app.inject({ url: '/cms/api/announcement-bar', headers: auth });
    expect(back.statusCode).toBe(200);
    // Not seeded twice.
    const banners = (await direct('/api/library-banners')).body as {
      meta: { pagination: { total: number } };
    };
    expect(banners.meta.pagination.total).toBe(2);
  }, 90_000);
});
