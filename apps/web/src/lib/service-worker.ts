/**
 * Registers the service worker of a production build (apps/web/pwa.config.ts; docs/deploy.md): never in
 * development or in the unit tests, whose pages have no worker to register. It waits for the page's load, so
 * its download and the precaching it starts never compete with the first page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // Without it the app works as before, only not offline: nothing to tell the learner.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
