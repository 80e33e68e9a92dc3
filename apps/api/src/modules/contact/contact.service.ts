import type {
  ContactBody,
  ContactGuardAnswer,
  ContactPatchBody,
  InstructorApplicationBody,
} from '@rianroo/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import { uuidv7 } from '../../lib/ids.js';
import { joinByInviteCode, organizationOf } from '../organisations/index.js';
import * as repo from './contact.repo.js';

const HOUR = 3600;

export interface ContactDeps {
  db: Db;
  config: Pick<Config, 'contactRequired'>;
  limiter: Limiter;
}

/** The contact guard (PRODUCT.md section 8) and "teach with us" applications. */
export class ContactService {
  constructor(private readonly deps: ContactDeps) {}

  /**
   * Required when the learner's organisation or the platform (CONTACT_REQUIRED) asks for contact details; the
   * answer says which, so that the learner is told who asks (the organisation, when both do).
   */
  async guard(userId: string): Promise<ContactGuardAnswer> {
    const [row, organization] = await Promise.all([
      repo.contactOf(this.deps.db, userId),
      organizationOf(this.deps.db, userId),
    ]);
    const askedBy = organization?.requiresContact
      ? 'organization'
      : this.deps.config.contactRequired
        ? 'platform'
        : null;
    return { required: askedBy !== null, askedBy, contact: row ? repo.toContactDto(row) : null };
  }

  async create(userId: string, body: ContactBody) {
    const row = await repo.insertContact(this.deps.db, {
      id: uuidv7(),
      userId,
      phone: body.phone,
      organization: body.organization,
      position: body.position,
      province: body.province,
      consentedAt: new Date(),
    });
    if (!row) {
      throw new AppError(
        'ALREADY_EXISTS',
        409,
        'Your contact details are already saved; change them instead',
      );
    }
    return repo.toContactDto(row);
  }

  async update(userId: string, id: string, patch: ContactPatchBody) {
    const { consent, ...fields } = patch;
    const row = await repo.updateContact(this.deps.db, id, userId, {
      ...fields,
      ...(consent ? { consentedAt: new Date() } : {}),
    });
    if (!row) throw notFound('Contact');
    return repo.toContactDto(row);
  }

  async organization(userId: string) {
    return { organization: await organizationOf(this.deps.db, userId) };
  }

  /** Joins an organisation by its invite code; guessing codes is throttled per learner. */
  async join(userId: string, code: string) {
    await this.deps.limiter.consume(`organization-join:${userId}`, 10, HOUR);
    const organization = await joinByInviteCode(this.deps.db, userId, code);
    if (!organization) throw notFound('Organisation');
    return { organization };
  }

  async apply(body: InstructorApplicationBody, ip: string, userId: string | null) {
    await this.deps.limiter.consume(`instructor-application:ip:${ip}`, 5, HOUR);
    await repo.insertApplication(this.deps.db, {
      id: uuidv7(),
      userId,
      name: body.name,
      email: body.email,
      phone: body.phone,
      topic: body.topic,
      experience: body.experience ?? null,
      portfolioUrl: body.portfolioUrl ?? null,
    });
  }
}
