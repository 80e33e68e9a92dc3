import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair, jwtVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { CloudflareStreamSigner, PlaybackSigner } from './playback-tokens.js';

const claims = {
  assetId: '01900000-0000-7000-8000-000000000001',
  userId: '01900000-0000-7000-8000-000000000002',
  sessionId: '01900000-0000-7000-8000-000000000003',
  exp: 2_000_000_000,
};

describe('playback tokens of the platform', () => {
  const signer = new PlaybackSigner('a-secret-of-at-least-thirty-two-characters');

  it('give back their claims until they expire', () => {
    const token = signer.sign(claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(token, claims.exp - 1)).toEqual(claims);
    expect(signer.verify(token, claims.exp)).toBe('expired');
  });

  it('refuse anything changed or signed with another key', () => {
    const token = signer.sign(claims);
    const [body, mac] = token.split('.') as [string, string];
    const other = Buffer.from(
      JSON.stringify({ a: claims.assetId, u: claims.userId, s: claims.sessionId, x: 3e9 }),
    );
    expect(signer.verify(`${other.toString('base64url')}.${mac}`, 0)).toBeUndefined();
    // One character changed: the first (the last one also carries padding bits a decoder may ignore).
    expect(signer.verify(`${body}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`, 0)).toBeUndefined();
    expect(signer.verify(`${body}.`, 0)).toBeUndefined();
    expect(signer.verify('garbage', 0)).toBeUndefined();
    expect(
      new PlaybackSigner('another-secret-of-at-least-thirty-two-chars').verify(token, 0),
    ).toBeUndefined();
  });
});

describe('playback tokens: the format, written out', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const signer = new PlaybackSigner(secret);
  // The key is HMAC-SHA256(JWT secret, "rianroo/playback/v1"); a token is <body>.<HMAC-SHA256(key, body)>.
  const key = createHmac('sha256', secret).update('rianroo/playback/v1').digest();
  const signedBody = (json: string) => {
    const body = Buffer.from(json).toString('base64url');
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };

  it('a token made by that recipe is genuine', () => {
    const json = JSON.stringify({ a: claims.assetId, u: claims.userId, s: claims.sessionId, x: claims.exp });
    expect(signedBody(json)).toBe(signer.sign(claims));
    expect(signer.verify(signedBody(json), 0)).toEqual(claims);
  });

  it('a genuine signature over a malformed body gives nothing', () => {
    const good = { a: claims.assetId, u: claims.userId, s: claims.sessionId, x: claims.exp };
    expect(signer.verify(signedBody('not json'), 0)).toBeUndefined();
    for (const bad of [
      { ...good, a: 1 },
      { ...good, u: null },
      { ...good, s: ['x'] },
      { ...good, x: '2000000000' },
    ])
      expect(signer.verify(signedBody(JSON.stringify(bad)), 0), JSON.stringify(bad)).toBeUndefined();
    expect(signer.verify(`.${signedBody('{}').split('.')[1]}`, 0)).toBeUndefined();
  });

  it('refuses tokens longer than 400 characters, even genuine ones; checks the clock by default', () => {
    const sized = (n: number) => signer.sign({ ...claims, assetId: 'a'.repeat(n) });
    let n = 100;
    while (sized(n).length < 400) n++;
    const edge = sized(n);
    expect(edge.length === 400 || edge.length === 401).toBe(true);
    if (edge.length === 400) expect(signer.verify(edge, 0)).toMatchObject({ exp: claims.exp });
    else expect(signer.verify(sized(n - 1), 0)).toMatchObject({ exp: claims.exp });
    expect(signer.verify(sized(n + 3), 0)).toBeUndefined();
    expect(signer.verify(signer.sign(claims))).toEqual(claims);
    expect(signer.verify(signer.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }))).toBe('expired');
  });
});

describe("a visitor's playback tokens (free previews, issue 33)", () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const signer = new PlaybackSigner(secret);
  const key = createHmac('sha256', secret).update('rianroo/playback/v1').digest();
  const signedBody = (body: object) => {
    const b = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${b}.${createHmac('sha256', key).update(b).digest('base64url')}`;
  };
  const visitor = { visitor: true as const, assetId: claims.assetId, exp: claims.exp };

  it('name the video and the expiry, and no learner nor session', () => {
    const token = signer.sign(visitor);
    expect(token).toBe(signedBody({ a: claims.assetId, v: 1, x: claims.exp }));
    expect(signer.verify(token, claims.exp - 1)).toEqual(visitor);
    expect(signer.verify(token, claims.exp)).toBe('expired');
  });

  it("are never half a learner's: a genuine body mixing both, or neither, gives nothing", () => {
    const { assetId: a, userId: u, sessionId: s, exp: x } = claims;
    for (const bad of [
      { a, v: 1, u, x },
      { a, v: 1, s, x },
      { a, v: 1, u, s, x },
      { a, v: true, x },
      { a, v: 2, x },
      { a, u, x },
      { a, x },
    ])
      expect(signer.verify(signedBody(bad), 0), JSON.stringify(bad)).toBeUndefined();
  });
});

describe('Cloudflare Stream signed URLs', () => {
  it('are RS256 tokens with the key id and the video uid, verifiable with the public key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = Buffer.from(
      JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'key-123', alg: 'RS256' }),
    ).toString('base64');
    const signer = new CloudflareStreamSigner({ customerCode: 'abc123', keyId: 'key-123', jwk });
    const exp = Math.floor(Date.now() / 1000) + 600;
    const signed = await signer.sign('ea95132c15732412d22c1476fa83f27a', exp);
    expect(decodeProtectedHeader(signed.token)).toEqual({ alg: 'RS256', kid: 'key-123' });
    const { payload } = await jwtVerify(signed.token, publicKey);
    expect(payload).toMatchObject({ sub: 'ea95132c15732412d22c1476fa83f27a', kid: 'key-123', exp });
    expect(payload.nbf).toBeLessThanOrEqual(Date.now() / 1000);
    expect(signed.playbackUrl).toBe(
      `https://customer-abc123.cloudflarestream.com/${signed.token}/manifest/video.m3u8`,
    );
    expect(signed.posterUrl).toBe(
      `https://customer-abc123.cloudflarestream.com/${signed.token}/thumbnails/thumbnail.jpg`,
    );
    // A token made with another key does not verify.
    const other = await generateKeyPair('RS256');
    await expect(jwtVerify(signed.token, other.publicKey)).rejects.toThrow();
  });
});
