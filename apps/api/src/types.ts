import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AccessLog } from './lib/log.js';
import type { AuthContext } from './lib/request.js';
import type { Jobs } from './plugins/jobs.js';
import type { Mailer } from './plugins/mail.js';
import type { Metrics } from './plugins/metrics.js';
import type { ContentService } from './plugins/cms.js';
import type { Limiter } from './plugins/rate-limit.js';
import type { SessionGuard } from './plugins/auth.js';
import type { Storage } from './lib/storage.js';
import type { VideoService } from './modules/media/index.js';
import type { BillingService } from './modules/billing/index.js';
import type { ErasureService, RetentionService } from './modules/privacy/index.js';
import type { OrgAssignJobs } from './modules/organisations/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    jobs: Jobs;
    mail: Mailer;
    metrics: Metrics;
    limiter: Limiter;
    sessions: SessionGuard;
    storage: Storage;
    videos: VideoService;
    billing: BillingService;
    /** The PDPA retention rules (tests run them with the clock moved). */
    retention: RetentionService;
    /** Course assignments' reminders and the managers' weekly digest (tests run them with the clock moved). */
    orgAssignJobs: OrgAssignJobs;
    /** Erases closed accounts whose cool-off has passed (tests run it with the clock moved). */
    erasure: ErasureService;
    /** The headers every answer carries (plugins/security-headers.ts). */
    securityHeaders: Record<string, string>;
    /** The supervised content service (Strapi), when this process runs it. */
    cms: ContentService;
    /** onRequest: requires a valid access token of a live session, before the body is read or validated. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest: as `authenticate`, then 403 unless the session's user is an administrator (read live, not from the token). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Which of the route's requests the access log shows at `info` (lib/log.ts). */
    accessLog?: AccessLog;
  }
}
