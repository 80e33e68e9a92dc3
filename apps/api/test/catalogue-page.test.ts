import { sql } from 'drizzle-orm';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_SIZES } from '@rianroo/contract';
import { NONCE_PLACEHOLDER } from '../src/plugins/web.js';
import { seedCatalogue } from './courses-fixture.js';
import { createTestApp, type TestApp } from './helpers.js';

// A built web app as Vite writes it: the page with its skeleton between the marks, and the build's manifest.
const SKELETON = '<div aria-hidden="true" class="skeleton"></div>';
const indexHtml = `<!doctype html><html lang="th"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /><title>Rianroo เรียนรู้</title><meta name="description" content="คอร์สออนไลน์ภาษาไทย" />
<script type="module" crossorigin src="/assets/index-abc.js" nonce="${NONCE_PLACEHOLDER}"></script>
</head><body><div id="root"><main id="boot-page"><!--page-->${SKELETON}<!--/page--></main></div></body></html>`;
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_i18n.js'] },
  '_i18n.js': { file: 'assets/i18n-abc.js' },
  '_forms.js': { file: 'assets/forms-abc.js', imports: ['_i18n.js'] },
  'src/features/courses/routes/CatalogPage.tsx': {
    file: 'assets/CatalogPage-abc.js',
    isDynamicEntry: true,
    imports: ['index.html', '_forms.js'],
  },
  'src/features/courses/routes/CoursePage.tsx': {
    file: 'assets/CoursePage-abc.js',
    isDynamicEntry: true,
    imports: ['index.html', '_forms.js'],
  },
};

let t: TestApp;
let dist: string;
let seeded: Awaited<ReturnType<typeof seedCatalogue>>;
const HOSTILE = `</script><script>alert(1)</script><!-- & "quoted"`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rianroo-web-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ WEB_DIST: dist });
  seeded = await seedCatalogue(t);
  await t.db.execute(
    sql`update courses set title = ${HOSTILE}, subtitle = ${HOSTILE} where id = ${seeded.free}`,
  );
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const pageData = (html: string) => {
  const m = /<script type="application\/json" id="page-data" nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  return m ? { nonce: m[1], data: JSON.parse(m[2]!) as Record<string, unknown> } : undefined;
};
const bootPage = (html: string) => /<!--page-->([\s\S]*?)<!--\/page-->/.exec(html)![1]!;

