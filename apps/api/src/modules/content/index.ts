// Content: the marketing pages of the content service (Strapi), proxied and cached.
export { contentRoutes } from './content.routes.js';
