'use strict';

const LOCALES = [
  { code: 'th', name: 'Thai (th)' },
  { code: 'en', name: 'English (en)' },
];

/** Thai first and default, English second (Strapi's own first start makes `en` the default). */
async function ensureLocales(strapi) {
  const locales = strapi.plugin('i18n').service('locales');
  for (const locale of LOCALES) {
    if (!(await locales.findByCode(locale.code))) await locales.create(locale);
  }
  if ((await locales.getDefaultLocale()) !== 'th') await locales.setDefaultLocale({ code: 'th' });
}

module.exports = { ensureLocales, LOCALES };
