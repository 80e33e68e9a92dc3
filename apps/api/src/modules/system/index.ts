// System: health and readiness.
export { systemRoutes } from './system.routes.js';
