import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

// The web budget (ARCHITECTURE.md): at most 150 KB gzip of JavaScript for the first page. The browser tests'
// server has just built the app; the bundle report reads that build (its entry script and module preloads).
test('the first page loads at most 150 KB of JavaScript, gzip', () => {
  const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web');
  let report = '';
  try {
    report = execFileSync(process.execPath, ['scripts/bundle-report.mjs'], { cwd: web }).toString();
  } catch (err) {
    report = String((err as { stdout?: Buffer }).stdout ?? err);
  }
  const kb = Number(/first-page JavaScript: ([\d.]+) KB/.exec(report)?.[1]);
  expect(kb, report).toBeGreaterThan(20);
  expect(kb, report).toBeLessThanOrEqual(150);
});
