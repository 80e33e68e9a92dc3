// Privacy (PDPA): schemas of the terms part (endpoints/privacy.ts): the terms of use and the privacy notice in
// versions, their acceptance, and the history of a learner's consents.
import { z } from 'zod';
import { boundedText, filledLine, uuid } from './common.js';

export const legalKinds = ['terms', 'privacy'] as const;
export type LegalKind = (typeof legalKinds)[number];

export const legalKindParams = z.object({ kind: z.enum(legalKinds) });
/** An earlier version by its number; without it, the version in effect now. */
export const legalDocumentQuery = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

/** One version of a document, both languages. The body: paragraphs split by a blank line, `## ` a heading. */
export const legalDocument = z.object({
  id: uuid,
  kind: z.enum(legalKinds),
  version: z.number().int(),
  effectiveAt: z.string(),
  titleTh: z.string(),
  titleEn: z.string(),
  bodyTh: z.string(),
  bodyEn: z.string(),
  changesTh: z.string(),
  changesEn: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocument>;

/** A version in the list of versions (no body). */
export const legalVersion = legalDocument.pick({
  version: true,
  effectiveAt: true,
  titleTh: true,
  titleEn: true,
});

/** A version of a document, and every version in effect so far (newest first). */
export const legalDocumentAnswer = legalDocument.extend({ versions: z.array(legalVersion) });
export type LegalDocumentAnswer = z.infer<typeof legalDocumentAnswer>;

/** A document in effect that the learner has not accepted yet; `renewal` when they accepted an earlier version. */
export const pendingDocument = legalDocument
  .omit({ bodyTh: true, bodyEn: true })
  .extend({ renewal: z.boolean() });
export const legalStatusAnswer = z.object({ pending: z.array(pendingDocument) });
export type LegalStatusAnswer = z.infer<typeof legalStatusAnswer>;

export const legalAcceptanceBody = z.object({
  documents: z
    .array(z.object({ kind: z.enum(legalKinds), version: z.number().int().min(1).max(1_000_000) }))
    .min(1)
    .max(2),
});
export type LegalAcceptanceBody = z.infer<typeof legalAcceptanceBody>;

// ---- the console ----

/** A version in the console: whether it is in effect now, was replaced, or is still to come. */
export const adminLegalDocument = legalDocument.extend({
  state: z.enum(['scheduled', 'current', 'replaced']),
  createdAt: z.string(),
  acceptances: z.number().int(),
});
export type AdminLegalDocument = z.infer<typeof adminLegalDocument>;
export const adminLegalDocumentList = z.object({ items: z.array(adminLegalDocument) });

const LEGAL_TITLE_MAX = 200;
const LEGAL_BODY_MAX = 100_000;
const LEGAL_CHANGES_MAX = 5_000;
/** A new version (or a scheduled one changed): effective now when no date is given; never in the past. */
export const adminLegalDocumentBody = z.object({
  kind: z.enum(legalKinds),
  effectiveAt: z.iso.datetime({ offset: true }).optional(),
  titleTh: filledLine(LEGAL_TITLE_MAX),
  titleEn: filledLine(LEGAL_TITLE_MAX),
  bodyTh: boundedText(LEGAL_BODY_MAX, 1),
  bodyEn: boundedText(LEGAL_BODY_MAX, 1),
  changesTh: boundedText(LEGAL_CHANGES_MAX),
  changesEn: boundedText(LEGAL_CHANGES_MAX),
});
export type AdminLegalDocumentBody = z.infer<typeof adminLegalDocumentBody>;
export const adminLegalDocumentPatch = adminLegalDocumentBody.omit({ kind: true });

// ---- consents ----

export const consentPurposes = ['news', 'promotions', 'reminders', 'analytics'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];
export const consentSources = [
  'registration',
  'account',
  'banner',
  'unsubscribe',
  'staff',
  'closure',
] as const;
export type ConsentSource = (typeof consentSources)[number];

export const consentEvent = z.object({
  purpose: z.enum(consentPurposes),
  granted: z.boolean(),
  source: z.enum(consentSources),
  at: z.string(),
});
/** The learner's consents now, and their history (newest first, the latest CONSENT_HISTORY_MAX). */
export const consentsAnswer = z.object({
  marketing: z.object({ news: z.boolean(), promotions: z.boolean(), reminders: z.boolean() }),
  /** Null until the learner chose while signed in. */
  analytics: z.boolean().nullable(),
  history: z.array(consentEvent),
});
export type ConsentsAnswer = z.infer<typeof consentsAnswer>;
export const CONSENT_HISTORY_MAX = 100;

export const analyticsConsentBody = z.object({
  granted: z.boolean(),
  /** Where the choice was made: the banner, or the account page's switch. */
  source: z.enum(['banner', 'account']),
});
export type AnalyticsConsentBody = z.infer<typeof analyticsConsentBody>;
