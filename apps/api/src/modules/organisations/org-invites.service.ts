import {
  ORG_INVITE_MAX_LINES,
  email as emailSchema,
  type AcceptedOrgInvite,
  type OrgInviteBody,
  type OrgInviteQuery,
  type OrgInviteResults,
} from '@rianroo/contract';
import type { Config } from '../../config.js';
import { inTransaction, type Db } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { randomToken, sha256, uuidv7 } from '../../lib/ids.js';
import type { Mailer } from '../../plugins/mail.js';
import { addManager } from './org-managers.repo.js';
import { dropOrganisationLearning } from './org-members.repo.js';
import { orgInviteMail } from './org-invites.mail.js';
import * as repo from './org-invites.repo.js';

/** How long an invitation's link works, and how often it may be sent (the first time included). */
export const INVITE_DAYS = 14;
export const INVITE_MAX_SENDS = 5;
/** Invitations an organisation may send in a day (new ones and resends): a manager's account cannot flood inboxes. */
export const INVITES_PER_DAY = 2000;

export interface OrgInvitesDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mail: Mailer;
  /** The time the rules are read at (tests move it); by default the database's clock. */
  now?: () => Date;
  /** INVITES_PER_DAY unless a test sets it. */
  perDay?: number;
}

type Line = { line: number; email: string };

