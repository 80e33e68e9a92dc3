// `npm run build -w apps/web`: the production build whatever NODE_ENV the platform runs with. Vite takes
// NODE_ENV from the environment when it is set, so `NODE_ENV=development npm start` built development React (191
// KB gzip for the first page instead of 127; issue 36): the web app shipped to learners is always production.
// The previous build's chunks stay beside the new ones for KEEP_DAYS (docs/deploy.md, "Rolling deploys"): a tab
// opened before this deploy still finds the pages it has not opened yet.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KEEP_DAYS = 7;
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const assets = path.join(web, 'dist', 'assets');

// Vite empties dist/: the previous build's assets wait aside, then come back where the new build has no file of
// that name (names carry a hash of the content), unless older than KEEP_DAYS.
let previous = null;
if (existsSync(assets)) {
  previous = mkdtempSync(path.join(os.tmpdir(), 'rianroo-assets-'));
  cpSync(assets, previous, { recursive: true, preserveTimestamps: true });
}
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
await build({ root: web, mode: 'production' });
const compressed = spawnSync(process.execPath, [path.join(web, 'scripts', 'precompress.mjs')], {
  stdio: 'inherit',
});
if (previous) {
  const oldest = Date.now() - KEEP_DAYS * 86_400_000;
  let kept = 0;
  for (const name of readdirSync(previous)) {
    const from = path.join(previous, name);
    const to = path.join(assets, name);
    if (existsSync(to) || statSync(from).mtimeMs < oldest) continue;
    cpSync(from, to, { preserveTimestamps: true });
    kept++;
  }
  rmSync(previous, { recursive: true, force: true });
  if (kept)
    console.log(`kept ${kept} files of earlier builds (up to ${KEEP_DAYS} days) for tabs opened before`);
}
process.exit(compressed.status ?? 1);
