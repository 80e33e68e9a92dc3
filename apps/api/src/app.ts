import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import {
  AuthService,
  authRoutes,
  PeopleService,
  peopleRoutes,
  SocialService,
  socialRoutes,
  UsersService,
  usersRoutes,
} from './modules/accounts/index.js';
import { AnalyticsService, analyticsRoutes } from './modules/analytics/index.js';
import {
  AssessmentsAdminService,
  assessmentsAdminRoutes,
  AssessmentsService,
  assessmentsRoutes,
} from './modules/assessments/index.js';
import { AuditService, auditRoutes } from './modules/audit/index.js';
import {
  BillingAdminService,
  billingAdminOrdersRoutes,
  billingAdminRoutes,
  BillingService,
  billingRoutes,
  RefundsService,
  TaxInvoicesService,
  taxInvoicesRoutes,
  paymentProvider,
} from './modules/billing/index.js';
import {
  CertificatesService,
  certificatesRoutes,
  EvaluationsAdminService,
  evaluationsAdminRoutes,
  EvaluationsService,
} from './modules/certificates/index.js';
import { CommunicationService, communicationRoutes } from './modules/communication/index.js';
import {
  ApplicationsService,
  applicationsRoutes,
  ContactService,
  contactRoutes,
} from './modules/contact/index.js';
import { contentRoutes } from './modules/content/index.js';
import {
  catalogPage,
  coursePage,
  homePage,
  CoursesAdminService,
  coursesAdminRoutes,
  CoursesService,
  coursesRoutes,
  discoveryRoutes,
  LookupsService,
} from './modules/courses/index.js';
import { CourseSummariesService, documentsAdminRoutes, documentsRoutes } from './modules/documents/index.js';
import {
  MediaService,
  mediaRoutes,
  UploadsService,
  uploadsRoutes,
  VideoService,
} from './modules/media/index.js';
import {
  managedOrganizationsRoutes,
  managerGate,
  OrgAssignJobs,
  OrgAssignService,
  orgAssignRoutes,
  OrgGroupsService,
  orgGroupsRoutes,
  OrgConsoleService,
  orgConsoleRoutes,
  orgInviteAcceptRoutes,
  OrgInvitesService,
  orgInvitesRoutes,
  orgManagersAdminRoutes,
  OrgMembersService,
  orgMembersRoutes,
  OrgReportService,
  orgReportRoutes,
  OrgsService,
  orgsRoutes,
} from './modules/organisations/index.js';
import {
  accountRecords,
  ClosureService,
  closureRoutes,
  ConsentsService,
  DataExportService,
  dataExportRoutes,
  requestsAdminRoutes,
  requestsRoutes,
  ErasureService,
  RequestsService,
  RetentionService,
  termsAdminRoutes,
  TermsAdminService,
  termsRoutes,
  TermsService,
} from './modules/privacy/index.js';
import { systemRoutes } from './modules/system/index.js';
import { authPlugin } from './plugins/auth.js';
import { cmsPlugin } from './plugins/cms.js';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import { jobsPlugin } from './plugins/jobs.js';
import { mailPlugin } from './plugins/mail.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { webPlugin } from './plugins/web.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { storagePlugin } from './plugins/storage.js';
import { serializerCompiler } from './lib/serializer.js';
import { AccessLogController, requestSerializer, safeErrorSerializer } from './lib/log.js';
import { isWarmUpRequest } from './lib/warm-up.js';
import './types.js';

