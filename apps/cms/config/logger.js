const { formats } = require('@strapi/logger');

// Plain lines: the API supervisor prefixes them with [cms] in its own output.
module.exports = ({ env }) => ({
  level: env('CMS_LOG_LEVEL', 'info'),
  format: formats.prettyPrint({ timestamps: false, colors: false }),
});
