import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../lib/html.js';
import type { CoursesService } from './courses.service.js';

/** The public pages besides the courses' own (apps/web router: open to anyone, worth finding). */
const PUBLIC_PAGES = ['/', '/courses', '/pricing', '/next-instructor', '/terms', '/privacy'];

/**
 * Where search engines may not go: the API, the learners' own pages, the forms of signing in and paying, and
 * pages made for one person (a summary document, an e-mail's unsubscribe link). A certificate's page is
 * public for whoever has its link, but says `noindex` itself (certificates.service openGraph), so that link
 * previews still read it.
 */
const PRIVATE = [
  '/api/',
  '/cms/api/',
  '/admin',
  '/account',
  '/library',
  '/checkout',
  '/product',
  '/free-trial',
  '/renewal',
  '/login',
  '/logout',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/set-password',
  '/welcome',
  '/guard-contact',
  '/communication-page',
  '/unsubscribe',
  '/summary-document',
];

/** robots.txt and sitemap.xml, at the site's root, from the published catalogue. */
export const discoveryRoutes: FastifyPluginAsync<{ service: CoursesService }> = async (app, { service }) => {
  const base = app.config.publicUrl;
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          ...PRIVATE.map((p) => `Disallow: ${p}`),
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const courses = await service.slugs();
    const url = (path: string, lastmod?: string) =>
      `<url><loc>${escapeHtml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      PUBLIC_PAGES.map((p) => url(p)).join('') +
      courses.map((c) => url(`/courses/${encodeURIComponent(c.slug)}`, c.updatedAt)).join('') +
      '</urlset>\n';
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
};
