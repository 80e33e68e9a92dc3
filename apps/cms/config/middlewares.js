module.exports = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
  // After strapi::query (parsed query) and strapi::errors (Strapi's error shape).
  'global::draft-guard',
  'global::content-defaults',
];
