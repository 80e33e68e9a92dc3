import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { analyticsRoutes } from '../analytics/analytics.routes.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { assessmentsAdminRoutes } from '../authoring/assessments-admin.routes.js';
import { AssessmentsAdminService } from '../authoring/assessments-admin.service.js';
import { coursesAdminRoutes } from '../authoring/courses-admin.routes.js';
import { CoursesAdminService } from '../authoring/courses-admin.service.js';
import { evaluationsAdminRoutes } from '../authoring/evaluations-admin.routes.js';
import { EvaluationsAdminService } from '../authoring/evaluations-admin.service.js';
import { LookupsService } from '../authoring/lookups.service.js';
import type { MediaService } from '../media/media.service.js';
import { uploadsRoutes } from '../media/uploads.routes.js';
import { UploadsService } from '../media/uploads.service.js';
import { applicationsRoutes } from './applications.routes.js';
import { ApplicationsService } from './applications.service.js';
import { auditRoutes } from './audit.routes.js';
import { billingAdminRoutes } from './billing-admin.routes.js';
import { BillingAdminService } from './billing-admin.service.js';
import { AuditService } from './audit.service.js';
import { orgsRoutes } from './orgs.routes.js';
import { OrgsService } from './orgs.service.js';
import { peopleRoutes } from './people.routes.js';
import { PeopleService } from './people.service.js';

/**
 * Everything under /api/admin, behind one gate: the hook below runs before any admin route (401 without a
 * live session, 403 unless an administrator). Admin route plugins are registered here, never beside it.
 */
export const adminRoutes: FastifyPluginAsync<{ media: MediaService }> = async (
  admin: FastifyInstance,
  { media },
) => {
  admin.addHook('onRequest', admin.requireAdmin);
  await admin.register(auditRoutes, { service: new AuditService(admin.db) });
  await admin.register(peopleRoutes, { service: new PeopleService(admin) });
  await admin.register(orgsRoutes, { service: new OrgsService(admin) });
  await admin.register(billingAdminRoutes, { service: new BillingAdminService(admin) });
  await admin.register(applicationsRoutes, { service: new ApplicationsService(admin) });
  const uploads = new UploadsService(admin);
  await uploads.start();
  await admin.register(uploadsRoutes, { uploads, media });
  await admin.register(coursesAdminRoutes, {
    service: new CoursesAdminService(admin),
    lookups: new LookupsService(admin),
  });
  await admin.register(assessmentsAdminRoutes, { service: new AssessmentsAdminService(admin) });
  await admin.register(evaluationsAdminRoutes, { service: new EvaluationsAdminService(admin) });
  await admin.register(analyticsRoutes, { prefix: '/analytics', service: new AnalyticsService(admin) });
};
