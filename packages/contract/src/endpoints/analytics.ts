import {
  analyticsCourses,
  analyticsOverview,
  analyticsRange,
  courseBudgetCuts,
  courseFunnel,
  retentionCurve,
} from '../analytics.js';
import { idParams } from '../common.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

const tags = ['admin', 'analytics'];
const refused = { 400: apiError, 401: apiError, 403: apiError };

export const analyticsEndpoints = endpointTable({
  'GET /api/admin/analytics/overview': {
    audience: 'admin',
    tags,
    summary:
      'Sign-ups, active learners per day and week, completions and revenue by plan over a span of days',
    query: analyticsRange,
    answers: { 200: analyticsOverview, ...refused },
  },
  'GET /api/admin/analytics/courses': {
    audience: 'admin',
    tags,
    summary: 'Published courses and their episodes, to choose what to chart',
    answers: { 200: analyticsCourses, ...refused },
  },
  'GET /api/admin/analytics/episodes/:id/retention': {
    audience: 'admin',
    tags,
    summary:
      "An episode's retention curve: the share of its viewers who played each second, steep drops marked",
    params: idParams,
    answers: { 200: retentionCurve, 404: apiError, ...refused },
  },
  'GET /api/admin/analytics/courses/:id/funnel': {
    audience: 'admin',
    tags,
    summary: "A course's funnel for the learners who started it in the span: episodes, tests, certificate",
    params: idParams,
    query: analyticsRange,
    answers: { 200: courseFunnel, 404: apiError, ...refused },
  },
  'GET /api/admin/analytics/courses/:id/budget-cuts': {
    audience: 'admin',
    tags,
    summary:
      "A course's learners whose progress saves the watch-time budget cut: how many saves, how many seconds",
    params: idParams,
    answers: { 200: courseBudgetCuts, 404: apiError, ...refused },
  },
});
