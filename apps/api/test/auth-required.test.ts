import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let tokens: Record<string, string>;
let userId: string;
let ownerToken: string;

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
});
afterAll(() => t.close());

const routes = () => [
  { method: 'GET', url: '/api/auth' },
  { method: 'POST', url: '/api/auth/save-logout-user', payload: {} },
  { method: 'GET', url: '/api/auth/sessions' },
  { method: 'DELETE', url: '/api/auth/sessions/01900000-0000-7000-8000-000000000001' },
  { method: 'POST', url: '/api/users/check-password', payload: { password: 'x' } },
  {
    method: 'POST',
    url: '/api/users/reset-password-contact',
    payload: { password: 'new-pass-1234', passwordConfirmation: 'new-pass-1234' },
  },
  { method: 'GET', url: `/api/users/${userId}` },
  { method: 'PATCH', url: `/api/users/${userId}`, payload: { firstName: 'x' } },
  {
    method: 'POST',
    url: `/api/users/${userId}/profile-image`,
    payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0]),
    type: 'image/png',
  },
  // Quizzes, tests, evaluations and certificates.
  { method: 'GET', url: `/api/assessment/${ANY}` },
  { method: 'GET', url: `/api/assessment/get-assessment-by-course/${ANY}` },
  { method: 'GET', url: `/api/assessment/get-questions-by-episode/${ANY}` },
  { method: 'POST', url: '/api/assessment-response', payload: { assessmentId: ANY, answers: [] } },
  { method: 'POST', url: '/api/assessment-result', payload: { assessmentId: ANY } },
  { method: 'GET', url: `/api/assessment-result?assessmentId=${ANY}` },
  { method: 'GET', url: `/api/course/${ANY}/completion` },
  { method: 'GET', url: '/api/course-evaluation-question/active' },
  { method: 'POST', url: '/api/course-evaluation', payload: { courseId: ANY, answers: [] } },
  { method: 'GET', url: `/api/course-evaluation/status/${ANY}/${userId}` },
  { method: 'GET', url: `/api/media/get-certificate/${ANY}` },
  { method: 'POST', url: '/api/media/get-certificate-to-email', payload: { courseId: ANY } },
  { method: 'GET', url: '/api/users/certificates' },
];
const ANY = '01900000-0000-7000-8000-0000000000aa';

describe('every authenticated endpoint', () => {
  for (const kind of [
    'missing',
    'garbage',
    'forged',
    'expired',
    'wrongAudience',
    'unknownSession',
    'noneAlg',
  ]) {
    it(`refuses a ${kind} token with 401 in the error shape, and changes nothing`, async () => {
      for (const r of routes()) {
        const headers: Record<string, string> = tokens[kind] ? { authorization: tokens[kind]! } : {};
        if (r.type) headers['content-type'] = r.type;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url,
          payload: r.payload as object,
          headers,
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(res.json()).toMatchObject({
          statusCode: 401,
          code: expect.stringMatching(/^(UNAUTHORIZED|TOKEN_EXPIRED|SESSION_REVOKED)$/),
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