describe('the catalogue drawn by the server (issue 14: usable before any script)', () => {
  it('lists the published courses as links, and embeds the same answer the API gives, under its address', async () => {
    const page = await t.app.inject('/courses');
    const api = (await t.app.inject('/api/courses?')).json() as {
      total: number;
      courses: { slug: string }[];
    };
    expect(api.total).toBeGreaterThan(0);
    const body = bootPage(page.body);
    expect(body).not.toContain(SKELETON);
    for (const c of api.courses) expect(body).toContain(`<a href="/courses/${c.slug}">`);
    expect(body).not.toContain('ยังไม่เผยแพร่');
    expect(body).toContain(`${api.total} คอร์ส`);
    const embedded = pageData(page.body)!;
    expect(embedded.data).toEqual({ '/courses': api });
    // The data block carries the page's nonce, as every script of the page does.
    expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${embedded.nonce}'`);
  });

  it("follows the page's filter, under the address the app asks", async () => {
    const page = await t.app.inject('/courses?level=beginner&q=%20ออม%20');
    const api = (await t.app.inject('/api/courses?q=%E0%B8%AD%E0%B8%AD%E0%B8%A1&level=beginner')).json();
    expect(pageData(page.body)!.data).toEqual({
      '/courses?q=%E0%B8%AD%E0%B8%AD%E0%B8%A1&level=beginner': api,
    });
  });

  it('carries the search form, filled with the filter it was drawn for, that asks this page again', async () => {
    const form = (html: string) => /<form[^>]*>[\s\S]*?<\/form>/.exec(bootPage(html))?.[0] ?? '';
    const plain = form((await t.app.inject('/courses')).body);
    expect(plain).toContain('role="search" action="/courses" method="get"');
    expect(plain).toContain('<input type="search" name="q" value=""');
    expect(plain).toContain('<option value="" selected>ทุกระดับ</option>');
    expect(plain).toContain('<button type="submit">ค้นหา</button>');
    const filtered = form((await t.app.inject('/courses?level=beginner&q=%20ออม%20')).body);
    expect(filtered).toContain('name="q" value=" ออม "');
    expect(filtered).toContain('<option value="beginner" selected>เริ่มต้น</option>');
    expect(filtered).not.toContain('<option value="" selected>ทุกระดับ</option>');
    // What the address carries is text in the box, never markup.
    const hostile = form(
      (await t.app.inject(`/courses?q=${encodeURIComponent('"><script>alert(1)</script>')}`)).body,
    );
    expect(hostile).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(hostile).not.toContain('<script>');
  });

  it('says so when nothing matches, in Thai', async () => {
    const page = await t.app.inject('/courses?q=ไม่มีคอร์สนี้แน่นอน');
    expect(bootPage(page.body)).toContain('ไม่พบคอร์สที่ตรงกับการค้นหา');
    expect(pageData(page.body)!.data).toMatchObject({
      '/courses?q=%E0%B9%84%E0%B8%A1%E0%B9%88%E0%B8%A1%E0%B8%B5%E0%B8%84%E0%B8%AD%E0%B8%A3%E0%B9%8C%E0%B8%AA%E0%B8%99%E0%B8%B5%E0%B9%89%E0%B9%81%E0%B8%99%E0%B9%88%E0%B8%99%E0%B8%AD%E0%B8%99':
        { total: 0, courses: [] },
    });
  });

  it('a level the site does not have (an old or hand-edited link) lists every level, as a bad page number is the first page', async () => {
    const all = (await t.app.inject('/api/courses?')).json();
    for (const url of ['/courses?level=expert', '/courses?level=&page=abc', '/courses?level=Beginner']) {
      const page = await t.app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(bootPage(page.body)).toContain(`${all.total} คอร์ส`);
      expect(bootPage(page.body)).toContain('<option value="" selected>ทุกระดับ</option>');
      expect(pageData(page.body)!.data).toEqual({ '/courses': all });
    }
  });

  it('a title cannot break out of the page: escaped in the HTML, and no closing tag inside the data', async () => {
    const page = await t.app.inject('/courses');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(bootPage(page.body)).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &quot;quoted&quot;',
    );
    const data = pageData(page.body)!.data['/courses'] as { courses: { title: string }[] };
    expect(data.courses.map((c) => c.title)).toContain(HOSTILE);
  });

  it('a "$" in a title is text: $&, $\' and $` never pull the page\'s head into it, and the data stays whole', async () => {
    const dollars = "สอน JavaScript: $& และ $' กับ $` ใน replace";
    await t.db.execute(
      sql`update courses set title = ${dollars}, subtitle = ${dollars} where id = ${seeded.paid}`,
    );
    try {
      const list = await t.app.inject('/courses');
      const data = pageData(list.body)!.data['/courses'] as { courses: { title: string }[] };
      expect(data.courses.map((c) => c.title)).toContain(dollars);
      const page = await t.app.inject(`/courses/invest-${seeded.paid}`);
      expect(meta(page.body, 'og:title')).toBe('สอน JavaScript: $&amp; และ $&#39; กับ $` ใน replace');
      expect(page.body.match(/<title/g)).toHaveLength(1);
      expect(page.body.match(/<\/head>/g)).toHaveLength(1);
    } finally {
      await t.db.execute(
        sql`update courses set title = 'ลงทุนหุ้นเบื้องต้น', subtitle = '' where id = ${seeded.paid}`,
      );
    }
  });

  it("preloads the catalogue's own chunks beside the entry script, not what the entry brings", async () => {
    const page = await t.app.inject('/courses');
    const preloads = [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads.sort()).toEqual(['/assets/CatalogPage-abc.js', '/assets/forms-abc.js']);
  });

  it("the first card's cover is preloaded first in the head, ahead of the app's code, and fetched first; the others lazily (issue 36)", async () => {
    // Covers uploaded in the console: each named by its 720 px copy, whose name gives the others.
    await t.db.execute(
      sql`update courses set cover_image = '/api/media/covers/' || id || '/0123456789abcdef-720.webp'`,
    );
    try {
      const page = await t.app.inject('/courses');
      const covers = [...bootPage(page.body).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(covers.length).toBeGreaterThan(1);
      const first = /src="([^"]+)"/.exec(covers[0]!)![1]!;
      const copies = first.replace(/-720\.webp$/, '');
      const srcset = `${copies}-360.webp 360w, ${copies}-720.webp 720w, ${copies}-1280.webp 1280w`;
      expect(covers[0]).toBe(
        `<img src="${first}" srcset="${srcset}" sizes="${COVER_SIZES}" alt="" width="320" height="180" fetchpriority="high">`,
      );
      for (const other of covers.slice(1)) {
        expect(other).toContain('loading="lazy"');
        expect(other).not.toContain('fetchpriority');
      }
      // Right after the charset and the viewport (by which a phone picks the copy), before the entry script and
      // everything else of the head.
      expect(page.body).toContain(
        `<meta name="viewport" content="width=device-width" /><link rel="preload" as="image" href="${first}" imagesrcset="${srcset}" imagesizes="${COVER_SIZES}" fetchpriority="high"><title`,
      );
      // A cover without copies (the demo's drawn SVGs) is preloaded and shown by its address alone.
      await t.db.execute(sql`update courses set cover_image = '/covers/' || slug || '.svg'`);
      const svg = await t.app.inject('/courses');
      const firstSvg = /<img src="([^"]+)" alt="" width="320" height="180" fetchpriority="high">/.exec(
        svg.body,
      );
      expect(firstSvg).not.toBeNull();
      expect(svg.body).toContain(
        `<meta name="viewport" content="width=device-width" /><link rel="preload" as="image" href="${firstSvg![1]}" fetchpriority="high"><title`,
      );
      // The first card without a cover (its title shows instead): the first card with one leads.
      const firstSlug =
        /<li><div class="boot-v" aria-hidden="true"><img[^>]*><\/div><a href="\/courses\/([^"]+)"/.exec(
          bootPage(svg.body),
        )![1]!;
      await t.db.execute(
        sql`update courses set cover_image = null where slug = ${decodeURIComponent(firstSlug)}`,
      );
      const led = await t.app.inject('/courses');
      const ledCovers = [...bootPage(led.body).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(ledCovers[0]).toContain('fetchpriority="high"');
      const ledSrc = /src="([^"]+)"/.exec(ledCovers[0]!)![1]!;
      expect(ledSrc).not.toBe(firstSvg![1]);
      expect(led.body).toContain(`<link rel="preload" as="image" href="${ledSrc}" fetchpriority="high">`);
    } finally {
      await t.db.execute(sql`update courses set cover_image = null`);
    }
    // No cover, no preload.
    expect((await t.app.inject('/courses')).body).not.toContain('rel="preload" as="image"');
  });

  it('the home page is drawn by the server: its heading, lead and ways in, with no data and no preloads (issue 36)', async () => {
    const page = await t.app.inject('/');
    expect(page.statusCode).toBe(200);
    const body = bootPage(page.body);
    expect(body).not.toContain(SKELETON);
    expect(body).toContain('<h1>เรียนรู้ทักษะใหม่ กับผู้สอนตัวจริง</h1>');
    expect(body).toContain('<p>คอร์สวิดีโอคุณภาพเป็นภาษาไทย');
    expect(body).toContain('<a class="boot-a" href="/register">เริ่มเรียนฟรี</a>');
    expect(body).toContain('<a class="boot-o" href="/login">เข้าสู่ระบบ</a>');
    expect(pageData(page.body)).toBeUndefined();
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).not.toContain('rel="preload" as="image"');
  });

  it('other pages keep the skeleton, with no data and no preloads; the manifest is not served', async () => {
    for (const url of ['/library', '/courses/some-course', '/courses/a/b']) {
      const page = await t.app.inject(url);
      expect(bootPage(page.body), url).toBe(SKELETON);
      expect(pageData(page.body), url).toBeUndefined();
      expect(page.body, url).not.toContain('modulepreload');
    }
    expect((await t.app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });
});

