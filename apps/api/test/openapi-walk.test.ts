import { errorCodes } from '@rianroo/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAssessment, MIXED, seedCatalogue, subscribe } from './courses-fixture.js';
import { bearer, createTestApp, PASSWORD, register, uniqueEmail, type TestApp } from './helpers.js';

/**
 * Every operation of the OpenAPI document, walked with generated requests: no token, a forged token,
 * another learner's token, the owner's ids, malformed and hostile bodies, paths and queries. Whatever is
 * sent: never a 5xx, every refusal in the one error shape, a secured operation refuses an anonymous
 * caller with 401 before looking at the body, and nothing of learner A ever reaches anyone else.
 * Operations added later are walked without writing a case for them.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
};

let t: TestApp;
/** Learner A: the one whose data nobody else may see. */
const A = { marker: `Secretname${Date.now().toString(36)}`, email: uniqueEmail('owner'), token: '', id: '' };
let bToken = '';
let bEmail = '';
let adminToken = '';
/** Ids of A's things, and of the catalogue, offered to every path parameter. */
let ownerIds: string[] = [];

const hostile = [
  '',
  ' ',
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e309',
  'NaN',
  '{}',
  '🙂ทดสอบ',
];
const hostileValue = fc.constantFrom<unknown>(
  ...hostile,
  '\u0000',
  'a\u0000b',
  null,
  -1,
  0,
  2 ** 53,
  1e308,
  -0.5,
  true,
  [],
  {},
  { $ne: null },
  ['a', 'b'],
);

function fromSchema(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0], depth + 1);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const shaped = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, depth + 1)])),
        { requiredKeys: (s.required ?? []).filter((k) => k in props) },
      );
      return fc.oneof(
        shaped,
        fc
          .tuple(shaped, fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 2 }))
          .map(([a, b]) => ({ ...b, ...(a as object) })),
      );
    }
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { maxLength: 4 });
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: stringOf(s) },
        { weight: 1, arbitrary: fc.constantFrom(...hostile, ...ownerIds) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: s.minimum ?? -10, max: Math.min(s.maximum ?? 1000, 1000) }),
        fc.double({ noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...ownerIds));
  if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant(bEmail));
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({ minLength: 1, maxLength: Math.min(s.maxLength ?? 60, 60) });
}

const pathValue = () =>
  fc.oneof(
    fc.constantFrom(...ownerIds),
    fc.uuid(),
    // (Not dot segments: those lead to another route, which is the router's business.)
    // (Nor paths longer than a route takes: those match no route.)
    fc.constantFrom(
      ...hostile.filter((h) => h.trim() !== '' && h.length < 200 && !h.includes('%2e') && !h.includes('%2F')),
    ),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
  );

type Caller = 'anonymous' | 'forged' | 'expired' | 'learnerB' | 'admin';
const callers = fc.constantFrom<Caller>('anonymous', 'forged', 'expired', 'learnerB', 'learnerB', 'admin');

function tokenOf(caller: Caller): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (caller === 'forged') return `${A.token.slice(0, -4)}AAAA`;
  if (caller === 'expired') return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bm90LWEtc2lnbmF0dXJl';
  if (caller === 'learnerB') return bToken;
  return adminToken;
}

function requestFor(path: string, method: string, op: Operation) {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const wildcard = path.includes('{*}');
  const queryParams = params.filter((p) => p.in === 'query');
  const body = op.requestBody?.content['application/json']?.schema;
  return fc
    .record({
      caller: callers,
      path: fc.tuple(...pathParams.map(() => pathValue()), fc.stringMatching(/^[a-z0-9._-]{1,12}$/)),
      query: fc.record(
        Object.fromEntries(
          queryParams.map((p) => [p.name, fc.oneof(fromSchema(p.schema), fc.constantFrom(...hostile))]),
        ),
        { requiredKeys: [] },
      ),
      body: body
        ? fc.oneof({ weight: 4, arbitrary: fromSchema(body) }, { weight: 1, arbitrary: hostileValue })
        : fc.constant(undefined),
    })
    .map((r) => {
      let url = path;
      pathParams.forEach((name, i) => {
        url = url.replace(
          `{${name}}`,
          encodeURIComponent(String(r.path[i])).replace(/%25(00|2e|2E|2F)/g, '%$1'),
        );
      });
      if (wildcard) url = url.replace('{*}', r.path[r.path.length - 1] as string);
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(r.query)) {
        if (v !== undefined) qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      }
      const query = qs.toString().replace(/%25(00)/g, '%$1');
      const token = tokenOf(r.caller);
      const options: InjectOptions = {
        method: method.toUpperCase() as InjectOptions['method'],
        url: query ? `${url}?${query}` : url,
        headers: token ? bearer(token) : {},
        ...(r.body !== undefined
          ? {
              payload: JSON.stringify(r.body),
              headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
            }
          : {}),
      };
      return { caller: r.caller, options };
    });
}

beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '100000', LOGIN_MAX_FAILURES_IP: '100000' });
  const catalogue = await seedCatalogue(t);
  const quiz = await addAssessment(t, { courseId: catalogue.paid, kind: 'post_test' }, MIXED);
  const a = await register(t.app, {
    email: A.email,
    firstName: A.marker,
    lastName: A.marker,
    phone: '0812345678',
  });
  A.token = a.access_token;
  A.id = a.user.id;
  await subscribe(t, A.id);
  const b = await register(t.app);
  bToken = b.access_token;
  bEmail = b.email;
  const admin = await register(t.app);
  await t.db.execute(sql`update users set role = 'admin' where id = ${admin.user.id}`);
  adminToken = admin.access_token;
  // A's own things: a session, an attempt, an order.
  const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(A.token) });
  await t.app.inject({
    method: 'POST',
    url: '/api/checkout/orders',
    headers: bearer(A.token),
    payload: { plan: 'monthly' },
  });
  const orders = await t.db.execute<{ id: string }>(sql`select id from orders where user_id = ${A.id}`);
  ownerIds = [
    A.id,
    ...(sessions.json() as { id: string }[]).map((s) => s.id),
    ...orders.rows.map((o) => o.id),
    catalogue.paid,
    catalogue.draft,
    catalogue.paidEpisodes[1]!.id,
    quiz.id,
    quiz.questions[0]!.id,
  ];
}, 60_000);
afterAll(() => t.close());

/** Keeps B signed in: a walk that logged B out (or ended B's devices) signs B in again. */
async function keepBSignedIn() {
  const me = await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(bToken) });
  if (me.statusCode === 200) return;
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email: bEmail, password: PASSWORD, device: { id: `walk-${Date.now()}`, name: 'walker' } },
  });
  if (again.statusCode === 200) bToken = again.json().access_token;
}

const SKIP = new Set([
  // The development outbox shows every mail sent, by design (loopback only; covered in http-edges).
  'GET /api/dev/mail',
]);

