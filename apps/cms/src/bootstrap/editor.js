'use strict';

/** The editors' first account (super admin), made once; later changes in the admin panel are kept. */
async function ensureEditor(strapi, { email, password }) {
  const users = strapi.service('admin::user');
  const normalized = email.toLowerCase();
  if (await users.exists({ email: normalized })) return;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  if (!superAdmin) throw new Error('The super admin role is missing');
  await users.create({
    email: normalized,
    firstname: 'Rianroo',
    lastname: 'Editor',
    password,
    isActive: true,
    registrationToken: null,
    roles: [superAdmin.id],
  });
  strapi.log.info(`rianroo-cms: editor account ${normalized} created`);
}

module.exports = { ensureEditor };
