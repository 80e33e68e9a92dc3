import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiError } from '../lib/api-error';
import { I18nProvider } from '../lib/i18n';
import { onUserChange } from '../lib/session';
import { ToastProvider } from '../lib/toast';
import { PendingProgress } from '../features/player/lib/pending-progress';
import { ChatWidget } from './ChatWidget';
import { Layout } from './Layout';
import { RouteGuard } from './RouteGuard';
import { AppRoutes } from './router';
import { ScrollToTop } from './ScrollToTop';
import { ServedPageLifetime } from '../components/PageFallback';

// Content-service parts load after the first page (they wait for the content service anyway).
const HeadScripts = lazy(() => import('../features/site/components/HeadScripts'));

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            retry: (count, err) =>
              !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  // The cached answers belong to the signed-in user (their keys do not name them): another user starts empty.
  useEffect(() => onUserChange(() => queryClient.clear()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ToastProvider>
          <BrowserRouter>
            <ScrollToTop />
            <ServedPageLifetime />
            <Suspense fallback={null}>
              <HeadScripts />
            </Suspense>
            <PendingProgress />
            <RouteGuard>
              <Layout>
                <AppRoutes />
              </Layout>
              <ChatWidget />
            </RouteGuard>
          </BrowserRouter>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
