'use strict';

const { errors } = require('@strapi/utils');

/**
 * The first editor (super admin) is made by the platform at the first start, from CMS_ADMIN_EMAIL and
 * CMS_ADMIN_PASSWORD or with a generated password kept in DATA_DIR/cms. So the "register the first admin"
 * route is never needed, and it stays closed: whoever reaches the port first cannot make themselves super
 * admin (and publish a script that every page runs). Paths are matched whatever their letter case, as
 * Strapi's router matches them.
 */
module.exports = () => async (ctx, next) => {
  const path = ctx.path.toLowerCase().replace(/\/+$/, '');
  if (path === '/admin/register-admin') {
    throw new errors.ForbiddenError('The first editor is created by the platform; registration is closed');
  }
  await next();
};