const title = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"[^>]*>`).exec(html)?.[1];

describe('a course page drawn by the server (issue 14; link previews read it without running scripts)', () => {
  it("shows the course, its facts and episodes, links into the library, and embeds the API's outline", async () => {
    const slug = `invest-${seeded.paid}`;
    const page = await t.app.inject(`/courses/${slug}`);
    const api = (await t.app.inject(`/api/courses/${slug}`)).json() as {
      course: { title: string; episodeCount: number };
      episodes: { title: string; isTeaser: boolean }[];
    };
    const body = bootPage(page.body);
    expect(body).toContain(`<h1 class="boot-t boot-t3">${api.course.title}</h1>`);
    expect(body).toContain(`${api.course.episodeCount} ตอน`);
    for (const e of api.episodes) expect(body).toContain(e.title);
    expect(body).toContain('ดูตัวอย่างฟรี');
    expect(body).toContain('สำหรับสมาชิก');
    expect(body).toContain(`<a class="boot-a" href="/library/course/${slug}">`);
    expect(pageData(page.body)!.data).toEqual({ [`/courses/${slug}`]: api });
    const preloads = [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads.sort()).toEqual(['/assets/CoursePage-abc.js', '/assets/forms-abc.js']);
  });

  it('names the course in the title and the link-preview tags, with its address and cover as full URLs', async () => {
    const slug = `invest-${seeded.paid}`;
    await t.db.execute(sql`update courses set cover_image = '/media/covers/c.jpg' where id = ${seeded.paid}`);
    const page = await t.app.inject(`/courses/${slug}`);
    const api = (await t.app.inject(`/api/courses/${slug}`)).json() as { course: { title: string } };
    expect(title(page.body)).toBe(`${api.course.title} · Rianroo เรียนรู้`);
    // In place of the app's, which is kept for when the learner leaves this address (useDocumentMeta).
    expect(page.body.match(/<title/g)).toHaveLength(1);
    expect(page.body).toContain('<title data-default="Rianroo เรียนรู้">');
    expect(page.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(page.body).toContain('data-default="คอร์สออนไลน์ภาษาไทย">');
    expect(meta(page.body, 'og:title')).toBe(api.course.title);
    expect(meta(page.body, 'og:url')).toBe(`${t.app.config.publicUrl}/courses/${slug}`);
    expect(meta(page.body, 'og:image')).toBe(`${t.app.config.publicUrl}/media/covers/c.jpg`);
    expect(meta(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.body, 'description')!.length).toBeGreaterThan(0);
    expect(page.body).toContain(`<link rel="canonical" href="${t.app.config.publicUrl}/courses/${slug}">`);
    // Of an uploaded cover's copies, the largest.
    const copies = `/api/media/covers/${seeded.paid}/0123456789abcdef`;
    await t.db.execute(
      sql`update courses set cover_image = ${`${copies}-720.webp`} where id = ${seeded.paid}`,
    );
    const uploaded = (await t.app.inject(`/courses/${slug}`)).body;
    expect(meta(uploaded, 'og:image')).toBe(`${t.app.config.publicUrl}${copies}-1280.webp`);
    // An SVG cover is no link preview's image.
    await t.db.execute(sql`update courses set cover_image = '/covers/c.svg' where id = ${seeded.paid}`);
    const svg = (await t.app.inject(`/courses/${slug}`)).body;
    expect(meta(svg, 'og:image')).toBeUndefined();
    expect(meta(svg, 'twitter:card')).toBe('summary');
  });

  it('a title cannot break out of the title, the tags or the page', async () => {
    const slug = `free-${seeded.free}`;
    const page = await t.app.inject(`/courses/${slug}`);
    expect(page.body).not.toContain('<script>alert(1)');
    const escaped = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &quot;quoted&quot;';
    expect(title(page.body)).toBe(`${escaped} · Rianroo เรียนรู้`);
    expect(meta(page.body, 'og:title')).toBe(escaped);
    expect(bootPage(page.body)).toContain(`<h1 class="boot-t boot-t3">${escaped}</h1>`);
    expect(bootPage(page.body)).toContain('เรียนฟรี');
  });

  it("a course that is not published, or not there, is a 404 kept out of search engines, with the app's title and skeleton and nothing embedded", async () => {
    for (const url of [`/courses/draft-${seeded.draft}`, '/courses/no-such-course']) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(404);
      expect(meta(page.body, 'robots'), url).toBe('noindex');
      expect(title(page.body), url).toBe('Rianroo เรียนรู้');
      expect(bootPage(page.body), url).toBe(SKELETON);
      expect(pageData(page.body), url).toBeUndefined();
      expect(meta(page.body, 'og:title'), url).toBeUndefined();
      expect(meta(page.body, 'description'), url).toBe('คอร์สออนไลน์ภาษาไทย');
      expect(page.body, url).not.toContain('data-default');
    }
  });
});

