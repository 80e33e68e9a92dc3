import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../app/RouteErrorBoundary';
import { withApp } from '../test-content';
import { PageLoadError, recoverFromMissingPage } from './lazy-page';

const reload = vi.fn();
let online = true;
beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('location', { ...window.location, reload, pathname: '/courses', search: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const missing = new TypeError('Failed to fetch dynamically imported module');

describe('a page whose code cannot be fetched', () => {
  it('reloads once to the new build, then, failing again at once, is an error the page shows', () => {
    expect(() => recoverFromMissingPage(missing, '/courses')).toThrow(PageLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(() => recoverFromMissingPage(missing, '/courses')).toThrow(PageLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
    // Another address is another page: it may reload once too.
    expect(() => recoverFromMissingPage(missing, '/pricing')).toThrow(PageLoadError);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline, never reloads: the error says so', () => {
    online = false;
    let error: unknown;
    try {
      recoverFromMissingPage(missing, '/courses');
    } catch (e) {
      error = e;
    }
    expect(reload).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(PageLoadError);
    expect((error as PageLoadError).offline).toBe(true);
  });
});

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('the route error boundary', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('offline: says so in Thai, with try again, never a blank page', () => {
    render(
      withApp(
        <RouteErrorBoundary>
          <Broken error={new PageLoadError(true, missing)} />
        </RouteErrorBoundary>,
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('คุณออฟไลน์อยู่');
    screen.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('any other fault of a page: a message with try again', () => {
    render(
      withApp(
        <RouteErrorBoundary>
          <Broken error={new Error('boom')} />
        </RouteErrorBoundary>,
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('เปิดหน้านี้ไม่ได้');
    expect(screen.queryByText('boom')).toBeNull();
  });
});
