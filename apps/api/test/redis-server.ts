import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './global-setup.js';

/** Where the tests find redis-server; in CI it must be there (`.ci/run` installs it). */
export const REDIS = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
export const redisRequired = process.env.CI === 'true';
export const redisAvailable = existsSync(REDIS);
if (!redisAvailable)
  console.warn(`\n*** redis-server not found at ${REDIS}: tests that need Redis are SKIPPED ***\n`);

/**
 * A real redis-server of the test's own on 127.0.0.1 (nothing saved), and how to stop it (resolved once it has
 * exited). `port`: the one of a server stopped earlier, to start it again where its clients look.
 */
export async function startRedis(port?: number) {
  if (!redisAvailable) throw new Error(`redis-server is required in CI (${REDIS})`);
  port ??= await freePort();
  const server = spawn(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'pipe' },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Ready to accept connections')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => {
      server.kill('SIGCONT'); // a paused server would not see its SIGTERM
      server.kill('SIGTERM');
      return exited;
    },
    /** Frozen: its connections stay open, nothing is answered until `resume()`. */
    pause: () => void server.kill('SIGSTOP'),
    resume: () => void server.kill('SIGCONT'),
  };
}
