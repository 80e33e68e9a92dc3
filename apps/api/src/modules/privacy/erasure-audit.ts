import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { ErasedPerson } from './erasure.repo.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The learner's identifiers as one pattern (case-insensitive). A name part shorter than two characters would cut
 * through unrelated words, so it is left out (the whole-row choice below keeps such rows to the learner's own).
 */
export function identifiersPattern(p: ErasedPerson): RegExp | undefined {
  const words = [p.email, p.firstName, p.lastName, p.displayName, p.phone]
    .map((w) => w?.trim() ?? '')
    .filter((w) => w.length >= 2)
    .sort((a, b) => b.length - a.length);
  return words.length ? new RegExp(words.map(escapeRegExp).join('|'), 'gi') : undefined;
}

/** The value with the identifiers cut out of every string in it (keys stay: they are the console's field names). */
export function scrubbed(value: Json, pattern: RegExp): Json {
  if (typeof value === 'string') return value.replace(pattern, '');
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, pattern));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, pattern)]));
  return value;
}

/**
 * The console's audit log keeps who did what and when (it is the operator's own record), but a row about the
 * learner (its entity, or its before and after naming the learner's id or address) loses the identifiers.
 */
export async function scrubAuditLog(tx: Tx, p: ErasedPerson) {
  const pattern = identifiersPattern(p);
  if (!pattern) return;
  const { rows } = await tx.execute<{ id: string; before: Json; after: Json }>(sql`
    select id, before, after from audit_log
     where entity_id = ${p.id}
        or strpos(lower(coalesce(before::text, '') || coalesce(after::text, '')), lower(${p.id})) > 0
        or strpos(lower(coalesce(before::text, '') || coalesce(after::text, '')), lower(${p.email})) > 0
     for update`);
  for (const row of rows) {
    const before = scrubbed(row.before, pattern);
    const after = scrubbed(row.after, pattern);
    const json = (v: Json) => (v === null ? null : JSON.stringify(v));
    await tx.execute(sql`update audit_log set before = ${json(before)}::jsonb, after = ${json(after)}::jsonb
                          where id = ${row.id}`);
  }
}
