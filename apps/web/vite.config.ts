import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The API replaces this with a fresh nonce on every page it serves (docs/decisions/007): Vite puts it on the
  // page's scripts and on <meta property="csp-nonce">, where its preloader and our head-script injector read it.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
