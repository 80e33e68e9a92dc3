import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app: its web manifest and its service worker (Workbox, generated at build time; docs/deploy.md,
 * "The service worker"). The worker keeps the app's code and the offline page, nothing else:
 * - pages always come from the network (the API draws many of them, each with a fresh CSP nonce and fresh
 *   data): index.html is never kept, and a page that cannot be fetched is answered by offline.html;
 * - the hashed assets of the learner's pages (JS, CSS, fonts) and the icons are precached; the admin and
 *   organisation consoles' own chunks are left to the network (learners never need them offline);
 * - nothing else passes through it: /api/ (answers, video, files, uploads), /cms/ and anything cross-origin
 *   (Cloudflare Stream) go straight to the network, never into a cache.
 * A new build's worker takes over at once (skipWaiting + clientsClaim): it serves only immutable hashed files and
 * never a page, so an open tab keeps working on its old chunks (the server keeps them 7 days, scripts/build.mjs;
 * lazy-page.ts reloads once if one is gone) and its next navigation gets the new build from the network.
 */

const OFFLINE_PAGE = '/offline.html';
/** The chunks that only the consoles load (apps/web/src/app/router.tsx): not precached for every learner. */
const CONSOLE_ROOTS = ['src/features/admin/AdminApp.tsx', 'src/features/org/OrgApp.tsx'];

type ViteChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

/** The built files (JS and CSS) reached only through a console's root, from Vite's manifest of this build. */
function consoleOnlyFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ViteChunk
  >;
  const files = (c: ViteChunk) => [c.file, ...(c.css ?? [])];
  const learners = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || CONSOLE_ROOTS.includes(key) || learners.has(key)) return;
    learners.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  const kept = new Set([...learners].flatMap((k) => files(manifest[k]!)));
  const consoleOnly = Object.values(manifest)
    .flatMap(files)
    .filter((f) => /\.(js|css)$/.test(f) && !kept.has(f));
  return new Set(consoleOnly);
}

export function pwa(): Plugin[] {
  // Where this build writes (vite.config.ts build.outDir, or --outDir), for its manifest of chunks.
  let outDir = '';
  const buildFolder: Plugin = {
    name: 'pwa-build-folder',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
  };
  const worker = VitePWA({
    // Registered by the app itself (src/lib/service-worker.ts): after the page has loaded, production only.
    injectRegister: false,
    // Emergency switch (docs/deploy.md): a build whose worker removes itself and its caches from every browser.
    selfDestroying: process.env.SW_SELF_DESTROY === '1',
    manifest: {
      id: '/',
      name: 'เรียนรู้ Rianroo',
      short_name: 'เรียนรู้',
      description: 'คอร์สวิดีโอออนไลน์ภาษาไทย เรียนได้ทุกที่ทุกเวลา',
      lang: 'th',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The site's palette: teal-700 for the bars, the pages' slate-50 behind the splash screen.
      theme_color: '#0f766e',
      background_color: '#f8fafc',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['assets/*.{js,css,woff2}', 'offline.html', 'offline.js', 'favicon.svg', 'icons/*.png'],
      manifestTransforms: [
        (entries) => {
          const consoleOnly = consoleOnlyFiles(outDir);
          return { manifest: entries.filter((e) => !consoleOnly.has(e.url)), warnings: [] };
        },
      ],
      // Not Workbox's app shell: a page is never answered from a cache while the network can answer it.
      navigateFallback: null,
      navigationPreload: true,
      runtimeCaching: [
        {
          // The app's pages as the API serves them (apps/api/src/plugins/web.ts: no file extension, not under
          // /api or /cms): from the network, or the offline page when it cannot be reached. Serialised into the
          // worker, so it names nothing from outside.
          urlPattern: ({ request, url, sameOrigin }) =>
            request.mode === 'navigate' &&
            sameOrigin &&
            !/^\/(api|cms|metrics)(\/|$)/i.test(url.pathname) &&
            !/\.[^/]*$/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
        },
      ],
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
  return [buildFolder, ...worker];
}
