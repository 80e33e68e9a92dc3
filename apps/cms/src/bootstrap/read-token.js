'use strict';

const TOKEN_NAME = 'rianroo-web (read-only)';

/**
 * The web app reads content with a fixed key from the platform's settings (CMS_READ_TOKEN). Strapi's API-token
 * service always makes a random key, so the token is created through the service (type read-only, no expiry)
 * and its stored key is then replaced by the HMAC of the configured one, computed by the service's own
 * `hash` (HMAC-SHA512 with API_TOKEN_SALT), plus the encrypted copy the admin panel shows.
 */
async function ensureReadToken(strapi, accessKey) {
  const tokens = strapi.service('admin::api-token-content-api');
  let token = await tokens.getByName(TOKEN_NAME);
  if (!token) {
    token = await tokens.create({
      name: TOKEN_NAME,
      description: 'Used by the web app (public-config contentToken). Its key is set by CMS_READ_TOKEN.',
      type: 'read-only',
      lifespan: null,
    });
  }
  const encrypted = strapi.service('admin::encryption').encrypt(accessKey);
  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: { accessKey: tokens.hash(accessKey), encryptedKey: encrypted, type: 'read-only', expiresAt: null },
  });
}

module.exports = { ensureReadToken, TOKEN_NAME };