export interface AppDeps {
  db: Db;
  /** Connection string of the same database, for the job queue's own pool. */
  databaseUrl: string;
  /** The in-process rate limiter's clock (tests move it instead of waiting); the system clock by default. */
  limiterClock?: () => number;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: { err: safeErrorSerializer, req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // A slow or stalled client cannot hold a connection: headers, the whole request, keep-alive and idle
    // sockets each have a limit (the checks run every second, not Node's default thirty).
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A parameter longer than any of ours (300) matches no route: a miss like any other, answered by the
    // not-found handler with every hook run (security headers, request id, access log). Fastify's own
    // onMaxParamLength answer had no route context to find that handler from, and on a method whose paths
    // have no catch-all route (POST, PUT, PATCH, DELETE) it answered a bare text/plain "404 Not Found".
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300, onMaxParamLength: undefined },
    // One line per request; the warm-up's requests before listening (lib/warm-up.ts) are not learners': not logged.
    logController: new AccessLogController((request) => isWarmUpRequest(request.raw)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.db);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(metricsPlugin);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !!origin && config.corsOrigins.includes(origin)),
    credentials: false,
    exposedHeaders: ['x-request-id', 'retry-after'],
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rianroo API', version: '0.1.0', description: 'Thai-first video-course platform' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(rateLimitPlugin, { now: deps.limiterClock });
  await app.register(jobsPlugin, {
    connectionString: deps.databaseUrl,
    pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2,
  });
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  await app.register(authPlugin, { databaseUrl: deps.databaseUrl });
  await app.register(cmsPlugin, { databaseUrl: deps.databaseUrl });

  const { db, limiter, mail, jobs, sessions, signer, storage, log } = app;
  const auth = new AuthService({ db, config, limiter, sessions, signer, log });
  const users = new UsersService({ db, config, limiter, mail, jobs, records: accountRecords }, auth);
  await users.start();
  const social = new SocialService({ db, config, limiter, records: accountRecords }, auth);
  const coursesService = new CoursesService({ db });
  const assessments = new AssessmentsService({ db }, coursesService);
  const certificates = new CertificatesService(
    { db, config, storage, limiter, mail, log },
    coursesService,
    assessments,
  );
  const evaluations = new EvaluationsService({ db });
  const billing = new BillingService({ db, config, mail, jobs, log }, await paymentProvider(app.config));
  app.decorate('billing', billing);
  await billing.schedule();
  const taxInvoices = new TaxInvoicesService({ db, config, mail, storage, log });
  // A full tax invoice asked for at checkout is issued with the payment; its mail goes once that has committed.
  billing.afterPaid.push((orderId) => taxInvoices.mailIssuedAtPayment(orderId));
  const analytics = new AnalyticsService({ db, config, jobs, log });
  app.addHook('onClose', () => analytics.stop());
  await analytics.schedule();
  const videos = new VideoService({ db, config, jobs, storage, log });
  app.decorate('videos', videos);
  app.addHook('preClose', async () => videos.stop());
  await videos.start();
  const media = new MediaService({ db, config, sessions, storage }, coursesService);
  // Closing an account: a sign-in during the cool-off cancels it; the erasure job runs when it has passed.
  const closures = new ClosureService({ db, config, limiter, mail }, auth, billing);
  auth.onSignIn.push(closures.onSignIn);
  const erasure = new ErasureService({ db, storage, jobs, log });
  app.decorate('erasure', erasure);
  await erasure.schedule();
  const dataRequests = new RequestsService({ db, limiter, mail });
  const dataExports = new DataExportService({
    db,
    config,
    storage,
    mail,
    jobs,
    limiter,
    log,
    documents: {
      certificatePdf: async (c) => (await certificates.pdf(c)).pdf,
      taxDocumentPdf: async (number, userId) => (await taxInvoices.pdf(number, userId)).pdf,
    },
  });
  await dataExports.schedule();
  const retention = new RetentionService({ db, jobs, log });
  app.decorate('retention', retention);
  await retention.schedule();
  // Course assignments' reminders and the managers' weekly digest (tests run them with the clock moved).
  const orgAssignJobs = new OrgAssignJobs({ db, mail, jobs, config });
  app.decorate('orgAssignJobs', orgAssignJobs);
  await orgAssignJobs.schedule();
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes, { service: auth });
      await api.register(usersRoutes, { service: users });
      await api.register(socialRoutes, { service: social });
      await api.register(coursesRoutes, { service: coursesService });
      await api.register(documentsRoutes, { courses: coursesService });
      await api.register(mediaRoutes, { media });
      await api.register(assessmentsRoutes, { service: assessments, courses: coursesService });
      await api.register(certificatesRoutes, { certificates, evaluations });
      await api.register(billingRoutes, { service: billing });
      await api.register(taxInvoicesRoutes, { service: taxInvoices });
      await api.register(contactRoutes, { service: new ContactService({ db, config, limiter }) });
      await api.register(communicationRoutes, { service: new CommunicationService({ db, signer }) });
      await api.register(requestsRoutes, { service: dataRequests });
      await api.register(closureRoutes, { service: closures });
      await api.register(dataExportRoutes, { service: dataExports });
      await api.register(termsRoutes, {
        terms: new TermsService({ db }),
        consents: new ConsentsService({ db }),
      });
      const orgConsole = new OrgConsoleService({ db });
      await api.register(managedOrganizationsRoutes, { service: orgConsole });
      const orgMembers = new OrgMembersService({ db });
      const orgInvites = new OrgInvitesService({ db, config, mail });
      await api.register(orgInviteAcceptRoutes, { service: orgInvites });
      // Everything under /api/org/:orgId (the organisation manager's console), behind one gate: 401 without a
      // live session, 403 unless a manager of some organisation, 404 unless of this one. Each part's routes here.
      await api.register(
        async (org) => {
          org.addHook('onRequest', managerGate(org, orgConsole));
          await org.register(orgConsoleRoutes, { service: orgConsole });
          await org.register(orgMembersRoutes, { service: orgMembers });
          await org.register(orgInvitesRoutes, { service: orgInvites });
          await org.register(orgReportRoutes, { service: new OrgReportService({ db }) });
          await org.register(orgGroupsRoutes, { service: new OrgGroupsService({ db }) });
          await org.register(orgAssignRoutes, { service: new OrgAssignService({ db }) });
        },
        { prefix: '/org/:orgId' },
      );
      // Everything under /api/admin, behind one gate: this hook runs before any admin route (401 without a
      // live session, 403 unless an administrator). Each domain's console routes are registered in it.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', admin.requireAdmin);
          await admin.register(auditRoutes, { service: new AuditService(db) });
          await admin.register(peopleRoutes, { service: new PeopleService({ db, sessions }) });
          await admin.register(orgsRoutes, { service: new OrgsService({ db }) });
          await admin.register(orgManagersAdminRoutes, { service: orgMembers });
          await admin.register(billingAdminRoutes, { service: new BillingAdminService({ db }) });
          await admin.register(billingAdminOrdersRoutes, {
            refunds: new RefundsService({ db, provider: billing.provider, taxInvoices, log }),
            taxInvoices,
          });
          await admin.register(applicationsRoutes, { service: new ApplicationsService({ db }) });
          await admin.register(requestsAdminRoutes, { service: dataRequests });
          await admin.register(termsAdminRoutes, { service: new TermsAdminService({ db }) });
          const uploads = new UploadsService({ db, config, storage, videos, log });
          admin.addHook('onClose', () => uploads.stop());
          await uploads.start();
          await admin.register(uploadsRoutes, { uploads, media });
          await admin.register(coursesAdminRoutes, {
            service: new CoursesAdminService({ db, storage }),
            lookups: new LookupsService({ db }),
          });
          await admin.register(documentsAdminRoutes, {
            service: new CourseSummariesService({ db, storage, log }),
          });
          await admin.register(assessmentsAdminRoutes, {
            service: new AssessmentsAdminService({ db }),
          });
          await admin.register(evaluationsAdminRoutes, {
            service: new EvaluationsAdminService({ db }),
          });
          await admin.register(analyticsRoutes, { prefix: '/analytics', service: analytics });
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  await app.register(contentRoutes);
  await app.register(discoveryRoutes, { service: coursesService });
  const plansOnSale = () => billing.plans();
  const catalogue = catalogPage(coursesService, plansOnSale);
  const course = coursePage(coursesService, config.publicUrl, plansOnSale);
  const home = homePage();
  await app.register(webPlugin, {
    page: async (path, query) => {
      return (
        home(path) ?? (await certificates.openGraph(path)) ?? (await catalogue(path, query)) ?? course(path)
      );
    },
  });
  return app;
}
