/**
 * The modules measured by mutation testing (issue 16): where a silent mistake costs most. Each one is
 * mutated on its own, against the few test files that exercise it, so one run takes minutes. The API files
 * run in the order listed (mutation/vitest.config.ts): the quickest, or the ones that kill most, first.
 */
export const modules = {
  'api-sessions': {
    project: 'api',
    what: 'tokens and sessions, the refresh and device-limit rules',
    mutate: [
      'apps/api/src/lib/tokens.ts',
      'apps/api/src/modules/accounts/auth.service.ts',
      'apps/api/src/modules/accounts/sessions.repo.ts',
    ],
    // tokens.test.ts checks every rule of the token signer without a server; auth-required.test.ts (every
    // secured route refuses seven kinds of bad token) adds nothing for these files at 20 s a mutant: left out.
    tests: [
      'apps/api/src/lib/tokens.test.ts',
      'apps/api/test/auth.test.ts',
      'apps/api/test/session-rules.test.ts',
      // The login limits (keys, the account-wide limit that a known device skips, the password reset that
      // clears it) through the login route.
      'apps/api/test/throttle.test.ts',
      'apps/api/test/login-rules.test.ts',
      // The one-click unsubscribe link works once (spendToken, tokenSpent).
      'apps/api/test/contact.test.ts',
      // A provider's sign-in opens a session without a proof of the password (openSession's `credentials`
      // undefined), also for an account whose credentials changed: the only such sign-in.
      'apps/api/test/google-auth.test.ts',
    ],
  },
  'api-throttle': {
    project: 'api',
    what: 'throttling (login, check-password, forgot-password limits)',
    mutate: ['apps/api/src/plugins/rate-limit.ts'],
    // throttle.test.ts (the limits through the login and reset routes) also kills these mutants, at about
    // 20 s each (Argon2id): left out so that the run takes minutes.
    tests: [
      'apps/api/src/plugins/rate-limit.test.ts',
      // The Redis failover rules with a stand-in connection (milliseconds), then a real Redis that goes silent.
      'apps/api/src/plugins/rate-limit-failover.test.ts',
      'apps/api/test/redis-failover.test.ts',
      'apps/api/test/redis-limiter.test.ts',
    ],
  },
  'api-progress': {
    project: 'api',
    what: 'the progress upsert and its rules',
    // progress-writer.ts is measured on its own (api-progress-writer, below), against its own tests.
    mutate: ['apps/api/src/modules/courses/progress.repo.ts'],
    tests: [
      // The batched statement on a database without the app (seconds): it shares the save's rules.
      'apps/api/test/progress-writer.test.ts',
      'apps/api/test/played-ranges.test.ts',
      'apps/api/test/courses.test.ts',
      // My courses (MY_COURSES_SQL): finish percentage, last episode, tests passed.
      'apps/api/test/library.test.ts',
      'apps/api/test/entitlement.test.ts',
    ],
  },
  'api-progress-writer': {
    project: 'api',
    what: 'the progress saves written in batches, against their own tests (a database, no app: minutes)',
    mutate: ['apps/api/src/modules/courses/progress-writer.ts'],
    tests: ['apps/api/test/progress-writer.test.ts'],
  },
  'api-billing-rules': {
    project: 'api',
    what: 'billing rules: prices and VAT, promo-code validity, periods, the PromptPay QR, the Stripe provider',
    mutate: [
      'apps/api/src/modules/billing/pricing.ts',
      'apps/api/src/modules/billing/periods.ts',
      'apps/api/src/modules/billing/promptpay.ts',
      'apps/api/src/modules/billing/providers/stripe.ts',
    ],
    // Unit tests without the app (the Stripe provider against local doubles of Stripe's API): seconds a mutant.
    tests: [
      'apps/api/src/modules/billing/pricing.test.ts',
      'apps/api/src/modules/billing/periods.test.ts',
      'apps/api/src/modules/billing/promptpay.test.ts',
      'apps/api/src/modules/billing/providers/stripe.test.ts',
    ],
  },
  'api-billing': {
    project: 'api',
    what: 'billing: a payment applied once, the period it buys from the current end, a late payment, the receipt',
    // The payment's application: the period (isRunning, runningAt, period), an unpaid order closed, an event applied once,
    // applyPaid; and the repo's statements that extend or start a subscription, take or give back a promo code,
    // close an order, mark it paid, record the event and issue the receipt. createOrder, quote, the receipt's mail
    // and the expiry job are tested by billing-rules.test.ts too, but not mutated: 283 mutants took about 40 s each
    // on the loaded machine.
    mutate: [
      'apps/api/src/modules/billing/billing.service.ts:62-63',
      'apps/api/src/modules/billing/billing.service.ts:129-130',
      'apps/api/src/modules/billing/billing.service.ts:278-283',
      'apps/api/src/modules/billing/billing.service.ts:412-562',
      'apps/api/src/modules/billing/billing.repo.ts:206-289',
      'apps/api/src/modules/billing/billing.repo.ts:396-434',
      'apps/api/src/modules/billing/billing.repo.ts:550-615',
    ],
    // The service over a database without the app (a second to start). billing.test.ts and stripe.test.ts (the
    // same rules through the routes, the app started) cost about a minute a mutant on the loaded 2-core machine:
    // left out.
    tests: ['apps/api/test/billing-rules.test.ts'],
  },
  'api-playback': {
    project: 'api',
    what: 'playback token signing and checking',
    mutate: ['apps/api/src/modules/media/playback-tokens.ts'],
    // media.test.ts (tokens refused by the stream route) costs about 20 s a mutant: left out for time.
    tests: ['apps/api/src/modules/media/playback-tokens.test.ts'],
  },
  'api-grading-pure': {
    project: 'api',
    what: 'grading (pure): points, partial points, the pass mark; overdue; attempts left',
    // The pure rules, against their unit tests alone (minutes): an API test file in the list costs every
    // mutant its imports and its app, even one the unit tests kill first.
    mutate: [
      'apps/api/src/modules/assessments/grading.ts',
      // overdue(): the time and its grace are over.
      'apps/api/src/modules/assessments/assessments.service.ts:26-27',
      // Attempts left.
      'apps/api/src/modules/assessments/assessment-views.ts:15-16',
      // Question pools: the draw (topics, what the learner met), shuffles, the choices' order per attempt.
      'apps/api/src/modules/assessments/pool.ts',
    ],
    tests: [
      'apps/api/src/modules/assessments/grading.test.ts',
      'apps/api/src/modules/assessments/overdue.test.ts',
      'apps/api/src/modules/assessments/attempts-left.test.ts',
      'apps/api/src/modules/assessments/pool.test.ts',
    ],
  },
  'api-grading': {
    project: 'api',
    what: 'the attempt limit, deadlines and pass marks through the service',
    // Only the rule-bearing lines of the service (respond() in two ranges: the block spanning both, and the
    // method's own body, are left out; emptied, each fails every test that starts an attempt).
    mutate: [
      // respond(): the post-test's prerequisite, before an attempt starts.
      'apps/api/src/modules/assessments/assessments.service.ts:160-181',
      // respond(): the start loop (a simultaneous start, an edit, the limit; three tries), saving while the time
      // lasts, TIME_UP or NO_ATTEMPT_IN_PROGRESS.
      'apps/api/src/modules/assessments/assessments.service.ts:182-212',
      // sheet(): a pool's draw avoiding a post-test's pre-test questions and the attempt before.
      'apps/api/src/modules/assessments/assessments.service.ts:219-236',
      // grade(): graded once, at the pass mark it started under, answers sent late not counted; ten tries.
      'apps/api/src/modules/assessments/assessments.service.ts:267-301',
    ],
    tests: [
      'apps/api/src/modules/assessments/grading.test.ts',
      'apps/api/src/modules/assessments/overdue.test.ts',
      'apps/api/src/modules/assessments/attempts-left.test.ts',
      'apps/api/test/grading-rules.test.ts',
      'apps/api/test/assessments.test.ts',
      'apps/api/test/question-pools.test.ts',
    ],
  },
  'api-admin-gate': {
    project: 'api',
    what: "the admin console's gate: authentication, the live session's role, requireAdmin",
    mutate: [
      // liveRole() and lookup(): a session's role, from the cache or looked up (one lookup shared).
      'apps/api/src/plugins/auth.ts:71-85',
      // query() and entry(): what is cached, for how long (SESSION_CACHE_SECONDS, never past the expiry).
      'apps/api/src/plugins/auth.ts:124-151',
      // forget() and forgetUser(): a revoked session, a changed role.
      'apps/api/src/plugins/auth.ts:171-182',
      // The revocation channel: what is heard, and no cache while it is down.
      'apps/api/src/plugins/auth.ts:195-213',
      // authenticate and requireAdmin.
      'apps/api/src/plugins/auth.ts:227-239',
    ],
    tests: [
      // The guard without a database (milliseconds): the cache, the channel, the clock set.
      'apps/api/src/plugins/session-guard.test.ts',
      'apps/api/test/admin-gate.test.ts',
      // Every admin operation for every kind of caller; auth-required.test.ts (seven bad tokens on every
      // operation) adds nothing for these lines at minutes a mutant: left out.
      'apps/api/test/admin-authz.test.ts',
    ],
  },
  'api-certificates': {
    project: 'api',
    what: 'completion and certificates: who is completed, what is offered, issued once, refused when revoked',
    mutate: [
      // completion() and issue() (not the PDF, the mail, the public page or its preview).
      'apps/api/src/modules/certificates/certificates.service.ts:86-159',
      'apps/api/src/modules/assessments/completion.repo.ts',
      'apps/api/src/modules/certificates/certificate-code.ts',
    ],
    tests: [
      'apps/api/src/modules/certificates/certificate-code.test.ts',
      'apps/api/test/certificate-rules.test.ts',
      'apps/api/test/certificates.test.ts',
    ],
  },
  'web-session': {
    project: 'web',
    what: 'the web session library (86400 s refresh, 401 handling, storage keys)',
    mutate: ['apps/web/src/lib/session.ts', 'apps/web/src/lib/storage.ts'],
    tests: [
      'apps/web/src/lib/session.test.ts',
      'apps/web/src/lib/session-rules.test.ts',
      'apps/web/src/lib/logout.test.ts',
    ],
  },
  'web-player': {
    project: 'web',
    what: "the player's progress and resume logic",
    mutate: [
      'apps/web/src/features/player/lib/progress.ts',
      'apps/web/src/features/player/lib/resume.ts',
      'apps/web/src/features/player/lib/played-ranges.ts',
      'apps/web/src/features/player/lib/use-watch-progress.ts',
    ],
    tests: [
      'apps/web/src/features/player/lib/progress.test.ts',
      'apps/web/src/features/player/lib/resume.test.ts',
      'apps/web/src/features/player/lib/played-ranges.test.ts',
      'apps/web/src/features/player/lib/use-watch-progress.test.tsx',
      'apps/web/src/features/player/lib/use-watch-progress-ranges.test.tsx',
    ],
  },
};

export function moduleNamed(name) {
  const m = modules[name];
  if (!m) throw new Error(`MUTATION_MODULE must be one of: ${Object.keys(modules).join(', ')}`);
  return m;
}
