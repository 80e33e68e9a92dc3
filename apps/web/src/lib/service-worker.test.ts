import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/** A browser that has service workers (jsdom has none), recording what is registered. */
function withServiceWorkers() {
  const register = vi.fn(() => Promise.resolve({}));
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
  return register;
}

describe('registerServiceWorker', () => {
  it('registers nothing outside a production build (development, the unit tests)', () => {
    const register = withServiceWorkers();
    registerServiceWorker();
    window.dispatchEvent(new Event('load'));
    expect(register).not.toHaveBeenCalled();
  });

  it('in a production build, registers /sw.js for the whole site once the page has loaded', () => {
    vi.stubEnv('PROD', true);
    const register = withServiceWorkers();
    registerServiceWorker();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });
});
