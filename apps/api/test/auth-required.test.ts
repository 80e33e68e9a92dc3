import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from './helpers.js';

/**
 * Every operation of the app's OpenAPI document requires a signed-in learner unless it is listed in PUBLIC
 * below: a route added later is checked here without a line written for it, and a new public route fails
 * this test until it is listed as public on purpose.
 */
const PUBLIC = new Set([
  // Probes and the settings the web app needs before anyone signs in.
  'GET /api/health',
  'GET /api/ready',
  'GET /api/public-config',
  // Development only (absent in production), answered to this machine only.
  'GET /api/dev/mail',
  // Signing up, signing in and getting back in.
  'POST /api/auth',
  'POST /api/auth/refresh',
  'POST /api/users',
  'POST /api/users/partial-login',
  'POST /api/users/forgot-password',
  'POST /api/users/verify-password-reset',
  'POST /api/users/reset-password',
  'GET /api/users/set-password-old-user/{email}',
  'POST /api/google-auth',
  'POST /api/facebook-auth',
  'POST /api/siriraj-auth/authorize',
  'POST /api/siriraj-auth',
  'POST /api/line-auth/authorize',
  'POST /api/line-auth',
  // The catalogue, which visitors browse.
  'GET /api/courses/get-slug-courses',
  'GET /api/tags',
  'GET /api/courses',
  'GET /api/courses/{slug}',
  'GET /api/plans',
  // A free preview's playback token for a visitor (teasers only, limited per address: teaser-preview.test.ts).
  'GET /api/preview/get-signed-token',
  // Images shown on public pages; video segments carry their own signed playback token.
  'GET /api/media/profile/{file}',
  'GET /api/media/poster/{id}',
  'GET /api/media/covers/{courseId}/{file}',
  'GET /api/stream/{assetId}/{token}/{*}',
  // Anyone may check a certificate's code, and its Open Badges credential: keys, issuer, revocation lists.
  'GET /api/certificates/verify/{code}',
  'GET /api/certificates/jwks.json',
  'GET /api/certificates/issuer',
  'GET /api/certificates/status/{list}',
  // Signed by Stripe, not by a learner.
  'POST /api/payments/stripe/webhook',
  // The terms of use and the privacy notice, which anyone reads before signing up.
  'GET /api/legal/{kind}',
  // Forms and links for people who are not signed in.
  'POST /api/next-instructor-form',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
]);

type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
};

let t: TestApp;
let tokens: Record<string, string>;
let userId: string;
let ownerToken: string;
let operations: { name: string; path: string; method: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  const u = await register(t.app);
  userId = u.user.id;
  ownerToken = u.access_token;
  const [, payload] = u.access_token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const key = new TextEncoder().encode(t.config.jwtSecret);
  const sign = (c: Record<string, unknown>, alg = 'HS256') =>
    new SignJWT(c).setProtectedHeader({ alg }).sign(key);
  tokens = {
    missing: '',
    garbage: 'Bearer not.a.token',
    forged: `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)))}`,
    expired: `Bearer ${await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 })}`,
    wrongAudience: `Bearer ${await sign({ ...claims, aud: 'partial-login' })}`,
    unknownSession: `Bearer ${await sign({ ...claims, sid: '01900000-0000-7000-8000-0000000000ff' })}`,
    noneAlg: `Bearer ${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`,
  };
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    })),
  );
});
afterAll(() => t.close());

const ANY = '01900000-0000-7000-8000-0000000000aa';

/** A well-formed request to the operation: its path filled (the learner's own id where it takes one). */
function requestTo(path: string, method: string, op: Operation): InjectOptions {
  const url = path
    .replace(/\{(id|userId)\}/g, userId)
    .replace(/\{\*\}/g, 'x')
    .replace(/\{[^}]+\}/g, ANY);
  const type = Object.keys(op.requestBody?.content ?? {})[0];
  const body =
    type === undefined
      ? {}
      : type === 'application/json'
        ? { payload: {}, headers: { 'content-type': type } }
        : { payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), headers: { 'content-type': type } };
  return { method: method.toUpperCase() as InjectOptions['method'], url, ...body };
}

describe('the authenticated operations of the OpenAPI document', () => {
  it('are every operation not listed as public, and the public list names only public operations', () => {
    expect(operations.length).toBeGreaterThan(70);
    const names = new Set(operations.map((o) => o.name));
    for (const name of PUBLIC)
      expect(names.has(name), `${name} is listed as public but not in the document`).toBe(true);
    const openButNotListed = operations.filter((o) => !o.op.security?.length && !PUBLIC.has(o.name));
    expect(openButNotListed.map((o) => o.name)).toEqual([]);
    const listedButSecured = operations.filter((o) => o.op.security?.length && PUBLIC.has(o.name));
    expect(listedButSecured.map((o) => o.name)).toEqual([]);
  });

  for (const kind of [
    'missing',
    'garbage',
    'forged',
    'expired',
    'wrongAudience',
    'unknownSession',
    'noneAlg',
  ]) {
    it(`refuse a ${kind} token with 401 in the error shape, and change nothing`, async () => {
      const secured = operations.filter((o) => !PUBLIC.has(o.name));
      expect(secured.length).toBeGreaterThan(40);
      for (const { name, path, method, op } of secured) {
        const request = requestTo(path, method, op);
        if (tokens[kind]) request.headers = { ...request.headers, authorization: tokens[kind]! };
        const res = await t.app.inject(request);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(401);
        expect(res.json(), name).toMatchObject({
          statusCode: 401,
          code: expect.stringMatching(/^(UNAUTHORIZED|TOKEN_EXPIRED|SESSION_REVOKED)$/),
          message: expect.any(String),
        });
      }
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/users/${userId}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(me.json()).toMatchObject({ firstName: 'ทดสอบ', profile_image: null });
    });
  }
});
