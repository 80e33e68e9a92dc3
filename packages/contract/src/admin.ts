import { z } from 'zod';
import { uuid } from './common.js';

/**
 * The admin console's tables are paged, sorted and filtered by the server. Every list endpoint takes this
 * query (with its own sortable columns) and answers one page with the total.
 */
export const pageQuery = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    sort: z.enum(sortable).default(sortable[0]),
    order: z.enum(['asc', 'desc']).default('desc'),
    /** Free-text search, where the list has one. */
    q: z.string().trim().max(200).optional(),
  });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/**
 * A console record's edit version (optimistic concurrency): read with the record, sent back with an edit; an edit
 * based on an older one is refused (409 EDIT_CONFLICT) instead of silently overwriting another administrator's.
 */
export const editVersion = z.string().min(1).max(40);

/** Who made an admin write, as shown in the console. */
export const auditActor = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const auditEntry = z.object({
  id: z.string(),
  /** Null when the administrator's account has since been removed. */
  actor: auditActor.nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** What the changed thing is called (a course's title, a person's e-mail, a code), when the record says. */
  entityName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = pageQuery(['at'])
  .extend({
    entity: z.string().trim().min(1).max(60).optional(),
    entityId: z.string().trim().min(1).max(200).optional(),
    actorId: uuid.optional(),
    /** Bangkok days, both included. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'range_invalid', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;

/** What the audit log's filters offer: the people who made writes, and the kinds of things written. */
export const auditFacets = z.object({
  actors: z.array(auditActor),
  entities: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacets>;

export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
