import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Jobs } from '../../plugins/jobs.js';
import { assignmentReminderMail, managerDigestMail } from './org-assign-mails.js';
import * as repo from './org-assign-jobs.repo.js';

/** Days before the due date the reminder goes. */
export const REMIND_DAYS_BEFORE = 3;

/**
 * The assignments' scheduled mail. Reminders: one mail a few days before the due date and one once it is past,
 * each at most once per assignment and date (claimed by a conditional update, so two processes never both send),
 * only to members still in the organisation who have not completed the course. The weekly digest: each
 * organisation's managers, Monday morning Bangkok time, once per organisation and week (the digests table's key).
 * Each run takes the time it runs at, so tests move the clock instead of waiting.
 */
export class OrgAssignJobs {
  constructor(private readonly deps: { db: Db; mail: Mailer; jobs: Jobs; config: Config }) {}

  async remindDue(at = new Date()) {
    const db = this.deps.db.$client;
    let sent = 0;
    const send = async (r: repo.ReminderRow, overdue: boolean) => {
      const column = overdue ? 'overdue_reminded_at' : 'reminded_at';
      if (!(await repo.claimReminder(db, r.id, r.due_at, at, column))) return;
      await this.deps.mail.send(
        assignmentReminderMail(r.email, r.first_name, r.locale, {
          course: r.title,
          organization: r.organization,
          dueAt: r.due_at,
          overdue,
          url: `${this.deps.config.publicUrl}/library/course/${encodeURIComponent(r.slug)}`,
        }),
      );
      sent++;
    };
    for (const r of await repo.dueSoon(db, at, REMIND_DAYS_BEFORE)) await send(r, false);
    for (const r of await repo.overdue(db, at)) await send(r, true);
    return sent;
  }

  /** The digest of the week before the one `at` is in, to every organisation with managers; answers how many went. */
  async digestDue(at = new Date()) {
    const db = this.deps.db.$client;
    const week = await repo.weekStart(db, at);
    let sent = 0;
    for (const org of await repo.managedOrganizations(db)) {
      if (!(await repo.claimDigest(db, org.id, week))) continue;
      const figures = await repo.digestFigures(db, org.id, week, at);
      for (const m of await repo.managersOf(db, org.id)) {
        await this.deps.mail.send(
          managerDigestMail(
            m.email,
            m.first_name,
            m.locale,
            { organization: org.name, weekStart: new Date(`${week}T00:00:00+07:00`), ...figures },
            `${this.deps.config.publicUrl}/org`,
          ),
        );
        sent++;
      }
    }
    return sent;
  }

  /** Reminders every hour; the digest on Monday at 08:00 Bangkok time. */
  async schedule() {
    await this.deps.jobs.work('org.assignment-reminders', async () => {
      await this.remindDue();
    });
    await this.deps.jobs.schedule('org.assignment-reminders', '7 * * * *');
    await this.deps.jobs.work('org.weekly-digest', async () => {
      await this.digestDue();
    });
    await this.deps.jobs.schedule('org.weekly-digest', '0 8 * * 1');
  }
}
