import Ajv from 'ajv';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { gunzipSync, crc32 } from 'node:zlib';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from './admin-fixture.js';
import { seedCatalogue, subscribe } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

const ORIGIN = 'http://rianroo.test';
const ISSUER = `${ORIGIN}/api/certificates/issuer`;
const schema = JSON.parse(
  readFileSync(new URL('./fixtures/ob3-credential.schema.json', import.meta.url), 'utf8'),
);
// The installed Ajv (6) takes draft-07 and checks formats (date-time) itself.
const validateOb3 = new Ajv({ allErrors: true, format: 'full' }).compile(schema);

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
const others: TestApp[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
});
afterAll(async () => {
  for (const o of others) await o.close();
  await t.close();
});

type H = Record<string, string>;
const get = (app: TestApp, url: string, h: H = {}) => app.app.inject({ url: `/api${url}`, headers: h });

/**
 * A learner who completed the paid course (its non-teaser episodes watched) and downloaded the certificate, as
 * certificates.test.ts does. The episodes are marked watched in the database: how saves get there (played
 * ranges, the watch-time budget) is the progress tests' business, not this file's.
 */
async function graduate(app = t, firstName = 'สมหญิง') {
  const u = await register(app.app, { firstName, lastName: 'ตั้งใจเรียน' });
  await subscribe(app, u.user.id);
  const h = bearer(u.access_token);
  for (const e of cat.paidEpisodes.slice(1))
    await app.db.$client.query(
      `insert into episode_progress (user_id, episode_id, course_id, last_second, completion_percentage,
                                     first_watched_at, watched_at, played)
       values ($1, $2, $3, 100, 100, now(), now(), '{[0,100)}')`,
      [u.user.id, e.id, cat.paid],
    );
  expect((await get(app, `/media/get-certificate/${cat.paid}`, h)).statusCode).toBe(200);
  const [{ code }] = (await get(app, '/users/certificates', h)).json() as [{ code: string }];
  const { rows } = await app.db.$client.query(
    `select id, status_list, status_index, credential_jwt from certificates where code = $1`,
    [code],
  );
  return { ...u, h, code, row: rows[0] as Record<string, unknown> };
}

const keySet = async (app = t) => {
  const res = await get(app, '/certificates/jwks.json');
  expect(res.statusCode).toBe(200);
  return res.json() as JSONWebKeySet;
};
const verifyWith = async (jwt: string, app = t) =>
  jwtVerify(jwt, createLocalJWKSet(await keySet(app)), { issuer: ISSUER });

/** The bits of a status list credential's encodedList (Multibase `u`, base64url, GZIP). */
function statusBits(jwt: string) {
  const subject = (decodeJwt(jwt) as { credentialSubject: { encodedList: string } }).credentialSubject;
  expect(subject.encodedList.startsWith('u')).toBe(true);
  return gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
}
const bit = (bits: Buffer, i: number) => (bits[i >> 3]! >> (7 - (i & 7))) & 1;

