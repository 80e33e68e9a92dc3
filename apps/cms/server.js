'use strict';

// The content service's process entry (what the API supervisor runs): Strapi from this folder, no build step
// for the server (plain JavaScript). CMS_SERVE_ADMIN=false leaves the admin panel out (tests need no build).
const { createStrapi } = require('@strapi/strapi');

const appDir = __dirname;
const strapi = createStrapi({
  appDir,
  distDir: appDir,
  serveAdminPanel: process.env.CMS_SERVE_ADMIN !== 'false',
});

strapi
  .start()
  .then(() => process.send?.({ type: 'ready' }))
  .catch((err) => {
    console.error(`rianroo-cms: failed to start: ${err && err.stack ? err.stack : err}`);
    process.exit(1);
  });

// Started by the API over an IPC channel: when the API goes away (even killed outright), so does Strapi.
process.on('disconnect', () => {
  strapi.destroy().finally(() => process.exit(0));
});
