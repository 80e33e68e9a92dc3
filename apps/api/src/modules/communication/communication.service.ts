import { mailKinds, type UnsubscribeAnswer } from '@rianroo/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { transaction, type Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { maskEmail, spendToken, tokenSpent } from '../accounts/index.js';
import { changeMarketing } from '../privacy/index.js';

const linkInvalid = () =>
  new AppError(
    'LINK_INVALID',
    400,
    'This link has been used or has expired; manage your e-mails from your account',
  );

export interface CommunicationDeps {
  db: Db;
  signer: TokenSigner;
}

/** One-click unsubscribe (RFC 8058): no login, the link's token names the learner and the kind of mail. */
export class CommunicationService {
  constructor(private readonly deps: CommunicationDeps) {}

  private async claims(token: string) {
    try {
      return await this.deps.signer.verifyUnsubscribe(token);
    } catch {
      throw linkInvalid();
    }
  }

  /** What the link would turn off, without doing it (the page asks before it acts). */
  async describe(token: string): Promise<UnsubscribeAnswer> {
    const c = await this.claims(token);
    const spent = await tokenSpent(this.deps.db, c.jti);
    const learner = await this.learner(c.sub);
    if (!learner || spent) throw linkInvalid();
    return { kinds: kindsOf(c.kind), email: maskEmail(learner.email) };
  }

  /** Turns the kind off; the link works once (a later one cannot turn it off again after a change of mind). */
  async unsubscribe(token: string, ip: string | null = null): Promise<UnsubscribeAnswer> {
    const c = await this.claims(token);
    const kinds = kindsOf(c.kind);
    const off = Object.fromEntries(kinds.map((k) => [k, false]));
    const email = await transaction(this.deps.db, async (tx) => {
      if (!(await spendToken(tx, c.jti, c.expiresAt))) return undefined;
      // The consent history keeps each kind the link turned off.
      const row = await changeMarketing(tx, c.sub, off, 'unsubscribe', ip);
      return row?.email;
    });
    if (!email) throw linkInvalid();
    return { kinds, email: maskEmail(email) };
  }

  private async learner(id: string) {
    const [row] = await this.deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }
}

const kindsOf = (kind: string) => (kind === 'all' ? [...mailKinds] : mailKinds.filter((k) => k === kind));
