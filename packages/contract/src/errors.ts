import { z } from 'zod';

/** Stable error codes; the web client switches on these, never on messages. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'INVALID_CREDENTIALS',
  /** A social or partner account that has no confirmed e-mail address to sign in with. */
  'EMAIL_UNCONFIRMED',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NO_ACCESS',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'DEVICE_LIMIT_REACHED',
  'RESET_CODE_INVALID',
  'LINK_INVALID',
  'PASSWORD_MISMATCH',
  'WEAK_PASSWORD',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'VIDEO_NOT_READY',
  /** A course with an episode whose video is missing, in the works or failed cannot be published. */
  'COURSE_NOT_PUBLISHABLE',
  /** The list sent no longer matches the rows (someone changed them meanwhile): reload and try again. */
  'STALE_EDIT',
  'PLAYBACK_TOKEN_INVALID',
  'ATTEMPT_LIMIT_REACHED',
  'TIME_UP',
  'NO_ATTEMPT_IN_PROGRESS',
  'PREREQUISITE_NOT_MET',
  'COURSE_NOT_COMPLETED',
  'EVALUATION_REQUIRED',
  /** The evaluation's questions changed while the learner answered (one deleted or made inactive): reload, answer again. */
  'EVALUATION_CHANGED',
  'CERTIFICATE_REVOKED',
  'TRIAL_NOT_ELIGIBLE',
  'COUPON_INVALID',
  'PLAN_UNAVAILABLE',
  'ORDER_NOT_PAYABLE',
  'PAYMENT_DECLINED',
  'SIGNATURE_INVALID',
  'NOT_CANCELABLE',
  /** Automatic renewal charges a card: an order to renew automatically is paid by card, not PromptPay. */
  'CARD_REQUIRED',
  /** Admin console: an administrator may not change their own role, and the last administrator stays one. */
  'OWN_ROLE',
  'LAST_ADMIN',
  /** Admin console: the thing was already revoked or ended (by another administrator, or a moment ago). */
  'ALREADY_REVOKED',
  /** Admin console: a data request closed (done or rejected) stays closed; a new request is entered instead. */
  'REQUEST_CLOSED',
  /** Admin console: the row changed since it was read (another administrator's edit); reload and redo. */
  'EDIT_CONFLICT',
  /** Admin console: a value that must be unique (a code, a provider) belongs to another row. */
  'VALUE_TAKEN',
  /** Admin console: subscriptions or orders name this plan; deactivate it instead of deleting it. */
  'PLAN_IN_USE',
  /** Admin console: learners have watched this episode or taken its quiz; hide it instead of removing it. */
  'EPISODE_IN_USE',
  /** Admin console: learners would see an episode whose video is not ready; it stays hidden until it is. */
  'EPISODE_NOT_READY',
  /** Admin console: not while the course is published (removing an episode); unpublish it first. */
  'COURSE_IS_PUBLISHED',
  /** Admin console: learners have answered this question; retire it (or make it inactive) instead. */
  'QUESTION_ANSWERED',
  /** Admin console: the learner already holds a current subscription; a grant would overlap it. */
  'SUBSCRIPTION_EXISTS',
  /** A full tax invoice for a receipt of nothing paid (a 100% promo code): there is no sale to invoice. */
  'NOTHING_TO_INVOICE',
  /** Admin console: only a paid order, through the provider that took the payment, can be refunded. */
  'NOT_REFUNDABLE',
  /** Admin console: the refund is more than what is left of the payment (other refunds hold the rest). */
  'REFUND_TOO_LARGE',
  /** Admin console: the payment provider refused the refund or could not be reached; nothing was refunded. */
  'REFUND_FAILED',
  /** A data export of mine is still being built: one at a time (the ZIP is mailed when ready). */
  'EXPORT_IN_PROGRESS',
  /** Admin console: a version of the terms or privacy notice in effect is never changed or removed; add a new one. */
  'LEGAL_VERSION_IN_EFFECT',
  /** The version accepted is not the one in effect now (a newer one took effect meanwhile): reload and read it. */
  'LEGAL_VERSION_NOT_CURRENT',
  /** Organisation console: an organisation keeps at least one manager. */
  'LAST_MANAGER',
  /** An organisation invitation's link that was used, withdrawn, replaced by a newer one or has expired. */
  'INVITE_INVALID',
  /** An organisation invitation addressed to another e-mail address than the signed-in account's. */
  'INVITE_OTHER_EMAIL',
  /** Organisation seats: fewer seats than members hold now; remove members first or keep the number. */
  'SEATS_BELOW_TAKEN',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetail>;

/** The one error shape of every failed API call (PRODUCT.md section 2). */
export const apiError = z.looseObject({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(errorDetail).optional(),
});
export type ApiError = z.infer<typeof apiError>;
