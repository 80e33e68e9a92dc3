// The content service (Strapi 5 in apps/cms, its own lockfile outside the workspaces): installed and its
// admin panel built when needed. Used by npm start (install + build) and npm test (install only).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtime, newest } from './fs-times.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const cmsDir = path.join(root, 'apps/cms');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const say = (line) => console.log(`[rianroo] ${line}`);

function run(command, args, what, env = process.env) {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: cmsDir, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status ?? r.signal})`);
  say(`${what} done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** npm install in apps/cms when node_modules is missing or older than package.json / package-lock.json. */
export function ensureCmsInstall() {
  const marker = path.join(cmsDir, 'node_modules/.package-lock.json');
  const lock = Math.max(
    mtime(path.join(cmsDir, 'package-lock.json')),
    mtime(path.join(cmsDir, 'package.json')),
  );
  if (existsSync(path.join(cmsDir, 'node_modules/@strapi/strapi')) && mtime(marker) >= lock) return;
  say('installing the content service (Strapi, apps/cms; about a minute the first time)…');
  // `npm ci` cannot install Strapi here (optional platform packages missing from the registry).
  run(npm, ['install', '--no-audit', '--no-fund'], 'content service install');
}

/** The editors' admin panel (strapi build), skipped when the build is newer than what it is made from. */
export function ensureCmsAdminBuild() {
  const built = path.join(cmsDir, 'build/index.html');
  const inputs = [
    path.join(cmsDir, 'node_modules/.package-lock.json'),
    path.join(cmsDir, 'config/admin.js'),
    path.join(cmsDir, 'config/server.js'),
    path.join(cmsDir, 'src/admin'),
  ];
  if (existsSync(built) && Math.max(...inputs.map(newest)) <= mtime(built)) return;
  say('building the content service admin panel (about a minute)…');
  run(
    process.execPath,
    [path.join(cmsDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build'],
    'admin panel build',
    {
      ...process.env,
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
    },
  );
}

/**
 * Installs (and for npm start builds) the content service. Never throws: answers false with a warning, and the
 * platform then runs without it.
 */
export function ensureCms({ build = true } = {}) {
  if (!existsSync(path.join(cmsDir, 'package.json'))) return false;
  try {
    ensureCmsInstall();
  } catch (err) {
    console.warn(
      `[rianroo] WARNING: the content service could not be installed (${err.message}); starting without it.`,
    );
    return false;
  }
  if (!build) return true;
  try {
    ensureCmsAdminBuild();
  } catch (err) {
    console.warn(
      `[rianroo] WARNING: the content service admin panel could not be built (${err.message}); content is still served, the editors' panel is not.`,
    );
  }
  return true;
}
