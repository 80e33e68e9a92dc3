import type { AdminLegalDocument, AdminLegalDocumentBody, LegalKind } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { legalDocuments } from '../../db/schema.js';
import { uuidv7 } from '../../lib/ids.js';

type Q = Db['$client'] | TxClient;
type Row = RowOf<typeof legalDocuments> & { state: AdminLegalDocument['state']; acceptances: number };

const toAdminDocument = (r: Row): AdminLegalDocument => ({
  id: r.id,
  kind: r.kind,
  version: r.version,
  effectiveAt: r.effective_at.toISOString(),
  titleTh: r.title_th,
  titleEn: r.title_en,
  bodyTh: r.body_th,
  bodyEn: r.body_en,
  changesTh: r.changes_th,
  changesEn: r.changes_en,
  state: r.state,
  createdAt: r.created_at.toISOString(),
  acceptances: r.acceptances,
});

/** Each version with its state: to come, in effect now (the newest whose date has come), or replaced. */
const DOCUMENTS = `select d.id, d.kind, d.version, d.effective_at, d.title_th, d.title_en, d.body_th, d.body_en,
    d.changes_th, d.changes_en, d.created_by, d.created_at,
    case when d.effective_at > now() then 'scheduled'
      when exists (select 1 from legal_documents n where n.kind = d.kind and n.effective_at <= now()
        and (n.effective_at, n.version) > (d.effective_at, d.version)) then 'replaced'
      else 'current' end as state,
    (select count(*) from legal_acceptances a where a.document_id = d.id)::int as acceptances
  from legal_documents d`;

export async function listDocuments(db: Q) {
  const { rows } = await db.query<Row>(`${DOCUMENTS} order by d.kind, d.version desc`);
  return rows.map(toAdminDocument);
}

export async function readDocument(db: Q, id: string, lock = false) {
  const { rows } = await db.query<Row>(`${DOCUMENTS} where d.id = $1${lock ? ' for update of d' : ''}`, [id]);
  return rows[0] && toAdminDocument(rows[0]);
}

/** The console's writes of versions take turns: numbers and dates are chosen from what is there. */
export async function lockDocuments(c: TxClient) {
  await c.query(`select pg_advisory_xact_lock(hashtextextended('admin:legal-documents', 0))`);
}

/**
 * Where a version's date may fall: not in the past (a minute's grace for the console's clock; the date is then
 * now), not before the version it follows, not after the one after it. Answers the date to store, or why not.
 */
export async function placeDate(
  c: TxClient,
  kind: LegalKind,
  version: number,
  wanted: string | undefined,
): Promise<{ at: Date } | { refused: 'past' | 'order' }> {
  const { rows } = await c.query<{ at: Date; past: boolean; order: boolean }>(
    `select greatest(coalesce($3::timestamptz, now()), now()) as at,
       coalesce($3::timestamptz < now() - interval '1 minute', false) as past,
       exists (select 1 from legal_documents o where o.kind = $1 and (
         (o.version < $2 and o.effective_at > greatest(coalesce($3::timestamptz, now()), now()))
         or (o.version > $2 and o.effective_at < greatest(coalesce($3::timestamptz, now()), now())))) as order`,
    [kind, version, wanted ?? null],
  );
  const r = rows[0]!;
  if (r.past) return { refused: 'past' };
  if (r.order) return { refused: 'order' };
  return { at: r.at };
}

export async function nextVersion(c: TxClient, kind: LegalKind) {
  const { rows } = await c.query<{ next: number }>(
    `select coalesce(max(version), 0) + 1 as next from legal_documents where kind = $1`,
    [kind],
  );
  return rows[0]!.next;
}

type Texts = Omit<AdminLegalDocumentBody, 'kind' | 'effectiveAt'>;

export async function insertDocument(
  c: TxClient,
  d: Texts & { kind: LegalKind; version: number; effectiveAt: Date; createdBy: string },
) {
  const id = uuidv7();
  await c.query(
    `insert into legal_documents (id, kind, version, effective_at, title_th, title_en, body_th, body_en,
       changes_th, changes_en, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      d.kind,
      d.version,
      d.effectiveAt,
      d.titleTh,
      d.titleEn,
      d.bodyTh,
      d.bodyEn,
      d.changesTh,
      d.changesEn,
      d.createdBy,
    ],
  );
  return id;
}

/** Changes a version still to come; false when it has taken effect (it is then never changed). */
export async function updateScheduled(c: TxClient, id: string, d: Texts & { effectiveAt: Date }) {
  const { rowCount } = await c.query(
    `update legal_documents set effective_at = $2, title_th = $3, title_en = $4, body_th = $5, body_en = $6,
       changes_th = $7, changes_en = $8 where id = $1 and effective_at > now()`,
    [id, d.effectiveAt, d.titleTh, d.titleEn, d.bodyTh, d.bodyEn, d.changesTh, d.changesEn],
  );
  return rowCount === 1;
}

/** Removes a version still to come; false when it has taken effect. */
export async function deleteScheduled(c: TxClient, id: string) {
  const { rowCount } = await c.query(`delete from legal_documents where id = $1 and effective_at > now()`, [
    id,
  ]);
  return rowCount === 1;
}
