import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { assessmentsRoutes } from './modules/assessments/assessments.routes.js';
import { AssessmentsService } from './modules/assessments/assessments.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { BillingService } from './modules/billing/billing.service.js';
import { paymentProvider } from './modules/billing/providers/index.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { CertificatesService } from './modules/certificates/certificates.service.js';
import { EvaluationsService } from './modules/certificates/evaluations.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { communicationRoutes } from './modules/communication/communication.routes.js';
import { CommunicationService } from './modules/communication/communication.service.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { ContactService } from './modules/contact/contact.service.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { catalogPage } from './modules/courses/catalog-page.js';
import { coursePage } from './modules/courses/course-page.js';
import { discoveryRoutes } from './modules/courses/discovery.routes.js';
import { coursesRoutes } from './modules/courses/courses.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { MediaService } from './modules/media/media.service.js';
import { VideoService } from './modules/media/videos.service.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { CoursesService } from './modules/courses/courses.service.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { SocialService } from './modules/social/social.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
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

  const auth = new AuthService(app);
  const users = new UsersService(app, auth);
  await users.start();
  const social = new SocialService(app, auth);
  const coursesService = new CoursesService(app);
  const assessments = new AssessmentsService(app, coursesService);
  const certificates = new CertificatesService(app, coursesService, assessments);
  const evaluations = new EvaluationsService(app);
  const billing = new BillingService(app, await paymentProvider(app.config));
  app.decorate('billing', billing);
  await billing.schedule();
  await new AnalyticsService(app).schedule();
  const videos = new VideoService(app);
  app.decorate('videos', videos);
  await videos.start();
  const media = new MediaService(app, coursesService);
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes, { service: auth });
      await api.register(usersRoutes, { service: users });
      await api.register(socialRoutes, { service: social });
      await api.register(coursesRoutes, { service: coursesService });
      await api.register(documentsRoutes, { courses: coursesService });
      await api.register(mediaRoutes, { media });
      await api.register(assessmentsRoutes, { service: assessments });
      await api.register(certificatesRoutes, { certificates, evaluations });
      await api.register(billingRoutes, { service: billing });
      await api.register(contactRoutes, { service: new ContactService(app) });
      await api.register(communicationRoutes, { service: new CommunicationService(app) });
      await api.register(adminRoutes, { prefix: '/admin', media });
    },
    { prefix: '/api' },
  );
  await app.register(contentRoutes);
  await app.register(discoveryRoutes, { service: coursesService });
  const catalogue = catalogPage(coursesService);
  const course = coursePage(coursesService, config.publicUrl);
  await app.register(webPlugin, {
    page: async (path, query) => {
      return (await certificates.openGraph(path)) ?? (await catalogue(path, query)) ?? course(path);
    },
  });
  return app;
}
