// Prints the gzip size of the JavaScript the first page loads (the entry script and its modulepreloads) and
// fails when it is over the budget of ARCHITECTURE.md (150 KB gzip).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(m[1]);

let total = 0;
for (const file of files) {
  const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += bytes;
  console.log(`  ${file.padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const kb = total / 1024;
console.log(`first-page JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