/** The addresses of a list or a CSV file's text: each line's first column, a first `email` header skipped. */
export function inviteLines(text: string): Line[] {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((raw, i) => ({
      line: i + 1,
      email: (raw.split(/[,;\t]/)[0] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    }))
    .filter((l) => l.email !== '');
  if (lines[0] && /^(e-?mail|อีเมล)$/i.test(lines[0].email)) lines.shift();
  return lines;
}

const inviteInvalid = (message: string) => new AppError('INVITE_INVALID', 400, message);
const inviteClosed = () => new AppError('INVITE_INVALID', 409, 'This invitation is no longer open');

/**
 * Invitations to an organisation, sent by its managers: per-line outcomes of a list, the list of them, sending
 * one again under a new link, withdrawing one; and the invitee's acceptance by the mailed link's token.
 */
export class OrgInvitesService {
  constructor(private readonly deps: OrgInvitesDeps) {}

  private now() {
    return this.deps.now?.() ?? null;
  }

  list(orgId: string, q: OrgInviteQuery) {
    return repo.invitePage(this.deps.db.$client, orgId, q, this.now());
  }

  /**
   * Invites each address of the text (one a line): an invalid one, one already in the organisation (or already
   * managing it, for a manager's invitation), one with an open invitation, or one repeated in the text is
   * reported on its line and skipped; each of the others gets an invitation and its mail.
   */
  async invite(actorId: string, orgId: string, body: OrgInviteBody): Promise<OrgInviteResults> {
    const db = this.deps.db.$client;
    const role = body.role ?? 'member';
    const lines = inviteLines(body.text);
    if (!lines.length) throw fieldError('VALIDATION_ERROR', 'text', 'No e-mail address given');
    if (lines.length > ORG_INVITE_MAX_LINES)
      throw fieldError('VALIDATION_ERROR', 'text', `At most ${ORG_INVITE_MAX_LINES} addresses at once`);
    const org = await db.query<{ name: string }>('select name from organizations where id = $1', [orgId]);
    if (!org.rows[0]) throw notFound('Organisation');
    const parsed = lines.map((l) => ({ ...l, valid: emailSchema.safeParse(l.email) }));
    const valid = parsed.flatMap((l) => (l.valid.success ? [l.valid.data] : []));
    const sentToday = await repo.sentInLastDay(db, orgId, this.now());
    if (sentToday + new Set(valid).size > (this.deps.perDay ?? INVITES_PER_DAY))
      throw new AppError('RATE_LIMITED', 429, 'Too many invitations today; send the rest tomorrow');
    const taken = await repo.alreadyIn(db, orgId, valid, role);
    await repo.closeExpired(db, orgId, valid, this.now());
    const seen = new Set<string>();
    const results: OrgInviteResults['lines'] = [];
    for (const l of parsed) {
      if (!l.valid.success) {
        results.push({ line: l.line, email: l.email.slice(0, 254), outcome: 'invalid' });
        continue;
      }
      const email = l.valid.data;
      const outcome = seen.has(email)
        ? 'duplicate'
        : taken.has(email)
          ? 'member'
          : (await this.send(actorId, orgId, org.rows[0].name, email, role))
            ? 'invited'
            : 'invited_already';
      seen.add(email);
      results.push({ line: l.line, email, outcome });
    }
    return { invited: results.filter((r) => r.outcome === 'invited').length, lines: results };
  }

  /** One invitation and its mail; false when the address has an open one already. */
  private async send(actorId: string, orgId: string, org: string, email: string, role: 'member' | 'manager') {
    const token = randomToken();
    const made = await repo.insertInvite(
      this.deps.db.$client,
      { id: uuidv7(), orgId, email, role, tokenHash: sha256(token), invitedBy: actorId },
      INVITE_DAYS,
      this.now(),
    );
    if (made) await this.mail(org, email, role, token);
    return made;
  }

  private async mail(org: string, email: string, role: 'member' | 'manager', token: string) {
    const locale = await repo.localeOf(this.deps.db.$client, email);
    const url = `${this.deps.config.publicUrl}/org-invite/${token}`;
    await this.deps.mail.send(orgInviteMail(email, locale, org, role, url, token, INVITE_DAYS));
  }

  /** Sends an open invitation again under a new link (the old one stops working), INVITE_MAX_SENDS at most. */
  async resend(orgId: string, id: string) {
    const db = this.deps.db.$client;
    const found = await repo.invite(db, orgId, id, this.now());
    if (!found) throw notFound('Invitation');
    if (found.status === 'accepted' || found.status === 'revoked') throw inviteClosed();
    const token = randomToken();
    const renewed = await repo.renewInvite(
      db,
      orgId,
      id,
      sha256(token),
      INVITE_DAYS,
      INVITE_MAX_SENDS,
      this.now(),
    );
    if (!renewed)
      throw new AppError('RATE_LIMITED', 429, `An invitation is sent ${INVITE_MAX_SENDS} times at most`);
    const org = await db.query<{ name: string }>('select name from organizations where id = $1', [orgId]);
    await this.mail(org.rows[0]!.name, renewed.email, renewed.role, token);
    return renewed;
  }

  async revoke(orgId: string, id: string) {
    const db = this.deps.db.$client;
    const revoked = await repo.revokeInvite(db, orgId, id, this.now());
    if (revoked) return revoked;
    if (!(await repo.invite(db, orgId, id, this.now()))) throw notFound('Invitation');
    throw inviteClosed();
  }

  /**
   * The invitee accepts by the link's token, signed in with the invited address: a member invitation puts them
   * in the organisation (out of any other: they chose it, as with an invite code), a manager's makes them a
   * manager. The invitation's row is held meanwhile, so of simultaneous acceptances one wins and the others
   * find it used. A used, withdrawn, replaced or expired link is refused (INVITE_INVALID).
   */
  async accept(userId: string, token: string): Promise<AcceptedOrgInvite> {
    const now = this.now();
    return inTransaction(this.deps.db, async (c) => {
      const invite = await repo.inviteByToken(c, sha256(token), now);
      if (!invite) throw inviteInvalid('This invitation link is not valid (a newer one may have been sent)');
      if (invite.status === 'accepted') throw inviteInvalid('This invitation was accepted already');
      if (invite.status === 'revoked') throw inviteInvalid('This invitation was withdrawn');
      if (invite.status === 'expired') throw inviteInvalid('This invitation has expired');
      const user = await repo.invitee(c, userId);
      if (!user) throw notFound('User');
      if (user.email.toLowerCase() !== invite.email.toLowerCase())
        throw new AppError('INVITE_OTHER_EMAIL', 403, 'This invitation is for another e-mail address');
      if (invite.role === 'manager') await addManager(c, invite.organization_id, userId, null);
      else if (user.organization_id !== invite.organization_id) {
        if (user.organization_id) await dropOrganisationLearning(c, user.organization_id, userId);
        await repo.joinByInvite(c, invite.organization_id, userId, now);
      }
      await repo.markAccepted(c, invite.id, userId, now);
      return { organizationId: invite.organization_id, name: invite.name, role: invite.role };
    });
  }
}
