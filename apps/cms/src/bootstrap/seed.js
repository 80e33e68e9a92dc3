'use strict';

const fs = require('node:fs');
const path = require('node:path');
const marketing = require('./seed-marketing');
const { courses, draftCourse } = require('./seed-courses');

const ASSETS = path.join(__dirname, '..', '..', 'seed-assets');
const SEED_VERSION = 1;

/** One upload per seed asset (found again by name on a later run that was interrupted). */
async function uploadAsset(strapi, cache, name) {
  if (cache.has(name)) return cache.get(name);
  const existing = await strapi.db.query('plugin::upload.file').findOne({ where: { name } });
  let id = existing?.id;
  if (!id) {
    const filepath = path.join(ASSETS, name);
    const [file] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText: '', caption: '' } },
        files: { filepath, originalFilename: name, mimetype: 'image/png', size: fs.statSync(filepath).size },
      });
    id = file.id;
  }
  cache.set(name, id);
  return id;
}

/**
 * A document in Thai (default locale) and English, published; `media` maps attribute names to asset files
 * (one for both languages, or `{ th, en }`).
 * `status` 'draft' leaves it unpublished.
 */
async function createLocalized(strapi, uid, { th, en, media = {}, status = 'published' }, upload) {
  const files = { th: {}, en: {} };
  for (const [attribute, name] of Object.entries(media)) {
    for (const locale of ['th', 'en']) {
      files[locale][attribute] = await upload(typeof name === 'string' ? name : name[locale]);
    }
  }
  const documents = strapi.documents(uid);
  const created = await documents.create({ locale: 'th', data: { ...th, ...files.th }, status });
  await documents.update({
    documentId: created.documentId,
    locale: 'en',
    data: { ...en, ...files.en },
    status,
  });
  return created.documentId;
}

/** Demo content for every type, once per database (a store flag, so editors' deletions stay deleted). */
async function seedDemoContent(strapi) {
  const store = strapi.store({ type: 'plugin', name: 'rianroo', key: 'demo-seed' });
  if ((await store.get())?.version >= SEED_VERSION) return;
  // All or nothing: a start stopped half-way seeds again from the beginning next time.
  await strapi.db.transaction(() => seedEverything(strapi));
  await store.set({ value: { version: SEED_VERSION, at: new Date().toISOString() } });
  strapi.log.info('rianroo-cms: demo content seeded (Thai and English)');
}

async function seedEverything(strapi) {
  const cache = new Map();
  const upload = (name) => uploadAsset(strapi, cache, name);

  await strapi.documents('api::header-script.header-script').create({
    data: marketing.headerScript,
    status: 'published',
  });
  await createLocalized(strapi, 'api::announcement-bar.announcement-bar', marketing.announcementBar, upload);
  for (const [uid, entry] of [
    ['api::annual-promotion.annual-promotion', marketing.annualPromotion],
    ['api::free-trial.free-trial', marketing.freeTrial],
    ['api::renewal.renewal', marketing.renewal],
  ]) {
    await createLocalized(strapi, uid, { ...entry, media: { image: entry.image } }, upload);
  }

  const bannerUid = 'api::library-banner.library-banner';
  for (const banner of marketing.libraryBanners) {
    const status = banner.draftOnly ? 'draft' : 'published';
    const documentId = await createLocalized(
      strapi,
      bannerUid,
      { ...banner, media: { image: banner.image }, status },
      upload,
    );
    for (const [locale, data] of Object.entries(banner.draftChange ?? {})) {
      // Saved as a draft on top of the published version (update without publishing).
      await strapi.documents(bannerUid).update({ documentId, locale, data });
    }
  }

  const courseUid = 'api::course.course';
  for (const c of courses) {
    const th = { ...c.th, slug: c.slug };
    const en = { ...c.en, slug: c.slug };
    await createLocalized(strapi, courseUid, { th, en, media: { cover: c.image } }, upload);
  }
  const d = draftCourse;
  const draft = { th: { ...d.th, slug: d.slug }, en: { ...d.en, slug: d.slug }, media: { cover: d.image } };
  await createLocalized(strapi, courseUid, { ...draft, status: 'draft' }, upload);
}

module.exports = { seedDemoContent };
