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
    expect(signer.verify(`${body}.${mac.slice(0, -1)}A`, 0)).toBeUndefined();
    expect(signer.verify(`${body}.`, 0)).toBeUndefined();
    expect(signer.verify('garbage', 0)).toBeUndefined();
    expect(
      new PlaybackSigner('another-secret-of-at-least-thirty-two-chars').verify(token, 0),
    ).toBeUndefined();
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