/** The chunks of a PNG, each CRC checked. */
function pngChunks(png: Buffer) {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
    chunks.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

describe('a certificate as an Open Badges 3.0 credential', () => {
  it('is a VC-JWT that verifies against the published key set and validates against the OB 3.0 schema', async () => {
    const u = await graduate();
    const res = await get(t, `/certificates/${u.code}/credential`, u.h);
    expect(res.statusCode).toBe(200);
    const { jwt, credential } = res.json() as { jwt: string; credential: Record<string, unknown> };
    // Signed when the certificate was issued, stored, and the same on every download.
    expect(u.row.credential_jwt).toBe(jwt);
    expect((await get(t, `/certificates/${u.code.toLowerCase()}/credential`, u.h)).json().jwt).toBe(jwt);

    const { payload, protectedHeader } = await verifyWith(jwt);
    expect(protectedHeader).toEqual({
      alg: 'EdDSA',
      typ: 'JWT',
      kid: expect.stringMatching(/^http:\/\/rianroo\.test\/api\/certificates\/jwks\.json#[\w-]{43}$/),
    });
    const keys = (await keySet()).keys;
    expect(keys.every((k) => !('d' in k))).toBe(true);
    expect(keys.map((k) => k.kid)).toContain(protectedHeader.kid);

    expect(validateOb3(payload), JSON.stringify(validateOb3.errors)).toBe(true);
    expect(validateOb3(credential), JSON.stringify(validateOb3.errors)).toBe(true);
    const c = payload as JWTPayload & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(c['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(c.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(c.issuer).toMatchObject({ id: ISSUER, type: ['Profile'], name: expect.any(String) });
    expect(c.credentialSubject).toMatchObject({
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'สมหญิง ตั้งใจเรียน' },
      ],
      achievement: {
        id: `urn:uuid:${cat.paid}`,
        type: ['Achievement'],
        name: 'ลงทุนหุ้นเบื้องต้น',
        criteria: { narrative: expect.any(String) },
      },
    });
    // The JWT claims of the Open Badges proof format.
    expect(c.iss).toBe(ISSUER);
    expect(c.jti).toBe(c.id);
    expect(c.jti).toBe(`urn:uuid:${u.row.id}`);
    expect(c.sub).toBe(c.credentialSubject.id);
    expect(new Date(c.nbf! * 1000).toISOString().replace('.000Z', 'Z')).toBe(c.validFrom);
    expect(c.credentialStatus).toEqual({
      id: `${ORIGIN}/api/certificates/status/${u.row.status_list}#${u.row.status_index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(u.row.status_index),
      statusListCredential: `${ORIGIN}/api/certificates/status/1`,
    });
    expect(credential).toEqual(
      Object.fromEntries(Object.entries(c).filter(([k]) => !['iss', 'jti', 'nbf', 'sub'].includes(k))),
    );

    // The public verification answers that the signature holds.
    const verified = (await get(t, `/certificates/verify/${u.code}`)).json();
    expect(verified).toMatchObject({
      status: 'valid',
      credential: {
        signature: 'verified',
        keyId: protectedHeader.kid,
        statusListIndex: u.row.status_index,
        statusListCredential: `${ORIGIN}/api/certificates/status/1`,
      },
    });
    // The development key is kept under DATA_DIR, readable by its owner only.
    expect(statSync(t.config.credentials.keyFile).mode & 0o777).toBe(0o600);
  });

  it('refuses a JWT with one byte changed, and one signed by another key', async () => {
    const u = await graduate();
    const { jwt } = (await get(t, `/certificates/${u.code}/credential`, u.h)).json() as { jwt: string };
    await expect(verifyWith(jwt)).resolves.toBeTruthy();
    const [head, body, sig] = jwt.split('.') as [string, string, string];
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    await expect(verifyWith(`${head}.${flip(body, body.length >> 1)}.${sig}`)).rejects.toThrow();
    await expect(verifyWith(`${head}.${body}.${flip(sig, 5)}`)).rejects.toThrow();
    // The same claims and header (the published kid), signed by a key that is not the platform's.
    const forger = await generateKeyPair('EdDSA');
    const forged = await new SignJWT(decodeJwt(jwt))
      .setProtectedHeader(decodeProtectedHeader(jwt) as { alg: string })
      .sign(forger.privateKey);
    await expect(verifyWith(forged)).rejects.toThrow(/signature verification failed/);
    // The server checks its own stored credential the same way.
    await t.db.$client.query(`update certificates set credential_jwt = $2 where code = $1`, [u.code, forged]);
    expect((await get(t, `/certificates/verify/${u.code}`)).json().credential.signature).toBe('invalid');
    await t.db.$client.query(`update certificates set credential_jwt = $2 where code = $1`, [u.code, jwt]);
    expect((await get(t, `/certificates/verify/${u.code}`)).json().credential.signature).toBe('verified');
  });

  it("is revoked through the status list: the admin's revocation sets its bit, and verify says revoked", async () => {
    const u = await graduate();
    const index = u.row.status_index as number;
    const list = async (h: H = {}) => get(t, '/certificates/status/1', h);
    const before = await list();
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/vc+jwt');
    expect(before.headers['cache-control']).toMatch(/max-age=\d{1,2}\b/);
    const { payload } = await verifyWith(before.body);
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: `${ORIGIN}/api/certificates/status/1`,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: ISSUER,
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    const bitsBefore = statusBits(before.body);
    expect(bitsBefore.length).toBeGreaterThanOrEqual(16 * 1024);
    expect(bit(bitsBefore, index)).toBe(0);
    const etag = before.headers.etag as string;
    expect((await list({ 'if-none-match': etag })).statusCode).toBe(304);

    const admin = await adminUser(t);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${u.row.id}/revoke`,
      headers: bearer(admin.token),
      payload: { reason: 'ทดสอบการเพิกถอน' },
    });
    expect(revoke.statusCode).toBe(200);

    const after = await list({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    await verifyWith(after.body);
    const bitsAfter = statusBits(after.body);
    expect(bit(bitsAfter, index)).toBe(1);
    // Only that bit changed.
    const changed = [...bitsAfter].flatMap((b, i) => (b !== bitsBefore[i] ? [i] : []));
    expect(changed).toEqual([index >> 3]);
    expect(bitsAfter[index >> 3]! ^ bitsBefore[index >> 3]!).toBe(0x80 >> (index & 7));

    expect((await get(t, `/certificates/verify/${u.code}`)).json()).toMatchObject({
      status: 'revoked',
      credential: { signature: 'verified', statusListIndex: index },
    });
    // As its PDF, a revoked certificate's credential and badge are no longer handed out.
    for (const path of ['credential', 'badge.png']) {
      const refused = await get(t, `/certificates/${u.code}/${path}`, u.h);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('CERTIFICATE_REVOKED');
    }
    expect((await get(t, '/certificates/status/999')).statusCode).toBe(404);
  });

  it('is baked into a PNG badge: a valid image whose openbadgecredential iTXt chunk holds the same JWT', async () => {
    const u = await graduate();
    const { jwt } = (await get(t, `/certificates/${u.code}/credential`, u.h)).json() as { jwt: string };
    const res = await get(t, `/certificates/${u.code}/badge.png`, u.h);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${u.code}.badge.png"`);
    const png = res.rawPayload;
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([256, 256]);
    // Not blank: opaque pixels of more than one colour.
    const colours = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4)
      if (image.data[i + 3]) colours.add(image.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(1);
    const chunks = pngChunks(png);
    expect(chunks[0]!.type).toBe('IHDR');
    expect(chunks.at(-1)!.type).toBe('IEND');
    const baked = chunks.filter((c) => c.type === 'iTXt');
    expect(baked).toHaveLength(1);
    const data = baked[0]!.data;
    const keywordEnd = data.indexOf(0);
    expect(data.subarray(0, keywordEnd).toString('latin1')).toBe('openbadgecredential');
    // Compression flag and method 0, empty language tag and translated keyword, then the text.
    expect([...data.subarray(keywordEnd, keywordEnd + 5)]).toEqual([0, 0, 0, 0, 0]);
    expect(data.subarray(keywordEnd + 5).toString('utf8')).toBe(jwt);
  });

  it("is the owner's only: a stranger, an unknown code or no token gets the one error shape", async () => {
    const u = await graduate();
    const stranger = await register(t.app);
    for (const path of ['credential', 'badge.png']) {
      const res = await get(t, `/certificates/${u.code}/${path}`, bearer(stranger.access_token));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Certificate not found' });
      expect(res.body).not.toContain('eyJ');
      expect((await get(t, `/certificates/ZZZZZZZZZZZZ/${path}`, u.h)).statusCode).toBe(404);
      expect((await get(t, `/certificates/${u.code}/${path}`)).statusCode).toBe(401);
    }
  });
});

describe('key rotation', () => {
  it('signs new credentials with the configured key while old ones still verify; a restart keeps the kept key', async () => {
    const old = await graduate(t, 'เก่า');
    const { jwt: oldJwt } = (await get(t, `/certificates/${old.code}/credential`, old.h)).json() as {
      jwt: string;
    };
    const oldKid = decodeProtectedHeader(oldJwt).kid;

    // A restart on the same DATA_DIR signs with the same key.
    const restarted = await createTestApp({ DATA_DIR: t.config.dataDir }, t);
    others.push(restarted);
    const again = await graduate(restarted, 'รีสตาร์ต');
    expect(decodeProtectedHeader(again.row.credential_jwt as string).kid).toBe(oldKid);

    // A P-256 key configured (ES256): the new signing key; the old public key stays published.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rotated = await createTestApp(
      { CREDENTIAL_SIGNING_KEY: JSON.stringify(privateKey.export({ format: 'jwk' })) },
      t,
    );
    others.push(rotated);
    const fresh = await graduate(rotated, 'ใหม่');
    const freshJwt = fresh.row.credential_jwt as string;
    const header = decodeProtectedHeader(freshJwt);
    expect(header.alg).toBe('ES256');
    expect(header.kid).not.toBe(oldKid);
    const kids = (await keySet(rotated)).keys.map((k) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, header.kid]));
    await expect(verifyWith(oldJwt, rotated)).resolves.toBeTruthy();
    await expect(verifyWith(freshJwt, rotated)).resolves.toBeTruthy();
    // Each process's answers verify against any process's key set (they share the published keys).
    await expect(verifyWith(freshJwt, t)).resolves.toBeTruthy();
    for (const app of [t, rotated])
      for (const code of [old.code, fresh.code])
        expect((await get(app, `/certificates/verify/${code}`)).json().credential.signature).toBe('verified');
    // The old credential itself did not change, and the status list is signed with the new key.
    expect((await get(rotated, `/certificates/${old.code}/credential`, old.h)).json().jwt).toBe(oldJwt);
    const status = await get(rotated, '/certificates/status/1');
    expect(decodeProtectedHeader(status.body).kid).toBe(header.kid);
    await verifyWith(status.body, t);
  });
});
