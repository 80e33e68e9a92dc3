// The endpoint table: every operation of the API, by domain (one file per module of apps/api/src/modules).
// The API registers each route's method, address and schemas from its row (apps/api/src/lib/endpoint.ts);
// apps/api/test/endpoint-table.test.ts checks that every documented operation has its row and no row is left
// without its route.
import { accountsEndpoints } from './accounts.js';
import { analyticsEndpoints } from './analytics.js';
import { assessmentsEndpoints } from './assessments.js';
import { auditEndpoints } from './audit.js';
import { billingEndpoints } from './billing.js';
import { certificatesEndpoints } from './certificates.js';
import { communicationEndpoints } from './communication.js';
import { contactEndpoints } from './contact.js';
import { coursesEndpoints } from './courses.js';
import { documentsEndpoints } from './documents.js';
import { mediaEndpoints } from './media.js';
import { organisationsEndpoints } from './organisations.js';
import { orgEndpoints } from './org.js';
import { privacyEndpoints } from './privacy.js';
import { systemEndpoints } from './system.js';

export const endpoints = {
  ...accountsEndpoints,
  ...analyticsEndpoints,
  ...assessmentsEndpoints,
  ...auditEndpoints,
  ...billingEndpoints,
  ...certificatesEndpoints,
  ...communicationEndpoints,
  ...contactEndpoints,
  ...coursesEndpoints,
  ...documentsEndpoints,
  ...mediaEndpoints,
  ...organisationsEndpoints,
  ...orgEndpoints,
  ...privacyEndpoints,
  ...systemEndpoints,
};

export type Endpoints = typeof endpoints;
