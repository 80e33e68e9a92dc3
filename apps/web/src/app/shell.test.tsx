import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { ChatWidget } from './ChatWidget';
import { RouteGuard } from './RouteGuard';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** Paths at which the guarded content was rendered. */
const renderedAt: string[] = [];
function Content() {
  renderedAt.push(useLocation().pathname);
  return <p>protected content</p>;
}

function renderAt(path: string) {
  renderedAt.length = 0;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <RouteGuard>
                <Content />
              </RouteGuard>
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

function withProviders(node: React.ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider>{node}</I18nProvider>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('route guard (spec section 2)', () => {
  it('shows nothing to an anonymous visitor of a protected path and redirects to /login with the path', () => {
    renderAt('/library/course?x=1');
    expect(renderedAt).not.toContain('/library/course');
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Flibrary%2Fcourse%3Fx%3D1');
  });

  it('redirects under /free-trial/ to /register', () => {
    renderAt('/free-trial/annual');
    expect(screen.getByTestId('where').textContent).toBe('/register?redirect=%2Ffree-trial%2Fannual');
  });

  it('lets a logged-in learner through, and anyone through public paths', () => {
    localStorage.setItem('token', 'abc');
    renderAt('/account');
    expect(screen.getByText('protected content')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/account');
    cleanup();
    localStorage.clear();
    for (const path of ['/', '/courses', '/courses/thai-101', '/login', '/register', '/certificates/ABC']) {
      renderAt(path);
      expect(renderedAt, path).toContain(path);
      expect(screen.getByTestId('where').textContent, path).toBe(path);
      cleanup();
    }
  });

  it('treats the token "undefined" as anonymous', () => {
    localStorage.setItem('token', 'undefined');
    renderAt('/renewal');
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Frenewal');
  });
});

describe('chat widget (spec sections 2 and 9)', () => {
  const setWidth = (w: number) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
    window.dispatchEvent(new Event('resize'));
  };

  it('appears only above 768 px, follows resizes, and toggles a Thai greeting with a start-chat link', () => {
    setWidth(1024);
    render(withProviders(<ChatWidget />));
    const button = screen.getByRole('button', { expanded: false });
    act(() => button.click());
    expect(screen.getByRole('dialog').textContent).toContain('สวัสดีค่ะ');
    expect(screen.getByRole('link').getAttribute('href')).toMatch(/^https:\/\//);
    act(() => setWidth(768));
    expect(screen.queryByTestId('chat-widget')).toBeNull();
    act(() => setWidth(769));
    expect(screen.queryByTestId('chat-widget')).not.toBeNull();
  });
});
