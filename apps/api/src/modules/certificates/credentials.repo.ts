import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certificates, credentialKeys } from '../../db/schema.js';

/** Publishes a public key (once; a key already there stays as it was). */
export async function publishKey(
  db: Db,
  key: { kid: string; alg: string; publicJwk: Record<string, string> },
) {
  await db.insert(credentialKeys).values(key).onConflictDoNothing({ target: credentialKeys.kid });
}

/** Every public key that ever signed, oldest first. */
export function publishedKeys(db: Db) {
  return db
    .select({ kid: credentialKeys.kid, alg: credentialKeys.alg, publicJwk: credentialKeys.publicJwk })
    .from(credentialKeys)
    .orderBy(asc(credentialKeys.createdAt), asc(credentialKeys.kid));
}

/** The list new certificates go to: the first one holding fewer than `fill` of them. */
export async function openStatusList(db: Db, fill: number): Promise<number> {
  const { rows } = await db.$client.query<{ list: number }>(
    `select coalesce(max(status_list), 1)::int as list from certificates where status_list is not null`,
  );
  const list = rows[0]?.list ?? 1;
  const { rows: counted } = await db.$client.query<{ n: number }>(
    `select count(*)::int as n from certificates where status_list = $1`,
    [list],
  );
  return (counted[0]?.n ?? 0) >= fill ? list + 1 : list;
}

/**
 * Gives a certificate its place in a status list, once: a certificate that has one keeps it (no row). A bit
 * already taken is a unique violation (the caller draws again).
 */
export async function placeInStatusList(db: Db, id: string, list: number, index: number) {
  const rows = await db
    .update(certificates)
    .set({ statusList: list, statusIndex: index })
    .where(and(eq(certificates.id, id), isNull(certificates.statusIndex)))
    .returning({ id: certificates.id });
  return rows.length === 1;
}

/** Stores a certificate's signed credential, once: a second signer (a simultaneous request) stores nothing. */
export async function storeCredential(db: Db, id: string, jwt: string, keyId: string) {
  await db
    .update(certificates)
    .set({ credentialJwt: jwt, credentialKeyId: keyId })
    .where(and(eq(certificates.id, id), isNull(certificates.credentialJwt)));
}

export async function certificateById(db: Db, id: string) {
  const rows = await db.select().from(certificates).where(eq(certificates.id, id));
  return rows[0];
}

/** The revoked bits of a list, and whether the list has any certificate at all. */
export async function statusListState(db: Db, list: number) {
  const { rows } = await db.$client.query<{ exists: boolean; revoked: number[] }>(
    `select exists (select 1 from certificates where status_list = $1) as "exists",
            coalesce((select array_agg(status_index) from certificates
                       where status_list = $1
                         and (revoked_at is not null or holder_removed_at is not null)), '{}') as revoked`,
    [list],
  );
  return rows[0] ?? { exists: false, revoked: [] };
}
