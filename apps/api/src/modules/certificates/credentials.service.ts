import {
  OPEN_BADGES_CONTEXTS,
  type CertificateCredential,
  type CredentialCheck,
  type OpenBadgeCredential,
} from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT, type JWK } from 'jose';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { notFound } from '../../lib/errors.js';
import { SITE_NAME } from '../courses/index.js';
import { bakedBadgePng } from './badge-png.js';
import { keptKey, signingKeyOf, type SigningKey } from './credential-keys.js';
import type { CertificateRow } from './certificates.repo.js';
import * as repo from './credentials.repo.js';
import {
  credentialUrls,
  jwtClaims,
  openBadgeCredential,
  statusListCredential,
  type StatusListCredential,
} from './open-badge.js';
import { encodeStatusList, randomStatusIndex, STATUS_LIST_FILL } from './status-list.js';

export interface CredentialsDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'production' | 'credentials'>;
  log: FastifyBaseLogger;
}

/**
 * Certificates as Open Badges 3.0 credentials (docs/decisions/019-verifiable-credentials.md): signed once as a
 * VC-JWT with the platform's key, every key ever used published, revocation published as a status list.
 */
export class CredentialsService {
  private key: Promise<SigningKey> | undefined;
  readonly urls: ReturnType<typeof credentialUrls>;

  constructor(private readonly deps: CredentialsDeps) {
    this.urls = credentialUrls(deps.config.publicUrl);
  }

  /** The key that signs now, its public half published before its first signature. */
  signingKey(): Promise<SigningKey> {
    this.key ??= this.loadKey().catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  private async loadKey() {
    const { credentials, production } = this.deps.config;
    if (!credentials.signingKey && production)
      this.deps.log.warn(
        'CREDENTIAL_SIGNING_KEY is not set: credentials are signed with a key kept in DATA_DIR (set one shared key for every API process)',
      );
    const key = await signingKeyOf(credentials.signingKey ?? (await keptKey(credentials.keyFile)));
    await repo.publishKey(this.deps.db, { kid: key.kid, alg: key.alg, publicJwk: key.publicJwk });
    return key;
  }

  /** The key id in a JWT header: a URL answering the key set that holds the key (Open Badges 3.0: a URI). */
  keyId = (thumbprint: string) => `${this.urls.jwks}#${thumbprint}`;

  /** `GET /certificates/jwks.json`: every public key that ever signed, the current one included. */
  async jwks(): Promise<{ keys: Record<string, string>[] }> {
    await this.signingKey();
    const keys = await repo.publishedKeys(this.deps.db);
    return {
      keys: keys.map((k) => ({ ...k.publicJwk, kid: this.keyId(k.kid), alg: k.alg, use: 'sig' })),
    };
  }

  /** `GET /certificates/issuer`: the issuer's Open Badges profile, which credentials name as their issuer. */
  issuer() {
    return {
      '@context': [...OPEN_BADGES_CONTEXTS],
      id: this.urls.issuer,
      type: ['Profile'],
      name: SITE_NAME,
      url: this.deps.config.publicUrl,
    };
  }

  private async sign(payload: OpenBadgeCredential | StatusListCredential) {
    const key = await this.signingKey();
    const jwt = await new SignJWT(jwtClaims(payload))
      .setProtectedHeader({ alg: key.alg, kid: this.keyId(key.kid), typ: 'JWT' })
      .sign(key.privateKey);
    return { jwt, kid: key.kid };
  }

  /** A certificate with its place in a status list: a random free bit of the open list, drawn once. */
  private async placed(cert: CertificateRow): Promise<CertificateRow> {
    const { db } = this.deps;
    for (let tries = 0; cert.statusIndex === null && tries < 20; tries++) {
      const list = await repo.openStatusList(db, STATUS_LIST_FILL);
      try {
        await repo.placeInStatusList(db, cert.id, list, randomStatusIndex());
      } catch (err) {
        // The bit is another certificate's: draw again.
        if (!isUniqueViolation(err)) throw err;
        continue;
      }
      cert = (await repo.certificateById(db, cert.id)) ?? cert;
    }
    if (cert.statusIndex === null || cert.statusList === null) throw new Error('no free status bit');
    return cert;
  }

  /**
   * The certificate's signed credential: the stored one, or made and stored on first need (a simultaneous
   * second maker's is dropped, so every caller answers the one stored). It never changes after that.
   */
  async ensure(cert: CertificateRow): Promise<CertificateCredential> {
    if (!cert.credentialJwt) {
      const at = await this.placed(cert);
      const credential = openBadgeCredential(
        {
          certificateId: at.id,
          userId: at.userId,
          courseId: at.courseId,
          courseTitle: at.courseTitle,
          learnerName: at.learnerName,
          issuedAt: at.issuedAt,
          statusList: at.statusList!,
          statusIndex: at.statusIndex!,
        },
        this.deps.config.publicUrl,
        SITE_NAME,
      );
      const { jwt, kid } = await this.sign(credential);
      await repo.storeCredential(this.deps.db, at.id, jwt, kid);
      cert = (await repo.certificateById(this.deps.db, at.id)) ?? at;
    }
    const jwt = cert.credentialJwt!;
    return { jwt, credential: decodeJwt(jwt) as unknown as OpenBadgeCredential };
  }

  /** The PNG badge with the certificate's credential baked in. */
  async badge(cert: CertificateRow) {
    const { jwt } = await this.ensure(cert);
    return bakedBadgePng(cert.courseId, jwt);
  }

  /**
   * Whether the certificate's credential verifies against the published keys, as an outside verifier would
   * check it (signature, key, issuer). A certificate without one gets it first, unless it is revoked or its
   * holder removed it (closed the account: the credential was erased with the name).
   */
  async check(cert: CertificateRow): Promise<CredentialCheck> {
    const ended = cert.revokedAt || cert.holderRemovedAt;
    const jwt = cert.credentialJwt ?? (ended ? null : (await this.ensure(cert)).jwt);
    const listUrl = (c: CertificateRow) => (c.statusList ? this.urls.statusList(c.statusList) : null);
    if (!jwt)
      return {
        signature: 'unavailable',
        keyId: null,
        statusListIndex: cert.statusIndex,
        statusListCredential: listUrl(cert),
      };
    const keys = createLocalJWKSet((await this.jwks()) as { keys: JWK[] });
    const signature = await jwtVerify(jwt, keys, { issuer: this.urls.issuer }).then(
      () => 'verified' as const,
      () => 'invalid' as const,
    );
    const status = (decodeJwt(jwt) as unknown as OpenBadgeCredential).credentialStatus;
    return {
      signature,
      keyId: decodeProtectedHeader(jwt).kid ?? null,
      statusListIndex: Number(status.statusListIndex),
      statusListCredential: status.statusListCredential,
    };
  }

  /**
   * `GET /certificates/status/{list}`: the list's revocations now, as a signed BitstringStatusListCredential.
   * The ETag follows the bits and the key (the signature is made only when the caller's copy is stale).
   */
  async statusList(list: number) {
    const state = await repo.statusListState(this.deps.db, list);
    if (!state.exists) throw notFound('Status list');
    const encodedList = encodeStatusList(state.revoked);
    const { kid } = await this.signingKey();
    const etag = `W/"${createHash('sha256').update(`${kid}:${encodedList}`).digest('base64url').slice(0, 27)}"`;
    const jwt = async () =>
      (await this.sign(statusListCredential(list, encodedList, new Date(), this.deps.config.publicUrl))).jwt;
    return { etag, jwt };
  }
}
