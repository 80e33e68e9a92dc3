import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/client.js';
import type { TestApp } from './helpers.js';
import { createTestDatabase } from './test-database.js';

/**
 * A forwarder between the API and PostgreSQL that can stop passing bytes without closing anything: what a
 * network partition, a frozen primary or a failover behind a virtual IP looks like from the API.
 */
export async function partitionable(target: URL) {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    const pipe = (from: net.Socket, to: net.Socket) =>
      from.on('data', (d) => (frozen ? held.push(() => to.write(d)) : to.write(d)));
    pipe(client, upstream);
    pipe(upstream, client);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => {
        b.destroy();
        sockets.delete(a);
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => void (frozen = true),
    thaw: () => {
      frozen = false;
      held.splice(0).forEach((f) => f());
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** An app on a fresh database that it reaches through a `partitionable` forwarder, and that forwarder. */
export async function createPartitionedTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const proxy = await partitionable(new URL(database.url));
  const url = new URL(database.url);
  url.port = String(proxy.port);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    DATA_DIR: path.join(os.tmpdir(), `rianroo-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://rianroo.test',
    ...env,
  });
  const db = createDb(url.toString(), 5);
  const app = await buildApp(config, { db, databaseUrl: url.toString() });
  await app.ready();
  const t: TestApp & { proxy: typeof proxy } = {
    app,
    db,
    config,
    databaseUrl: url.toString(),
    proxy,
    close: async () => {
      proxy.thaw();
      await app.close();
      await db.$client.end();
      await proxy.close();
      await database.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
