import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { ChatWidget } from './ChatWidget';
import { Layout } from './Layout';
import { ContactGuardRoute } from './ContactGuardRoute';
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

/** The route guard at `path`; a signed-in learner's documents to accept are `pending` (none by default). */
function renderAt(path: string, pending: unknown[] = []) {
  renderedAt.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ pending }), { status: 200 })),
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider>
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
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
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

  it('lets a logged-in learner through, and anyone through public paths', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
    renderAt('/account');
    // Once the terms gate knows nothing is pending (the fetch answers none).
    expect(await screen.findByText('protected content')).toBeTruthy();
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

describe('the terms gate in front of every page (PDPA, issue 34)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
  const terms = { id: 't2', kind: 'terms', version: 2, renewal: true };
  const shown = () => (screen.getByText('protected content').parentElement as HTMLElement).style.display;
  const signIn = () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
  };

  it('sends a signed-in learner with a document to accept to /accept-terms first, the page never shown', async () => {
    signIn();
    renderAt('/library/course/x?y=1', [terms]);
    expect(screen.getByRole('status').textContent).toBe('กำลังโหลด…');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/accept-terms?redirect=%2Flibrary%2Fcourse%2Fx%3Fy%3D1',
      ),
    );
    expect(renderedAt).not.toContain('/library/course/x');
  });

  it('opens the page once nothing is pending, and keeps the texts and signing out open while something is', async () => {
    signIn();
    renderAt('/account');
    await waitFor(() => expect(shown()).toBe('contents'));
    expect(screen.getByTestId('where').textContent).toBe('/account');
    cleanup();
    for (const path of ['/terms', '/privacy', '/logout', '/accept-terms']) {
      renderAt(path, [terms]);
      expect(shown(), path).toBe('contents');
      expect(screen.getByTestId('where').textContent, path).toBe(path);
      cleanup();
    }
  });
});

describe('contact guard in front of the learning pages (PRODUCT.md section 8)', () => {
  /** The learning pages behind the guard, as the router has them; the guard page; where the learner is. */
  function renderGuarded(path: string, answer: () => Response) {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
    renderedAt.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <I18nProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<ContactGuardRoute />}>
                <Route path="/library/*" element={<Content />} />
              </Route>
              <Route path="/guard-contact" element={<p>contact form</p>} />
            </Routes>
            <Where />
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>,
    );
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('a learner asked for contact details who opens a course directly meets the guard first, never the course, and comes back to it', async () => {
    renderGuarded('/library/course/healthy-eating?from=mail', () =>
      json({ required: true, askedBy: 'organization', contact: null }),
    );
    await screen.findByText('contact form');
    expect(screen.getByTestId('where').textContent).toBe(
      '/guard-contact?redirect=%2Flibrary%2Fcourse%2Fhealthy-eating%3Ffrom%3Dmail',
    );
    expect(renderedAt).toEqual([]);
  });

  it('a learner who gave them, or was never asked, goes straight on', async () => {
    for (const answer of [
      { required: true, askedBy: 'organization', contact: { id: 'c' } },
      { required: false, askedBy: null, contact: null },
    ]) {
      renderGuarded('/library/course/healthy-eating/episode/e1', () => json(answer));
      await screen.findByText('protected content');
      expect(screen.getByTestId('where').textContent).toBe('/library/course/healthy-eating/episode/e1');
      cleanup();
    }
  });

  it('when the answer cannot be had, the page opens (the guard asks for details; it grants nothing)', async () => {
    renderGuarded('/library', () => json({ statusCode: 503, code: 'UNAVAILABLE', message: 'down' }, 503));
    await waitFor(() => expect(renderedAt).toContain('/library'));
    expect(screen.getByTestId('where').textContent).toBe('/library');
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

describe('footer', () => {
  it('gives the year in the Buddhist era in Thai, as every date of the site, and the Gregorian year in English', () => {
    render(
      withProviders(
        <MemoryRouter>
          <Layout>
            <p>page</p>
          </Layout>
        </MemoryRouter>,
      ),
    );
    const year = new Date().getFullYear();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${year + 543} Rianroo`);
    fireEvent.change(screen.getAllByRole('combobox')[0]!, { target: { value: 'en' } });
    expect(footer.textContent).toContain(`© ${year} Rianroo`);
    localStorage.clear();
  });
});
