import Fastify, { type FastifyInstance } from 'fastify';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/lib/net.js';
import { proxyToContentService, unreachableWarning } from '../src/modules/content/content.service.js';
import { errorsPlugin } from '../src/plugins/errors.js';

// The proxy's failures without a real Strapi: a service that never answers (504) and none at all (502).
let silent: Server;
const apps: FastifyInstance[] = [];

async function proxyTo(origin: string, logged: string[] = []) {
  const stream = { write: (line: string) => logged.push(line) };
  const app = Fastify({ logger: { level: 'warn', stream } });
  await app.register(errorsPlugin);
  const warn = unreachableWarning();
  app.get('/cms/api/*', (request) => proxyToContentService(request, origin, 300, warn));
  app.get('/cms/uploads/*', async (request, reply) => {
    const answer = await proxyToContentService(request, origin, 300, warn);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  silent = createServer(() => {}); // accepts connections, never answers
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  silent.close();
});

describe('content proxy failures', () => {
  it('gives 504 in the one error shape when the service does not answer in time', async () => {
    const app = await proxyTo(`http://127.0.0.1:${(silent.address() as { port: number }).port}`);
    const res = await app.inject('/cms/api/announcement-bar');
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      statusCode: 504,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The content service did not answer in time',
    });
  });

  it('gives 502 when nothing listens', async () => {
    const app = await proxyTo(`http://127.0.0.1:${await freePort()}`);
    const res = await app.inject('/cms/api/announcement-bar');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ statusCode: 502, code: 'SERVICE_UNAVAILABLE' });
  });

  it('warns once while it stays down, not once per request', async () => {
    const logged: string[] = [];
    const app = await proxyTo(`http://127.0.0.1:${await freePort()}`, logged);
    for (let i = 0; i < 4; i++) expect((await app.inject('/cms/api/header-script')).statusCode).toBe(502);
    const warnings = logged.filter((l) => l.includes('content service unreachable'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({
      target: '/cms/api/header-script',
      alsoFailedSinceLastWarning: 0,
    });
  });
});

describe('content proxy: images (/cms/uploads/*)', () => {
  // A stand-in answering uploads as Strapi 5 does: a missing file reaches its router, which answers its own
  // error body; a broken disk a 500 naming a path; a range past the end a 416 with the file's length.
  let strapi: HttpServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    strapi = createHttpServer((req, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/uploads/missing')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: null, error: { status: 404, name: 'NotFoundError', details: {} } }));
      } else if (url.startsWith('/uploads/broken')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Error: EIO: i/o error, read /srv/strapi/public/uploads/broken.png');
      } else if (req.headers.range) {
        res.writeHead(416, { 'content-range': 'bytes */4' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      }
    });
    await new Promise<void>((resolve) => strapi.listen(0, '127.0.0.1', resolve));
    app = await proxyTo(`http://127.0.0.1:${(strapi.address() as { port: number }).port}`);
  });
  afterAll(() => new Promise((resolve) => strapi.close(resolve)));

  it('a missing image is a 404 in the one error shape, not Strapi’s own body', async () => {
    expect((await app.inject('/cms/uploads/cover.png')).statusCode).toBe(200);
    const res = await app.inject('/cms/uploads/missing.png');
    expect([res.statusCode, res.json()]).toEqual([
      404,
      { statusCode: 404, code: 'NOT_FOUND', message: 'Content not found' },
    ]);
  });

  it('a failure of the service on an image is a 502 in the one error shape, naming nothing of its insides', async () => {
    const res = await app.inject('/cms/uploads/broken.png?v=2');
    expect(res.body).not.toContain('/srv/strapi');
    expect([res.statusCode, res.json().code]).toEqual([502, 'SERVICE_UNAVAILABLE']);
  });

  it('a range past the end of an image goes through as 416 with the length of the file', async () => {
    const res = await app.inject({ url: '/cms/uploads/cover.png', headers: { range: 'bytes=10-20' } });
    expect([res.statusCode, res.headers['content-range']]).toEqual([416, 'bytes */4']);
  });
});

describe('content proxy requests as written on the wire', () => {
  it('an absolute-form request line (GET http://host/cms/api/..., legal HTTP/1.1) is proxied, not a 500', async () => {
    // A content service that answers what it was asked.
    const http = await import('node:http');
    const asked: string[] = [];
    const upstream = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":null}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const app = await proxyTo(`http://127.0.0.1:${(upstream.address() as { port: number }).port}`);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      // Sent as written (inject and fetch would send the origin form).
      const raw = (target: string) =>
        new Promise<number>((resolve, reject) => {
          const socket = createConnection(port, '127.0.0.1', () =>
            socket.write(`GET ${target} HTTP/1.1\r\nHost: rianroo.test\r\nConnection: close\r\n\r\n`),
          );
          let data = '';
          socket.on('data', (c) => (data += c));
          socket.on('error', reject);
          socket.on('close', () => resolve(Number(data.split(' ')[1])));
        });
      expect(await raw('http://rianroo.test/cms/api/announcement-bar?locale=th')).toBe(200);
      expect(await raw('/cms/api/../admin/init')).toBe(404);
      expect(asked).toEqual(['GET /api/announcement-bar?locale=th']);
    } finally {
      upstream.close();
    }
  });
});
