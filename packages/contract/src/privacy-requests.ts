// Privacy (PDPA): schemas of the requests part (endpoints/privacy.ts): the data-request queue a learner files
// into and the console works through, each request due 30 days after it was received.
import { z } from 'zod';
import { auditEntry, pageOf, pageQuery } from './admin.js';
import { boundedText, email, uuid } from './common.js';

export const DATA_REQUEST_KINDS = ['access', 'erasure', 'correction', 'objection'] as const;
export const dataRequestKind = z.enum(DATA_REQUEST_KINDS);
export type DataRequestKind = z.infer<typeof dataRequestKind>;
/** The kinds a learner files from the account page; access and erasure come from the export and closure. */
export const learnerRequestKind = z.enum(['correction', 'objection']);

export const DATA_REQUEST_STATUSES = ['open', 'in_progress', 'done', 'rejected'] as const;
export const dataRequestStatus = z.enum(DATA_REQUEST_STATUSES);
export type DataRequestStatus = z.infer<typeof dataRequestStatus>;
/** A request in one of these is closed: it has its resolution and its closing time, and stays closed. */
export const CLOSED_STATUSES: readonly DataRequestStatus[] = ['done', 'rejected'];

/** The days the law gives to answer a request, counted from the day it was received. */
export const DATA_REQUEST_DAYS = 30;
export const DATA_REQUEST_DETAILS_MAX = 2000;
export const DATA_REQUEST_RESOLUTION_MAX = 2000;

/** A learner's own request, as their account page lists it. */
export const myDataRequest = z.object({
  id: uuid,
  kind: dataRequestKind,
  status: dataRequestStatus,
  details: z.string(),
  /** What was done, or why not: set when it was closed. */
  resolution: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
  closedAt: z.string().nullable(),
});
export type MyDataRequest = z.infer<typeof myDataRequest>;
export const myDataRequestsAnswer = z.object({ items: z.array(myDataRequest) });
export type MyDataRequestsAnswer = z.infer<typeof myDataRequestsAnswer>;

/** A learner asks for a correction of their data, or objects to a use of it: what and why, in their words. */
export const myDataRequestBody = z.object({
  kind: learnerRequestKind,
  details: boundedText(DATA_REQUEST_DETAILS_MAX, 1),
});
export type MyDataRequestBody = z.infer<typeof myDataRequestBody>;

/** The learner a request is about, when known (null for a requester without an account, or one removed). */
export const dataRequestUser = z.object({ id: uuid, name: z.string(), email: z.string() });

export const adminDataRequest = z.object({
  id: uuid,
  kind: dataRequestKind,
  source: z.enum(['learner', 'staff']),
  status: dataRequestStatus,
  requesterEmail: z.string(),
  user: dataRequestUser.nullable(),
  details: z.string(),
  resolution: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
  closedAt: z.string().nullable(),
  /** Still open (or in progress) after its due time, by the database's clock. */
  overdue: z.boolean(),
  updatedAt: z.string(),
});
export type AdminDataRequest = z.infer<typeof adminDataRequest>;

/** The queue: soonest due first unless asked otherwise; `q` finds the requester's e-mail. */
export const adminDataRequestQuery = pageQuery(['dueAt', 'receivedAt']).extend({
  order: z.enum(['asc', 'desc']).default('asc'),
  status: dataRequestStatus.optional(),
  kind: dataRequestKind.optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export type AdminDataRequestQuery = z.infer<typeof adminDataRequestQuery>;
export const adminDataRequestPage = pageOf(adminDataRequest);
export type AdminDataRequestPage = z.infer<typeof adminDataRequestPage>;

/** One request with what the console did about it, oldest first (its audit history). */
export const adminDataRequestDetail = adminDataRequest.extend({ history: z.array(auditEntry) });
export type AdminDataRequestDetail = z.infer<typeof adminDataRequestDetail>;

/**
 * Staff enter a request received by mail, phone or letter. The requester's account, when one has this e-mail,
 * is linked. The day it was received is today or earlier (Bangkok days; today by default), and it is due
 * 30 days after.
 */
export const adminDataRequestBody = z.object({
  kind: dataRequestKind,
  requesterEmail: email,
  details: boundedText(DATA_REQUEST_DETAILS_MAX, 1),
  receivedOn: z.iso.date().optional(),
});
export type AdminDataRequestBody = z.infer<typeof adminDataRequestBody>;

/**
 * Moves a request along. Closing it (done or rejected) needs a resolution: what was done, or why not. A closed
 * request is final (409 REQUEST_CLOSED): a learner who asks again is a new request.
 */
export const adminDataRequestPatch = z.object({
  status: dataRequestStatus,
  resolution: boundedText(DATA_REQUEST_RESOLUTION_MAX).optional(),
});
export type AdminDataRequestPatch = z.infer<typeof adminDataRequestPatch>;
