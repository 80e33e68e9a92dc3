import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';

// The statements of one learner's erasure, each run in the one transaction of erasure.service.ts. Every table of
// schema.ts and its choice (erase, anonymise, keep, and why) is in docs/privacy.md, "Closing an account".

/** The learner's identifiers before they go: what the other tables are scrubbed of. */
export type ErasedPerson = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  phone: string | null;
  profileImage: string | null;
  marketing: { news: boolean; promotions: boolean; reminders: boolean };
};

/** An address that cannot be anyone's (the .invalid top-level domain, RFC 2606) nor collide with another. */
export const erasedAddress = (userId: string) => `erased-${userId}@invalid`;

export async function personOf(tx: Tx, userId: string): Promise<ErasedPerson | undefined> {
  const { rows } = await tx.execute<ErasedPerson>(sql`
    select id, email, first_name as "firstName", last_name as "lastName", display_name as "displayName", phone,
           profile_image as "profileImage", marketing
      from users where id = ${userId} and erased_at is null`);
  return rows[0];
}

/** The users row stays (kept records point at it) with nothing left that names the person. */
export async function anonymiseUser(tx: Tx, userId: string) {
  await tx.execute(sql`
    update users set email = ${erasedAddress(userId)}, password_hash = null, first_name = '', last_name = '',
           display_name = null, phone = null, profile_image = null, legacy = false, email_verified_at = null,
           marketing = '{"news": false, "promotions": false, "reminders": false}'::jsonb, tags = '{}',
           credentials_changed_at = now(), erased_at = now(), deleted_at = coalesce(deleted_at, now()),
           update_date = now()
     where id = ${userId}`);
}

/** Ways in and what only served them: sessions (their refresh tokens cascade), reset links, proven devices. */
export async function eraseAccess(tx: Tx, userId: string) {
  await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  await tx.execute(sql`delete from password_resets where user_id = ${userId}`);
  await tx.execute(sql`delete from proven_devices where user_id = ${userId}`);
}

/** Personal details that serve nothing once the account is gone. */
export async function erasePersonalRows(tx: Tx, p: ErasedPerson) {
  await tx.execute(sql`delete from contacts where user_id = ${p.id}`);
  await tx.execute(sql`delete from organization_removals where user_id = ${p.id}`);
  await tx.execute(sql`delete from watch_budgets where user_id = ${p.id}`);
  await tx.execute(
    sql`delete from instructor_applications where user_id = ${p.id} or lower(email) = lower(${p.email})`,
  );
  await tx.execute(sql`delete from dev_mail where lower("to") = lower(${p.email})`);
  // Organisations (issue 35): invitations name the address; managing and groups end with the account. Course
  // assignments stay, anonymous, in the organisation's completion figures.
  await tx.execute(sql`delete from organization_invites where lower(email) = lower(${p.email})`);
  await tx.execute(sql`delete from organization_managers where user_id = ${p.id}`);
  await tx.execute(sql`delete from organization_group_members where user_id = ${p.id}`);
}

/**
 * Consent history and accepted terms stay as proof of what was agreed and when, without where from; the marketing
 * consents still given are recorded as withdrawn by the closure.
 */
export async function anonymiseConsents(tx: Tx, p: ErasedPerson) {
  await tx.execute(sql`update consent_events set ip = null where user_id = ${p.id}`);
  await tx.execute(sql`update legal_acceptances set ip = null, user_agent = null where user_id = ${p.id}`);
  const given = (['news', 'promotions', 'reminders'] as const).filter((k) => p.marketing[k]);
  for (const purpose of given) {
    await tx.execute(sql`insert into consent_events (id, user_id, purpose, granted, source)
                         values (${uuidv7()}, ${p.id}, ${purpose}, false, 'closure')`);
  }
}

/**
 * Money records stay for the accounts (orders, refunds, subscriptions as history); a receipt keeps its number and
 * amounts but not the name and address it was mailed to; the saved card's brand and digits go; a full tax invoice
 * asked for and not issued goes (an issued one keeps its buyer: the Revenue Code's five years).
 */
export async function anonymiseBilling(tx: Tx, userId: string) {
  await tx.execute(sql`update receipts set buyer_name = '', buyer_email = '' where user_id = ${userId}`);
  await tx.execute(sql`delete from tax_invoice_requests where order_id in
                         (select id from orders where user_id = ${userId})`);
  await tx.execute(sql`update subscriptions set card_ref = null, card_brand = null, card_last4 = null,
                              auto_renew = false, next_renewal_at = null, updated_at = now()
                        where user_id = ${userId}`);
}

/** A course evaluation keeps its ratings and choices for the course's figures; free text may name the writer. */
export async function anonymiseEvaluations(tx: Tx, userId: string) {
  await tx.execute(sql`
    update course_evaluations
       set answers = (select coalesce(jsonb_agg(a - 'text'), '[]'::jsonb) from jsonb_array_elements(answers) a)
     where user_id = ${userId}`);
}

/** Data exports: the rows go, and the caller removes their files after the commit. */
export async function eraseExports(tx: Tx, userId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ storage_key: string | null }>(
    sql`delete from data_exports where user_id = ${userId} returning storage_key`,
  );
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}

/**
 * The learner's data requests stay as the record that they were answered, addressed to nobody; the closure's
 * own is done.
 */
export async function closeRequests(tx: Tx, p: ErasedPerson, closureId: string, requestId: string | null) {
  await tx.execute(sql`
    update data_requests
       set requester_email = ${erasedAddress(p.id)},
           details = replace(details, ${p.email}, ''), resolution = replace(resolution, ${p.email}, ''),
           updated_at = now()
     where user_id = ${p.id} or lower(requester_email) = lower(${p.email})`);
  if (requestId) {
    await tx.execute(sql`
      update data_requests set status = 'done', closed_at = now(),
             resolution = 'Personal data erased after the 14-day cool-off (docs/privacy.md).'
       where id = ${requestId}`);
  }
  await tx.execute(sql`update account_closures set erased_at = now() where id = ${closureId}`);
}

/**
 * Mail not yet sent, and the queue's record of mail sent, to the address (or naming it): pg-boss keeps both in
 * its own schema, message text included.
 */
export async function eraseQueuedMail(tx: Tx, email: string) {
  const { rows } = await tx.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
     where table_schema = 'pgboss' and table_name in ('job', 'archive')`);
  for (const { name } of rows) {
    await tx.execute(sql`delete from ${sql.identifier('pgboss')}.${sql.identifier(name)}
                          where strpos(lower(data::text), lower(${email})) > 0`);
  }
}
