'use strict';

const { ensureLocales } = require('./bootstrap/locales');
const { ensureReadToken } = require('./bootstrap/read-token');
const { ensureEditor } = require('./bootstrap/editor');
const { restrictHeaderScript } = require('./bootstrap/head-script-permissions');
const { seedDemoContent } = require('./bootstrap/seed');

module.exports = {
  register() {},

  /** Idempotent: every start makes sure of the locales, the read token, the editor and (once) the demo content. */
  async bootstrap({ strapi }) {
    const env = process.env;
    await ensureLocales(strapi);
    await restrictHeaderScript(strapi);
    if (env.CMS_READ_TOKEN) await ensureReadToken(strapi, env.CMS_READ_TOKEN);
    else strapi.log.warn('CMS_READ_TOKEN is not set: no read token for the web app');
    if (env.CMS_ADMIN_EMAIL && env.CMS_ADMIN_PASSWORD) {
      await ensureEditor(strapi, { email: env.CMS_ADMIN_EMAIL, password: env.CMS_ADMIN_PASSWORD });
    }
    if (env.CMS_SEED_DEMO === 'true') await seedDemoContent(strapi);
    // The API supervisor waits for this line (and for the port) before it says the content service is up.
    strapi.log.info('rianroo-cms: bootstrap done');
  },
};
