import { OPEN_BADGES_CONTEXTS, type OpenBadgeCredential } from '@rianroo/contract';
import { createHash } from 'node:crypto';

/** The URLs of the platform's credential documents, all under the API of PUBLIC_URL. */
export function credentialUrls(publicUrl: string) {
  const base = `${publicUrl}/api/certificates`;
  return {
    issuer: `${base}/issuer`,
    jwks: `${base}/jwks.json`,
    key: (kid: string) => `${base}/keys/${kid}`,
    statusList: (list: number) => `${base}/status/${list}`,
  };
}

/**
 * A learner's subject id in credentials: a UUID made from a hash of their account id, so all their credentials
 * name one subject without telling the account id.
 */
export function subjectId(userId: string) {
  const h = createHash('sha256').update(`rianroo-learner:${userId}`).digest('hex');
  // Version 8 (a custom UUID) and the RFC 4122 variant.
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Whole seconds in UTC: a VC-JWT's `nbf` must equal the credential's `validFrom`. */
export const wholeSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
export const xsdDateTime = (d: Date) => wholeSeconds(d).toISOString().replace('.000Z', 'Z');

export interface CredentialFacts {
  certificateId: string;
  userId: string;
  courseId: string;
  courseTitle: string;
  learnerName: string;
  issuedAt: Date;
  statusList: number;
  statusIndex: number;
}

/** The Open Badges 3.0 credential of a certificate: what it says never changes after issue. */
export function openBadgeCredential(
  f: CredentialFacts,
  publicUrl: string,
  issuerName: string,
): OpenBadgeCredential {
  const urls = credentialUrls(publicUrl);
  const listUrl = urls.statusList(f.statusList);
  return {
    '@context': [...OPEN_BADGES_CONTEXTS],
    id: `urn:uuid:${f.certificateId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: f.courseTitle,
    description: `ใบประกาศนียบัตรการเรียนจบคอร์ส “${f.courseTitle}” · Certificate of completion`,
    issuer: { id: urls.issuer, type: ['Profile'], name: issuerName, url: publicUrl },
    validFrom: xsdDateTime(f.issuedAt),
    credentialSubject: {
      id: subjectId(f.userId),
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: f.learnerName },
      ],
      achievement: {
        id: `urn:uuid:${f.courseId}`,
        type: ['Achievement'],
        name: f.courseTitle,
        description: `คอร์สออนไลน์ “${f.courseTitle}” บน ${issuerName} · An online course on ${issuerName}`,
        criteria: {
          narrative:
            'เรียนครบทุกตอนของคอร์ส ผ่านแบบทดสอบหลังเรียนเมื่อคอร์สมี และทำแบบประเมินเมื่อคอร์สกำหนด · ' +
            'Watched every lesson of the course, passed its final test where it has one, and evaluated it where asked.',
        },
      },
    },
    credentialStatus: {
      id: `${listUrl}#${f.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(f.statusIndex),
      statusListCredential: listUrl,
    },
  };
}

/** The claims of a VC-JWT (Open Badges 3.0, JSON Web Token proof): the credential with iss, jti, nbf, sub. */
export function jwtClaims(c: OpenBadgeCredential | StatusListCredential) {
  return {
    ...c,
    iss: typeof c.issuer === 'string' ? c.issuer : c.issuer.id,
    jti: c.id,
    nbf: Math.floor(Date.parse(c.validFrom) / 1000),
    sub: c.credentialSubject.id,
  };
}

export interface StatusListCredential {
  '@context': string[];
  id: string;
  type: string[];
  issuer: string;
  validFrom: string;
  credentialSubject: {
    id: string;
    type: 'BitstringStatusList';
    statusPurpose: 'revocation';
    encodedList: string;
  };
}

/** A `BitstringStatusListCredential` (revocation) of list `list`. */
export function statusListCredential(
  list: number,
  encodedList: string,
  validFrom: Date,
  publicUrl: string,
): StatusListCredential {
  const urls = credentialUrls(publicUrl);
  const id = urls.statusList(list);
  return {
    '@context': [OPEN_BADGES_CONTEXTS[0]],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: urls.issuer,
    validFrom: xsdDateTime(validFrom),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList,
    },
  };
}
