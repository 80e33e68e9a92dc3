'use strict';

const { errors } = require('@strapi/utils');

/**
 * Drafts never reach the public API. Strapi 5 hands drafts to anyone allowed to `find` who asks for
 * `?status=draft` (v4: `publicationState=preview`), read-only tokens included, so both are refused on /api/*.
 */
module.exports = () => async (ctx, next) => {
  // Strapi's router matches paths whatever their letter case (/API/courses is /api/courses): so does this.
  if (ctx.path.toLowerCase().startsWith('/api/')) {
    const { status, publicationState } = ctx.query;
    if (status !== undefined && status !== 'published') {
      throw new errors.ValidationError('Only published content is served: status must be "published"');
    }
    if (publicationState !== undefined && publicationState !== 'live') {
      throw new errors.ValidationError('Only published content is served: publicationState must be "live"');
    }
  }
  await next();
};
