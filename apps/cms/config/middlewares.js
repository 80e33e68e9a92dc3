module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  // Browsers of the platform's own origin only (the web app reads content through the platform's /cms).
  { name: 'strapi::cors', config: { origin: env.array('CMS_CORS_ORIGINS', ['http://localhost:3000']) } },
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
  // After strapi::query (parsed query) and strapi::errors (Strapi's error shape).
  'global::draft-guard',
  'global::admin-guard',
  'global::content-defaults',
];