describe('robots.txt and sitemap.xml, for search engines', () => {
  it('the sitemap lists the public pages and every published course (not drafts), with its last change', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const base = t.app.config.publicUrl;
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ['/', '/courses', '/pricing', '/terms', '/privacy']) expect(locs).toContain(base + p);
    const slugs = (await t.app.inject('/api/courses/get-slug-courses')).json() as {
      slug: string;
      updatedAt: string;
    }[];
    expect(slugs.length).toBeGreaterThan(0);
    for (const c of slugs) {
      expect(res.body).toContain(
        `<url><loc>${base}/courses/${c.slug}</loc><lastmod>${c.updatedAt}</lastmod></url>`,
      );
    }
    expect(res.body).not.toContain(`draft-${seeded.draft}`);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it("robots.txt keeps crawlers out of the API and the learners' own pages, and names the sitemap", async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/api/', '/account', '/library', '/checkout', '/admin', '/login'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain('Disallow: /courses');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${t.app.config.publicUrl}/sitemap.xml`);
  });
});

describe("the catalogue's pages, drawn by the server", () => {
  it('a list longer than a page has previous and next links that keep the filter, and each page its own courses', async () => {
    // 25 more published courses with a word of their own: 26 with the seeded ones, two pages of 20.
    await t.db.execute(sql`insert into courses (id, slug, title, status, published_at)
      select gen_random_uuid(), 'paging-' || n, 'คอร์สแบ่งหน้า ' || n, 'published', now() - n * interval '1 minute'
      from generate_series(1, 25) n`);
    const first = bootPage((await t.app.inject('/courses?level=&q=')).body);
    const all = (await t.app.inject('/api/courses?')).json() as { total: number };
    expect(all.total).toBeGreaterThanOrEqual(27);
    const pages = Math.ceil(all.total / 20);
    expect(first).toContain(`<span>หน้า 1 จาก ${pages}</span>`);
    expect(first).toContain('<a href="/courses?page=2" rel="next">ถัดไป →</a>');
    expect(first).not.toContain('rel="prev"');
    const onFirst = [...first.matchAll(/<a href="(\/courses\/[^"]+)">/g)].map((m) => m[1]);
    expect(onFirst).toHaveLength(20);

    const second = await t.app.inject('/courses?page=2');
    const api2 = (await t.app.inject('/api/courses?offset=20')).json() as { courses: { slug: string }[] };
    expect(pageData(second.body)!.data).toEqual({ '/courses?offset=20': api2 });
    const onSecond = [...bootPage(second.body).matchAll(/<a href="(\/courses\/[^"]+)">/g)].map((m) => m[1]);
    expect(onSecond).toEqual(api2.courses.map((c) => `/courses/${c.slug}`));
    expect(onSecond.some((href) => onFirst.includes(href))).toBe(false);
    expect(bootPage(second.body)).toContain('<a href="/courses" rel="prev">← ก่อนหน้า</a>');

    // The filter goes with the page links; a sent form starts again from the first page.
    const filtered = bootPage((await t.app.inject('/courses?q=แบ่งหน้า')).body);
    expect(filtered).toContain(`<a href="/courses?q=${encodeURIComponent('แบ่งหน้า')}&amp;page=2" rel="next">`);
    expect(filtered).not.toContain('name="page"');
  });

  it('a page past the end says so and leads back; a page that is no number is the first', async () => {
    const past = bootPage((await t.app.inject('/courses?page=400')).body);
    expect(past).toContain('หน้านี้ไม่มีคอร์สแล้ว');
    expect(past).toMatch(/<a href="\/courses\?page=\d" rel="prev">← ก่อนหน้า<\/a>/);
    for (const raw of ['0', '-1', 'abc', '1.5', '9999']) {
      const page = await t.app.inject(`/courses?page=${raw}`);
      expect(Object.keys(pageData(page.body)!.data), raw).toEqual(['/courses']);
    }
  });
});
