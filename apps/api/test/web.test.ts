import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { contentSecurityPolicy } from '../src/plugins/security-headers.js';
import { NONCE_PLACEHOLDER } from '../src/plugins/web.js';
import { createTestApp, PRODUCTION_SETTINGS, type TestApp } from './helpers.js';

// A built web app as Vite writes it with `html.cspNonce` (apps/web/vite.config.ts).
const indexHtml = `<!doctype html><html lang="th"><head><title>Rianroo เรียนรู้</title>
<meta name="description" content="คอร์สออนไลน์" />
<meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/assets/index-abc.js" nonce="${NONCE_PLACEHOLDER}"></script>
<link rel="modulepreload" crossorigin href="/assets/i18n-abc.js" nonce="${NONCE_PLACEHOLDER}">
</head><body><div id="root"></div></body></html>`;

/** A source map as Vite writes it, with the app's whole source in it. */
const SOURCE_MAP = JSON.stringify({
  version: 3,
  sources: ['../../src/main.tsx'],
  sourcesContent: ['export const secret = "the whole source";'],
  mappings: 'AAAA',
});

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'rianroo-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'index-abc.js.map'), SOURCE_MAP);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    WEB_DIST: dist,
    CONTENT_URL: 'https://cms.rianroo.example/',
    CONTENT_TOKEN: 'x',
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe('the web app pages and their CSP nonce (docs/decisions/007)', () => {
  it('serves every page with a fresh nonce, in the policy and on every script of the page', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/library', '/account?x=1', '/index.html']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(res.headers['content-security-policy']);
      const nonce = nonceOf(csp)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp).toContain(
        `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https://accounts.google.com;`,
      );
      expect(res.body).not.toContain(NONCE_PLACEHOLDER);
      expect(res.body.match(/nonce="([^"]+)"/g)).toEqual(Array(3).fill(`nonce="${nonce}"`));
      seen.add(nonce);
      // Never cached, and no validator a browser could revalidate the old nonce with.
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
    }
    expect(seen.size).toBe(4);
  });

  it('keeps the rest of the policy as it was', async () => {
    const csp = String((await t.app.inject('/')).headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "base-uri 'self'",
      "style-src 'self' 'unsafe-inline' https://accounts.google.com",
      "frame-src 'self' blob: https://accounts.google.com",
      "connect-src 'self' https://accounts.google.com https://cms.rianroo.example",
      "img-src 'self' data: blob: https:",
      "object-src 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // No nonce in style-src: it would switch off 'unsafe-inline', which React's style attributes need.
    expect(csp).not.toMatch(/style-src[^;]*nonce/);
  });

  it('answers files and the API with the plain policy: no nonce, no inline scripts', async () => {
    for (const url of ['/assets/index-abc.js', '/favicon.svg', '/api/health']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://accounts.google.com;");
      expect(csp).not.toContain('nonce');
    }
    expect((await t.app.inject('/assets/index-abc.js')).headers['cache-control']).toContain('immutable');
  });

  it('the built-in content service (/cms) is this origin: nothing more to allow', () => {
    const csp = contentSecurityPolicy({ contentUrl: '/cms', cloudflareStream: null });
    expect(csp.plain).toContain("connect-src 'self' https://accounts.google.com;");
    expect(csp.page('abc')).toContain("script-src 'nonce-abc' 'strict-dynamic'");
  });

  it("adds the head scripts' beacon hosts (CSP_CONNECT_ORIGINS) to connect-src, as origins", () => {
    const cspConnectOrigins = loadConfig({
      CSP_CONNECT_ORIGINS: 'https://www.google-analytics.com/g/collect, https://region1.analytics.example',
    }).cspConnectOrigins;
    expect(cspConnectOrigins).toEqual([
      'https://www.google-analytics.com',
      'https://region1.analytics.example',
    ]);
    const csp = contentSecurityPolicy({ contentUrl: '/cms', cloudflareStream: null, cspConnectOrigins });
    expect(csp.page('abc')).toContain(
      "connect-src 'self' https://accounts.google.com https://www.google-analytics.com https://region1.analytics.example;",
    );
    expect(() => loadConfig({ CSP_CONNECT_ORIGINS: 'javascript:alert(1)' })).toThrow();
    expect(() => loadConfig({ CSP_CONNECT_ORIGINS: 'not a url' })).toThrow();
  });

  it('missing files and API routes stay 404s', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    const api = await t.app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'POST', url: '/library' })).statusCode).toBe(404);
  });

  it('a name or a parameter longer than any can be is a miss (answered 403, or 400 with the address): a page, or a 404', async () => {
    const long = 'x'.repeat(300);
    const page = await t.app.inject({ url: `/${long}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject(`/assets/${long}.js`);
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject(`/api/${long}`)).json().code).toBe('NOT_FOUND');
    // A route's parameter longer than any of ours can be (Fastify answered its own 400, echoing the address).
    const param = await t.app.inject(`/api/certificates/verify/${long}y`);
    expect(param.statusCode).toBe(404);
    expect(param.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('an address with broken percent-encoding is 400 in the one error shape, without the address echoed', async () => {
    for (const url of ['/%E0%A4', '/courses/%E0%A4', '/api/users/%FF/sessions', '/api/%C0']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'Malformed address (its percent-encoding)',
      });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('under /api and /cms a miss is JSON, never the web page, even when a browser asks for a page', async () => {
    for (const url of [
      '/cms/api/',
      '/cms/api/?x=1',
      '/cms',
      '/cms/',
      '/api/',
      '/API/nothing',
      '/cms/whatever',
    ]) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('a page comes compressed by what the browser takes, brotli first, and whole once decoded (issue 36)', async () => {
    const plain = await t.app.inject('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    const page = (body: string) => body.replace(/nonce-[^']+'|nonce="[^"]+"/g, 'N');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.rawPayload.length, accept).toBeLessThan(Buffer.byteLength(plain.body));
      expect(page(decode(res.rawPayload).toString('utf8')), accept).toBe(page(plain.body));
    }
    const identity = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(page(identity.body)).toBe(page(plain.body));
  });

  it('a new build under the running server is served at the next request', async () => {
    await writeFile(path.join(dist, 'index.html'), indexHtml.replace('index-abc.js', 'index-def.js'));
    const res = await t.app.inject('/');
    expect(res.body).toContain('/assets/index-def.js');
    await writeFile(path.join(dist, 'index.html'), indexHtml);
  });

  it("a certificate's page carries Open Graph tags of the certificate, escaped; other pages none", async () => {
    const users = await t.db.$client.query<{ id: string }>(
      `insert into users (id, email, first_name, last_name) values (gen_random_uuid(), 'og@example.com', 'สมศรี', '<b>"x"</b>') returning id`,
    );
    const course = await t.db.$client.query<{ id: string }>(
      `insert into courses (id, slug, title, status) values (gen_random_uuid(), 'og-course', 'คอร์สทดสอบ', 'published') returning id`,
    );
    await t.db.$client.query(
      `insert into certificates (id, user_id, course_id, code, learner_name, course_title, issued_at)
       values (gen_random_uuid(), $1, $2, 'OGTESTCODE23', 'สมศรี <b>"x"</b>', 'คอร์สทดสอบ', '2026-11-23T03:00:00Z')`,
      [users.rows[0]!.id, course.rows[0]!.id],
    );
    const page = (await t.app.inject('/certificates/ogtestcode23')).body;
    expect(page).toContain(
      '<meta property="og:title" content="ใบประกาศนียบัตร: คอร์สทดสอบ · สมศรี &lt;b&gt;&quot;x&quot;&lt;/b&gt;">',
    );
    expect(page).toContain(
      '<meta property="og:url" content="http://rianroo.test/certificates/OGTESTCODE23">',
    );
    expect(page).toMatch(/og:description" content="[^"]*23 พฤศจิกายน พ\.ศ\. 2569/);
    // Its title and description in place of the app's (one of each), the app's kept for when the learner leaves.
    expect(page).toContain(
      '<title data-default="Rianroo เรียนรู้">ใบประกาศนียบัตร: คอร์สทดสอบ · สมศรี &lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>',
    );
    expect(page.match(/<meta name="description"/g)).toHaveLength(1);
    // Previewed, not indexed: a learner's name is not for search engines.
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toMatch(/<meta name="description" content="[^"]*คอร์สทดสอบ[^"]*" data-default="คอร์สออนไลน์">/);
    expect(page).not.toContain('<b>"x"</b>');
    expect(page.indexOf('og:title')).toBeLessThan(page.indexOf('</head>'));
    for (const url of ['/certificates/UNKNOWNCODE2', '/library', '/']) {
      const other = await t.app.inject(url);
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain('og:title');
    }
  });
});

describe('source maps (built for the error tracker, docs/deploy.md)', () => {
  it('are not served in production: a miss like a missing asset, whatever encoding is asked for', async () => {
    const prod = await createTestApp({
      ...PRODUCTION_SETTINGS,
      WEB_DIST: dist,
    });
    try {
      expect(prod.config.production).toBe(true);
      const missing = await prod.app.inject('/assets/missing.js');
      expect(missing.statusCode).toBe(404);
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const map = await prod.app.inject({ url: '/assets/index-abc.js.map', headers });
        expect(map.statusCode).toBe(404);
        expect(map.headers['content-type']).toBe(missing.headers['content-type']);
        expect(map.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
        expect(map.body).not.toContain('the whole source');
        expect(map.headers['x-content-type-options']).toBe('nosniff');
        expect(map.headers['cache-control']).toBeUndefined();
      }
      // The app itself is served as before.
      expect((await prod.app.inject('/assets/index-abc.js')).statusCode).toBe(200);
      expect((await prod.app.inject('/')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it("are served outside production (the browser's developer tools read them)", async () => {
    const map = await t.app.inject('/assets/index-abc.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toBe(SOURCE_MAP);
  });
});
