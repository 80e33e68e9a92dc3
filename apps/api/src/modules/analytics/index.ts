// Analytics: the console's figures (learners, courses, revenue, retention) and the nightly retention job.
export { analyticsRoutes } from './analytics.routes.js';
export { AnalyticsService } from './analytics.service.js';
