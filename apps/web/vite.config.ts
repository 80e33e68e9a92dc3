import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pwa } from './pwa.config';

/**
 * The built page's stylesheet is fetched at once but does not hold back the first paint: the page's own
 * inline shell (index.html) paints as soon as the HTML is in, and main.tsx applies the stylesheet before
 * React draws anything (so nothing shows unstyled). On a slow connection that is a round trip sooner.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="stylesheet"([^>]*)>/g, '<link rel="preload" as="style" data-app-style$1>'),
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetAfterShell(), ...pwa()],
  // The API replaces this with a fresh nonce on every page it serves (docs/decisions/007): Vite puts it on the
  // page's scripts and on <meta property="csp-nonce">, where its preloader and our head-script injector read it.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // The API reads it to preload a page's chunks beside the entry script (apps/api/src/plugins/web.ts).
    manifest: true,
    // Written for the error tracker, but not named in the bundles (no sourceMappingURL comment), and the
    // API does not serve them in production (apps/api/src/plugins/web.ts; docs/deploy.md says where they go).
    sourcemap: 'hidden',
  },
});