describe('every operation of the OpenAPI document, walked', () => {
  it('never answers 5xx, always in the one error shape, 401 before validation, and never leaks learner A', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(70);
    const codes = new Set<string>(errorCodes);
    let requests = 0;
    for (const { path, method, op } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      if (SKIP.has(name)) continue;
      await fc.assert(
        fc.asyncProperty(requestFor(path, method, op), async ({ caller, options }) => {
          requests++;
          const res = await t.app.inject(options);
          const where = `${name} as ${caller}: ${String(options.method)} ${String(options.url).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json() as { statusCode: number; code: string; message: string };
            expect(body.statusCode, where).toBe(res.statusCode);
            expect(codes.has(body.code), where).toBe(true);
            expect(typeof body.message, where).toBe('string');
          }
          if (op.security && ['anonymous', 'forged', 'expired'].includes(caller)) {
            expect(res.statusCode, where).toBe(401);
          }
          if (caller !== 'admin') expect(res.body.includes(A.marker), where).toBe(false);
          if (caller !== 'admin') expect(res.body.includes(A.email), where).toBe(false);
          if (caller === 'learnerB' && res.statusCode === 401) await keepBSignedIn();
        }),
        { numRuns: 60, endOnFailure: true },
      );
    }
    expect(requests).toBeGreaterThan(4000);
    // A was never touched by anyone else: still signed in, name unchanged.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(A.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: A.id, firstName: A.marker, email: A.email });
  }, 300_000);
});

/**
 * Parameters no route takes, as they arrive on the wire (already percent-encoded, some of it broken): longer
 * than any parameter of ours (the router's limit is 300), broken percent-encoding, NUL, unicode, dot segments
 * and encoded slashes.
 */
const malformedParams = [
  'a'.repeat(600),
  'a'.repeat(5000),
  encodeURIComponent('ทดสอบ'.repeat(120)),
  '%E0%A4',
  '%zz',
  '%',
  '%00',
  'a%00b',
  encodeURIComponent('🙂ทดสอบ'),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
];

/** Headers every answer carries, whoever answers it (a route, the router, the file server, tus). */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

const ENDS_OWN_SESSION = new Set(['POST /api/auth/save-logout-user']);

describe('every operation of the OpenAPI document, with malformed and over-long parameters', () => {
  it('answers every method, anonymous or admin, in the one error shape with the security headers: never a 5xx, never a bare 404', async () => {
    // An administrator of its own, so that the walk above (which may sign its admin out) cannot leave the
    // requests stopped at authentication.
    const admin = await register(t.app);
    await t.db.execute(sql`update users set role = 'admin' where id = ${admin.user.id}`);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const requests: { name: string; caller: 'anonymous' | 'admin'; options: InjectOptions }[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const params = op.parameters ?? [];
        const named = params.filter((p) => p.in === 'path').map((p) => p.name);
        const queries = params.filter((p) => p.in === 'query').map((p) => p.name);
        const withPath = (value: string) =>
          named.reduce((url, name) => url.replace(`{${name}}`, value), path).replace('{*}', value);
        const urls = [
          ...(named.length || path.includes('{*}') ? malformedParams.map(withPath) : []),
          // Every query parameter the operation names (or a stray one) given the same values.
          ...malformedParams.map(
            (value) =>
              `${withPath('00000000-0000-0000-0000-000000000000')}?${(queries.length ? queries : ['x'])
                .map((q) => `${q}=${value}`)
                .join('&')}`,
          ),
        ];
        const json = op.requestBody ? { 'content-type': 'application/json' } : {};
        // Signing out ends the caller's session: the administrator's would end with the first request.
        const callers = ENDS_OWN_SESSION.has(`${method.toUpperCase()} ${path}`)
          ? (['anonymous'] as const)
          : (['anonymous', 'admin'] as const);
        for (const url of urls) {
          for (const caller of callers) {
            requests.push({
              name: `${method.toUpperCase()} ${path}`,
              caller,
              options: {
                method: method.toUpperCase() as InjectOptions['method'],
                url,
                headers: { ...json, ...(caller === 'admin' ? bearer(admin.access_token) : {}) },
                ...(op.requestBody ? { payload: '{}' } : {}),
              },
            });
          }
        }
      }
    }
    expect(requests.length).toBeGreaterThan(3000);
    const codes = new Set<string>(errorCodes);
    const failures: string[] = [];
    let adminPastAuthentication = 0;
    // In parallel batches: one app, many requests in flight, as a busy server has them.
    for (let i = 0; i < requests.length; i += 40) {
      await Promise.all(
        requests.slice(i, i + 40).map(async ({ name, caller, options }) => {
          const res = await t.app.inject(options);
          const where = `${name} as ${caller}: ${String(options.method)} ${String(options.url).slice(0, 120)} -> ${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 120)}`;
          const problems: string[] = [];
          if (res.statusCode >= 500) problems.push('a 5xx');
          if (res.statusCode >= 400) {
            let body: { statusCode?: unknown; code?: unknown; message?: unknown } = {};
            try {
              body = res.json();
            } catch {
              problems.push('not JSON');
            }
            if (!String(res.headers['content-type']).startsWith('application/json'))
              problems.push('not JSON');
            if (body.statusCode !== res.statusCode) problems.push('statusCode is not the status');
            if (typeof body.code !== 'string' || !codes.has(body.code)) problems.push('no code of ours');
            if (typeof body.message !== 'string') problems.push('no message');
          }
          for (const [header, value] of Object.entries(SECURITY_HEADERS))
            if (res.headers[header] !== value) problems.push(`no ${header}`);
          if (!res.headers['content-security-policy']) problems.push('no content-security-policy');
          if (caller === 'admin' && res.statusCode !== 401) adminPastAuthentication++;
          if (problems.length) failures.push(`${[...new Set(problems)].join(', ')}: ${where}`);
        }),
      );
    }
    expect(
      failures.length,
      `${failures.length} answers wrong, first:\n${failures.slice(0, 20).join('\n')}`,
    ).toBe(0);
    // The administrator's requests got past authentication (to the router's or the route's own refusal).
    expect(adminPastAuthentication).toBe(requests.filter((r) => r.caller === 'admin').length);
  }, 120_000);
});
