'use strict';

/**
 * The web client asks for `/api/<type>` without `populate` or `sort`: media fields come populated and
 * collections with an `order` field come sorted by it, unless the request says otherwise.
 */
function defaultsByPath(strapi) {
  const byPath = new Map();
  for (const ct of Object.values(strapi.contentTypes)) {
    if (!ct.uid.startsWith('api::')) continue;
    const media = Object.entries(ct.attributes)
      .filter(([, attribute]) => attribute.type === 'media')
      .map(([name]) => name);
    const sort = ct.kind === 'collectionType' && ct.attributes.order ? ['order:asc', 'id:asc'] : undefined;
    const name = ct.kind === 'singleType' ? ct.info.singularName : ct.info.pluralName;
    byPath.set(`/api/${name}`, { media, sort });
  }
  return byPath;
}

module.exports = (_config, { strapi }) => {
  let byPath;
  return async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      byPath ??= defaultsByPath(strapi);
      const defaults = byPath.get(ctx.path.replace(/\/$/, ''));
      if (defaults) {
        const query = { ...ctx.query };
        if (query.populate === undefined && defaults.media.length) query.populate = defaults.media;
        if (query.sort === undefined && defaults.sort) query.sort = defaults.sort;
        ctx.query = query;
      }
    }
    await next();
  };
};
