import { createHmac, timingSafeEqual } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';

/**
 * Who a token plays for: a learner's session (playback ends with it), or a visitor without an account, whose
 * tokens are only ever signed for a teaser's video (MediaService.playbackForVisitor).
 */
export type PlaybackViewer = { userId: string; sessionId: string } | { visitor: true };

export type PlaybackClaims = PlaybackViewer & {
  /** The one video the token opens. */
  assetId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * Tokens of this platform's own playback: `<claims>.<HMAC-SHA256>`, URL-safe, checked on every playlist and
 * segment request without a database round trip. The key is derived from JWT_SECRET for this use only.
 */
export class PlaybackSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('rianroo/playback/v1').digest();
  }

  private mac(body: string) {
    return createHmac('sha256', this.key).update(body).digest();
  }

  sign(c: PlaybackClaims): string {
    const who = 'visitor' in c ? { v: 1 } : { u: c.userId, s: c.sessionId };
    const body = b64(JSON.stringify({ a: c.assetId, ...who, x: c.exp }));
    return `${body}.${b64(this.mac(body))}`;
  }

  /** The claims of a genuine token; `expired` when genuine but past its time; undefined otherwise. */
  verify(token: string, nowSeconds = Date.now() / 1000): PlaybackClaims | 'expired' | undefined {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 400) return undefined;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const want = this.mac(body);
    if (given.length !== want.length || !timingSafeEqual(given, want)) return undefined;
    let parsed: { a?: unknown; u?: unknown; s?: unknown; v?: unknown; x?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const { a, u, s, v, x } = parsed;
    if (typeof a !== 'string' || typeof x !== 'number') return undefined;
    let viewer: PlaybackViewer;
    // Either a learner's session or a visitor, never both nor half of one.
    if (typeof u === 'string' && typeof s === 'string' && v === undefined)
      viewer = { userId: u, sessionId: s };
    else if (v === 1 && u === undefined && s === undefined) viewer = { visitor: true };
    else return undefined;
    if (x <= nowSeconds) return 'expired';
    return { ...viewer, assetId: a, exp: x };
  }
}

export interface CloudflareStreamSettings {
  customerCode: string;
  keyId: string;
  /** The signing key as Cloudflare's `POST /stream/keys` returns it: a base64-encoded JWK (RSA private key). */
  jwk: string;
}

/**
 * Cloudflare Stream signed URLs, signed locally with the account's signing key (no call to Cloudflare per
 * view): an RS256 JWT whose `kid` is the key id and `sub` the video uid, used in place of the uid in the
 * customer's playback URLs.
 */
export class CloudflareStreamSigner {
  private key?: ReturnType<typeof importJWK>;

  constructor(private readonly s: CloudflareStreamSettings) {}

  private signingKey() {
    this.key ??= importJWK(JSON.parse(Buffer.from(this.s.jwk, 'base64').toString('utf8')) as JWK, 'RS256');
    return this.key;
  }

  async sign(videoUid: string, exp: number) {
    const token = await new SignJWT({ kid: this.s.keyId })
      .setProtectedHeader({ alg: 'RS256', kid: this.s.keyId })
      .setSubject(videoUid)
      .setNotBefore(Math.floor(Date.now() / 1000) - 60)
      .setExpirationTime(exp)
      .sign(await this.signingKey());
    const host = `https://customer-${this.s.customerCode}.cloudflarestream.com`;
    return {
      token,
      playbackUrl: `${host}/${token}/manifest/video.m3u8`,
      posterUrl: `${host}/${token}/thumbnails/thumbnail.jpg`,
    };
  }
}
