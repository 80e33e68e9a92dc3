#!/usr/bin/env node
// npm start: builds what changed, then runs the whole platform (embedded PostgreSQL, API, web app) at one URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCms } from './cms.mjs';
import { newest } from './fs-times.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args, cwd = root) {
  const r = spawnSync(npm, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const web = path.join(root, 'apps/web');
const builtWeb = path.join(web, 'dist/index.html');
const webInputs = [web, path.join(root, 'packages/contract/src')];
if (existsSync(path.join(web, 'vite.config.ts'))) {
  if (!existsSync(builtWeb) || Math.max(...webInputs.map(newest)) > statSync(builtWeb).mtimeMs) {
    console.log('[rianroo] building the web app…');
    run(['run', 'build', '-w', 'apps/web']);
  }
}
run(['run', 'build', '-w', 'apps/api', '--silent']);
// The content service: installed and built when needed; if that fails the platform starts without it.
const cms = process.env.CMS_ENABLED !== 'false' && ensureCms();

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data'),
    ...(cms ? {} : { CMS_ENABLED: 'false' }),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
