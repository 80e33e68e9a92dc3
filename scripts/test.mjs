#!/usr/bin/env node
// npm test: every test against real PostgreSQL: Vitest (unit + API integration), then the browser tests.
// The browser runner goes last so that the output ends with its summary line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCms } from './cms.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (args) => spawnSync(npx, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

// The content service's contract tests and the browser tests run the real Strapi: install it (no admin
// panel build: the tests start it without the panel).
ensureCms({ build: false });
const unit = run(['vitest', 'run']);
let e2e = 0;
if (existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  e2e = run(['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
}
if (unit !== 0) console.error(`\n[rianroo] Vitest failed (exit ${unit}); see its summary above.`);
process.exit(unit || e2e);
