// The API supervisor sets every value here (apps/api/src/plugins/cms.ts); the defaults suit `npm run develop`.
module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  app: { keys: env.array('APP_KEYS') },
  // Uploads live under the platform's DATA_DIR, not in the checkout.
  dirs: { public: env('CMS_PUBLIC_DIR', './public') },
  // No registry look-up for a newer Strapi at start (the machines may be offline).
  logger: { updates: { enabled: false }, startup: { enabled: env.bool('CMS_STARTUP_BANNER', false) } },
});
