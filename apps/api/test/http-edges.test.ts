import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ HEADERS_TIMEOUT_SECONDS: '0.5', REQUEST_TIMEOUT_SECONDS: '1' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Opens a raw connection, writes `data`, and answers everything the server sent until it closed. */
function exchange(data: string, opts: { closeAfterFirstData?: boolean } = {}) {
  return new Promise<{ text: string; socket: Socket }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
      if (opts.closeAfterFirstData && text.includes('\r\n\r\n{')) socket.destroy();
    });
    socket.on('close', () => resolve({ text, socket }));
    socket.on('error', reject);
    socket.write(data);
  });
}
const bodyOf = (text: string) =>
  JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('slow and malformed clients', () => {
  it('closes 100 stalled connections that never finish their headers, each with a 408 in the one error shape', async () => {
    const stalled = await Promise.all(
      Array.from({ length: 100 }, () => exchange('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ')),
    );
    for (const { text } of stalled) {
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(bodyOf(text)).toEqual({ statusCode: 408, code: 'REQUEST_TIMEOUT', message: expect.any(String) });
    }
  });

  it('answers headers that are too large with 431 and malformed HTTP with 400, both in the one error shape', async () => {
    const big = await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.text).toMatch(/^HTTP\/1\.1 431/);
    expect(bodyOf(big.text)).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
    const garbage = await exchange('THIS IS NOT HTTP\r\n\r\n');
    expect(garbage.text).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(garbage.text)).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
  });

  it('refuses an anonymous request before reading its body: 401 for a 2 MB body of which 10 bytes arrived', async () => {
    const { text } = await exchange(
      'POST /api/users/check-password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${2 * 1024 * 1024}\r\n\r\n{"password"`,
      { closeAfterFirstData: true },
    );
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(bodyOf(text)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });
});

describe('authentication before validation', () => {
  it('an anonymous request with a bad body gets 401, never the schema in a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/check-password',
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/password/);
  });
});

describe('the development outbox', () => {
  it('answers this machine only, whatever address the server listens on or a forwarded header claims', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(local.statusCode).toBe(200);
    const remote = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
