'use strict';

const HEADER_SCRIPT = 'api::header-script.header-script';
const SUPER_ADMIN = 'strapi-super-admin';

/**
 * The header script is HTML that runs on every page of the platform, with learners' tokens in reach: only
 * super admins may see or change it. Strapi gives its Editor and Author roles every content type when it makes
 * them; this takes the header script away from every other role, at every start (a role made or changed in the
 * admin panel later is put right on the next start).
 */
async function restrictHeaderScript(strapi) {
  const permissions = await strapi.db.query('admin::permission').findMany({
    where: { subject: HEADER_SCRIPT },
    populate: ['role'],
  });
  const ids = permissions.filter((p) => p.role && p.role.code !== SUPER_ADMIN).map((p) => p.id);
  if (!ids.length) return;
  await strapi.db.query('admin::permission').deleteMany({ where: { id: { $in: ids } } });
  strapi.log.info(
    `rianroo-cms: header script taken from other roles than super admin (${ids.length} permissions)`,
  );
}

module.exports = { restrictHeaderScript };
