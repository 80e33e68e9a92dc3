// `npm run build -w apps/web`: the production build whatever NODE_ENV the platform runs with. Vite takes
// NODE_ENV from the environment when it is set, so `NODE_ENV=development npm start` built development React (191
// KB gzip for the first page instead of 127; issue 36): the web app shipped to learners is always production.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
await build({ root: web, mode: 'production' });
const compressed = spawnSync(process.execPath, [path.join(web, 'scripts', 'precompress.mjs')], {
  stdio: 'inherit',
});
process.exit(compressed.status ?? 1);
