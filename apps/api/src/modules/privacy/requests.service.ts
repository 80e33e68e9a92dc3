import {
  CLOSED_STATUSES,
  type AdminDataRequest,
  type AdminDataRequestBody,
  type AdminDataRequestPatch,
  type AdminDataRequestQuery,
  type MyDataRequestBody,
} from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { auditedWrite, AuditService } from '../audit/index.js';
import { requestClosedMail } from './requests-mail.js';
import * as repo from './requests.repo.js';

/** What the service uses. */
export interface RequestsDeps {
  db: Db;
  limiter: Limiter;
  mail: Mailer;
}

const DAY = 86_400;
/** A learner's own requests a day: enough for any real need, not a flood into the staff's queue. */
const LEARNER_REQUESTS_A_DAY = 10;
/** The audit history shown with a request: every action of one request fits in this many entries. */
const HISTORY_MAX = 100;

/** What of a request the audit log records, before and after: what the console sets and what it is about. */
const recorded = (r: AdminDataRequest) => ({
  kind: r.kind,
  source: r.source,
  status: r.status,
  requesterEmail: r.requesterEmail,
  userId: r.user?.id ?? null,
  details: r.details,
  resolution: r.resolution,
  receivedAt: r.receivedAt,
  dueAt: r.dueAt,
  closedAt: r.closedAt,
});

/**
 * The data-request queue (PDPA): learners file corrections and objections, staff enter requests received
 * elsewhere and work each through to done or rejected within 30 days; every console action is audited.
 * Access and erasure rows are filed by the export and closure parts; they show here and in the learner's list.
 */
export class RequestsService {
  private readonly audit: AuditService;

  constructor(private readonly deps: RequestsDeps) {
    this.audit = new AuditService(deps.db);
  }

  mine(userId: string) {
    return repo.requestsOf(this.deps.db.$client, userId).then((items) => ({ items }));
  }

  /** A learner's correction or objection, linked to them and under their account's e-mail. */
  async file(userId: string, body: MyDataRequestBody) {
    await this.deps.limiter.consume(`data-request:${userId}`, LEARNER_REQUESTS_A_DAY, DAY);
    const c = this.deps.db.$client;
    const learner = await repo.learnerOf(c, userId);
    if (!learner) throw notFound('User');
    const id = await repo.insertRequest(c, {
      kind: body.kind,
      source: 'learner',
      requesterEmail: learner.email,
      userId,
      details: body.details,
      receivedOn: null,
      createdBy: userId,
    });
    return (await repo.requestsOf(c, userId)).find((r) => r.id === id)!;
  }

  list(q: AdminDataRequestQuery) {
    return repo.listRequests(this.deps.db.$client, q);
  }

  async read(id: string) {
    const found = await repo.request(this.deps.db.$client, id);
    if (!found) throw notFound('Data request');
    return this.withHistory(found);
  }

  /** Staff enter a request (audited as created); answers it with its history. */
  async enter(actorId: string, body: AdminDataRequestBody) {
    if (body.receivedOn) {
      const problem = await repo.receivedDayProblem(this.deps.db.$client, body.receivedOn);
      if (problem === 'future')
        throw fieldError('VALIDATION_ERROR', 'receivedOn', 'The day received cannot be in the future');
      if (problem === 'too_old')
        throw fieldError('VALIDATION_ERROR', 'receivedOn', 'The day received is more than a year ago');
    }
    const created = await auditedWrite(this.deps.db, {
      actorId,
      action: 'data_request.create',
      entity: 'data_request',
      what: 'Data request',
      id: null,
      read: repo.request,
      record: recorded,
      change: (c: TxClient) =>
        repo.insertRequest(c, {
          kind: body.kind,
          source: 'staff',
          requesterEmail: body.requesterEmail,
          userId: null,
          details: body.details,
          receivedOn: body.receivedOn ?? null,
          createdBy: actorId,
        }),
    });
    return this.withHistory(created);
  }

  /**
   * Moves a request to a status with a resolution (audited). Closing needs a resolution; a closed request is
   * final (409): the row's lock makes two administrators closing it at once take turns, and the second finds
   * it closed.
   */
  async change(actorId: string, id: string, { status, resolution }: AdminDataRequestPatch) {
    const closing = CLOSED_STATUSES.includes(status);
    const changed = await auditedWrite(this.deps.db, {
      actorId,
      action: closing ? 'data_request.close' : 'data_request.update',
      entity: 'data_request',
      what: 'Data request',
      id,
      read: repo.request,
      record: recorded,
      change: async (c, before) => {
        if (CLOSED_STATUSES.includes(before.status))
          throw new AppError('REQUEST_CLOSED', 409, 'This data request is closed');
        const text = resolution ?? before.resolution;
        if (closing && !text)
          throw fieldError('VALIDATION_ERROR', 'resolution', 'Closing a request needs a resolution');
        if (status === before.status && text === before.resolution) return 'unchanged';
        await repo.updateRequest(c, id, status, text);
      },
    });
    // Once committed: the requester is told the outcome (a request already closed never gets here).
    if (closing) await this.mailOutcome(changed);
    return this.withHistory(changed);
  }

  private async mailOutcome(r: AdminDataRequest) {
    const learner = r.user ? await repo.learnerOf(this.deps.db.$client, r.user.id) : undefined;
    await this.deps.mail.send(requestClosedMail(r, learner?.locale ?? 'th', learner?.firstName ?? ''));
  }

  private async withHistory(r: AdminDataRequest) {
    const history = await this.audit.list({
      entity: 'data_request',
      entityId: r.id,
      page: 1,
      pageSize: HISTORY_MAX,
      sort: 'at',
      order: 'asc',
    });
    return { ...r, history: history.items };
  }
}
