import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml, scriptJson } from '../lib/html.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { encodePage } from './page-encoding.js';
import { contentSecurityPolicy } from './security-headers.js';

/** What Vite writes where each page's nonce goes (apps/web/vite.config.ts, `html.cspNonce`). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app at the same origin as /api: hashed assets cached for a year, and client routes
 * answered with index.html (history fallback). /api/* and /cms/* misses stay JSON 404s. index.html is made per request
 * with a fresh CSP nonce (docs/decisions/007), so it is never cached and carries no validator (a 304 would
 * pair the old page's nonce with the new policy).
 */
/**
 * What the server adds to the page of one path, so that it is useful before any script has run: tags for the
 * head (e.g. the Open Graph tags of a shared certificate), the page's content as plain HTML in place of the
 * skeleton (already escaped; links work as links), API answers the app would ask for at once (it takes them
 * from the page instead of a round trip: apps/web/src/lib/page-data.ts), and the app's chunks of that page,
 * fetched beside the entry script (source paths as in Vite's manifest).
 */
export interface PageParts {
  /** The page's title and meta description, in place of the app's (plain text; see pageMeta). */
  title?: string;
  description?: string;
  head?: string;
  /**
   * Put early in the head, before the app's scripts and stylesheet: the preload of what is largest above the fold
   * (the catalogue's first cover), so that on a slow connection it is fetched in the first round, not queued behind
   * the app's code (issue 36: largest contentful paint).
   */
  early?: string;
  body?: string;
  data?: Record<string, unknown>;
  chunks?: string[];
  /**
   * 404: the address names nothing (a course not published, or not there). The app still draws its own "not
   * found"; the status (and `noindex`) keep search engines from listing a page that says so (a "soft 404").
   */
  status?: 404;
}

export interface WebOptions {
  page?: (path: string, query: URLSearchParams) => Promise<PageParts | undefined>;
}

/** A source map, by its name (`index-abc.js.map`, and any compressed copy of one). */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/** The page's own content, between these marks in index.html (the skeleton, unless the server has better). */
const BODY = /<!--page-->[\s\S]*?<!--\/page-->/;

/**
 * The page's own title and description in place of the app's, each keeping the app's in `data-default`: they
 * belong to this address only, and the app puts its own back when the learner leaves it (useDocumentMeta).
 */
function pageMeta(html: string, parts: PageParts | undefined) {
  let out = html;
  if (parts?.title) {
    const title = escapeHtml(parts.title);
    out = out.replace(
      /<title>([^<]*)<\/title>/,
      (_m, app: string) => `<title data-default="${app.replace(/"/g, '&quot;')}">${title}</title>`,
    );
  }
  if (parts?.description) {
    const description = escapeHtml(parts.description);
    out = out.replace(
      /<meta name="description" content="([^"]*)"\s*\/?>/,
      (_m, app: string) => `<meta name="description" content="${description}" data-default="${app}">`,
    );
  }
  return out;
}

export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    const root = app.config.webDist;
    const indexFile = path.join(root, 'index.html');
    const hasWeb = existsSync(indexFile);
    const csp = contentSecurityPolicy(app.config);
    let page = { mtimeMs: -1, html: '', manifest: viteManifest(root) };
    // Read again when the build changes under a running server (development); in production, once.
    const pageHtml = () => {
      if (app.config.production && page.mtimeMs >= 0) return page;
      const { mtimeMs } = statSync(indexFile);
      if (mtimeMs !== page.mtimeMs)
        page = { mtimeMs, html: readFileSync(indexFile, 'utf8'), manifest: viteManifest(root) };
      return page;
    };
    const sendPage = async (reply: FastifyReply, url = '/') => {
      const nonce = randomBytes(16).toString('base64');
      const { html: template, manifest } = pageHtml();
      let html = template.replaceAll(NONCE_PLACEHOLDER, nonce);
      const [pathname = '/', search = ''] = url.split('?', 2);
      const parts = await opts.page?.(pathname, new URLSearchParams(search)).catch((err: unknown) => {
        // The page works without them: the app draws it and asks the API itself.
        app.log.warn({ err, path: pathname }, 'server parts of the page not made');
        return undefined;
      });
      const head = [
        parts?.head ?? '',
        ...manifest
          .preloads(parts?.chunks ?? [])
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        parts?.data
          ? `<script type="application/json" id="page-data" nonce="${nonce}">${scriptJson(parts.data)}</script>`
          : '',
      ].join('');
      html = pageMeta(html, parts);
      // A function, not a string: a $ in a title or name ($&, $', $`) is text, not a replacement pattern.
      if (head) html = html.replace('</head>', () => `${head}</head>`);
      // After the viewport (a phone's preload scanner picks an image's width for the page's width only once it
      // has read it: before, a srcset is chosen for 980 px) and the charset (which stays first); else at the
      // head's start.
      const early = parts?.early;
      if (early) {
        const after = [/<meta name="viewport"[^>]*>/i, /<meta charset=[^>]*>/i, /<head>/i].find((m) =>
          m.test(html),
        )!;
        html = html.replace(after, (tag) => `${tag}${early}`);
      }
      if (parts?.body) html = html.replace(BODY, () => `<!--page-->${parts.body}<!--/page-->`);
      if (parts?.status === 404)
        html = html.replace('</head>', '<meta name="robots" content="noindex"></head>');
      const encoded = encodePage(html, reply.request.headers['accept-encoding']);
      if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
      return reply
        .status(parts?.status ?? 200)
        .header('content-security-policy', csp.page(nonce))
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(encoded.body);
    };

    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        // The build's brotli and gzip copies (apps/web/scripts/precompress.mjs), by the client's Accept-Encoding.
        preCompressed: true,
        // The page itself is never served as a file: it needs its nonce. In production neither are the source
        // maps (the app's whole source): the build keeps them for the error tracker (docs/deploy.md), and a
        // request for one is a miss like a missing asset.
        allowedPath: (pathname) =>
          pathname !== '/index.html' &&
          !pathname.startsWith('/.vite/') &&
          !(app.config.production && SOURCE_MAP.test(pathname)),
        setHeaders: (res, file) => {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      // The folder itself would be a 403 from the file server: it is the home page.
      app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
    } else {
      app.log.warn({ root }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      const isPage = url === '/index.html' || !path.extname(url);
      // Under /api and /cms every answer is JSON, a miss included: never the web app's page.
      if (hasWeb && wantsPage && isPage && !/^\/(api|cms)(\/|$)/i.test(url)) {
        return sendPage(reply, request.url);
      }
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'NOT_FOUND', message: `Route ${request.method} ${url} not found` });
    });
  },
  { name: 'web' },
);

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * The chunks a page needs, from the build's manifest (vite.config.ts `build.manifest`): the page's chunk and
 * what it imports, less what the entry script brings anyway.
 */
function viteManifest(root: string) {
  let chunks: Record<string, ManifestChunk> = {};
  try {
    chunks = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as typeof chunks;
  } catch {
    // No manifest (an older build, or no build): pages are served without preloads.
  }
  const loadedByEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !chunks[key]) return;
    into.add(key);
    for (const i of chunks[key].imports ?? []) walk(i, into);
  };
  for (const [key, c] of Object.entries(chunks)) if (c.isEntry) walk(key, loadedByEntry);
  return {
    preloads(sources: string[]): string[] {
      const wanted = new Set<string>();
      for (const s of sources) walk(s, wanted);
      return [...wanted].filter((k) => !loadedByEntry.has(k)).map((k) => `/${chunks[k]!.file}`);
    },
  };
}
