'use strict';

const TOKEN_NAME = 'rianroo-web (read-only)';

/**
 * The web app reads content with a fixed key from the platform's settings (CMS_READ_TOKEN). Strapi's API-token
 * service always makes a random key, so the token is created through the service (custom type, reads only, no expiry)
 * and its stored key is then replaced by the HMAC of the configured one, computed by the service's own
 * `hash` (HMAC-SHA512 with API_TOKEN_SALT), plus the encrypted copy the admin panel shows.
 */
async function ensureReadToken(strapi, accessKey) {
  const tokens = strapi.service('admin::api-token-content-api');
  const permissions = readPermissions(strapi);
  let token = await tokens.getByName(TOKEN_NAME);
  const fields = {
    description: 'Used by the web app (public-config contentToken). Its key is set by CMS_READ_TOKEN.',
    type: 'custom',
    permissions,
  };
  if (!token) token = await tokens.create({ name: TOKEN_NAME, lifespan: null, ...fields });
  else await tokens.update(token.id, fields);
  const encrypted = strapi.service('admin::encryption').encrypt(accessKey);
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: { accessKey: tokens.hash(accessKey), encryptedKey: encrypted, expiresAt: null },
  });
}

/**
 * What the key sent to every browser may do: read our content types (and the media they hold), nothing else:
 * not list every uploaded file, not read other plugins' data. A read-only token could.
 */
function readPermissions(strapi) {
  return Object.entries(strapi.contentTypes)
    .filter(([uid]) => uid.startsWith('api::'))
    .flatMap(([uid, type]) =>
      type.kind === 'singleType' ? [`${uid}.find`] : [`${uid}.find`, `${uid}.findOne`],
    );
}

module.exports = { ensureReadToken, TOKEN_NAME };
