/**
 * Every column that names a learner (a user id, or a row of a learner's table such as a session or an order),
 * as `table.column`: the kind that exports it, or why it is left out. test/privacy-export.test.ts finds these
 * columns in the database's schema and fails when one is neither, so a new table is never forgotten.
 */
export const userColumns: Record<string, { kind: string } | { excluded: string }> = {
  'users.id': { kind: 'profile' },
  'sessions.user_id': { kind: 'sessions' },
  'proven_devices.user_id': { kind: 'devices' },
  'password_resets.user_id': { kind: 'password_links' },
  'contacts.user_id': { kind: 'contact_details' },
  'organization_removals.user_id': { kind: 'organisations' },
  'episode_progress.user_id': { kind: 'progress' },
  'progress_cuts.user_id': { kind: 'progress_cuts' },
  'learner_days.user_id': { kind: 'learning_days' },
  'assessment_attempts.user_id': { kind: 'attempts' },
  'course_evaluations.user_id': { kind: 'evaluations' },
  'certificates.user_id': { kind: 'certificates' },
  'subscriptions.user_id': { kind: 'subscriptions' },
  'orders.user_id': { kind: 'orders' },
  'coupon_redemptions.user_id': { kind: 'coupon_redemptions' },
  'receipts.user_id': { kind: 'receipts' },
  'tax_invoice_requests.order_id': { kind: 'tax_invoice_requests' },
  'tax_invoices.user_id': { kind: 'tax_invoices' },
  'refunds.user_id': { kind: 'refunds' },
  'credit_notes.user_id': { kind: 'credit_notes' },
  'consent_events.user_id': { kind: 'consents' },
  'legal_acceptances.user_id': { kind: 'legal_acceptances' },
  'instructor_applications.user_id': { kind: 'instructor_applications' },
  'data_requests.user_id': { kind: 'data_requests' },
  'data_exports.user_id': { kind: 'data_exports' },
  'account_closures.user_id': { kind: 'account_closures' },
  'organization_managers.user_id': { kind: 'organisation_managers' },
  'organization_invites.accepted_by': { kind: 'organisation_invites' },
  'organization_group_members.user_id': { kind: 'organisation_groups' },
  'course_assignments.user_id': { kind: 'course_assignments' },
  'organization_seats.user_id': { kind: 'organisation_seats' },
  'refresh_tokens.session_id': {
    excluded: 'hashes of refresh tokens: secrets; the sessions they belong to are in sessions',
  },
  'played_seconds_log.user_id': {
    excluded: "a queue the analytics job empties within a minute; the same seconds are in progress's played",
  },
  'watch_budgets.user_id': {
    excluded:
      'the state of the watch-time limiter (a token count): nothing about the learner beyond progress',
  },
  'subscription_reminders.subscription_id': {
    excluded: 'which renewal reminders were sent, kept only so none goes twice; the subscription is exported',
  },
  'payment_events.order_id': {
    excluded: "the payment provider's event ids, kept so a webhook counts once; the order is exported",
  },
  'organization_managers.added_by': { excluded: 'the person who made someone a manager, not the learner' },
  'organization_invites.invited_by': { excluded: 'the manager who sent an invitation, not the learner' },
  'course_assignments.assigned_by': { excluded: 'the manager who assigned a course, not the learner' },
  'organization_seat_pools.granted_by': { excluded: 'the administrator who granted seats, not the learner' },
  'refunds.created_by': { excluded: 'the staff member who made a refund, not the learner' },
  'course_summaries.uploaded_by': {
    excluded: "the author who uploaded a course's summary PDF: course content",
  },
  'instructor_applications.handled_by': { excluded: 'the staff member who handled an application' },
  'audit_log.actor_id': {
    excluded: "staff members' console actions, kept for accountability: about the staff member's work",
  },
  'legal_documents.created_by': { excluded: 'the staff member who published a version of the terms' },
  'data_requests.created_by': {
    excluded: 'the staff member who entered a request received by mail or phone',
  },
};
