#!/usr/bin/env node
// npm run dev: the API with reload (tsx watch, port 3000) and Vite with hot reload (port 5173, /api proxied).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', 'apps/api'], {
    cwd: root,
    stdio: 'inherit',
    // Restarted at every save of a file: no warm-up (lib/warm-up.ts) unless asked for.
    env: {
      WARM_UP_REQUESTS: '0',
      ...process.env,
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data'),
    },
  }),
  spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
console.log('[rianroo] development: open http://localhost:5173 (API on http://127.0.0.1:3000)');
const stop = (signal) => children.forEach((c) => c.exitCode === null && c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
