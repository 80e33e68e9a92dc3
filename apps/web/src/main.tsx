import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { keepServedPage } from './lib/page-data';
import { registerServiceWorker } from './lib/service-worker';
// Sarabun is served from our own origin, so Thai reads well on devices without a Thai font.
import '@fontsource/sarabun/400.css';
import '@fontsource/sarabun/600.css';
import '@fontsource/sarabun/700.css';
import './styles.css';

/** The built page's stylesheet, preloaded (vite.config.ts), applied before the app draws. */
function stylesApplied(): Promise<unknown> {
  const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-style]')];
  return Promise.all(
    preloaded.map(
      (p) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.href = p.href;
          if (p.crossOrigin !== null) sheet.crossOrigin = p.crossOrigin;
          sheet.onload = sheet.onerror = () => resolve();
          document.head.appendChild(sheet);
        }),
    ),
  );
}

void stylesApplied().then(() => {
  keepServedPage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
});
