#!/usr/bin/env node
// Mutation testing of the modules in mutation/modules.mjs (issue 16): `npm run mutation` runs them all,
// `npm run mutation -- web-session api-throttle` only those named. Not part of `npm test` or CI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modules } from '../mutation/modules.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const asked = process.argv.slice(2);
for (const name of asked) if (!(name in modules)) throw new Error(`unknown module ${name}`);
const names = asked.length ? asked : Object.keys(modules);

const failed = [];
for (const name of names) {
  console.log(`\n=== mutation: ${name} (${modules[name].what}) ===`);
  const run = spawnSync('npx', ['stryker', 'run', 'mutation/stryker.config.mjs'], {
    cwd: root,
    stdio: 'inherit',
    // Its own PostgreSQL folder: a mutation run beside `npm test` does not share the test cluster.
    env: {
      ...process.env,
      MUTATION_MODULE: name,
      TEST_PG_DIR: path.join(root, '.data', `mutation-pg-${name}`),
      // Argon2id at its lowest cost (apps/api/src/lib/passwords.ts; refused in production): the API tests
      // sign learners up and in by the hundred for every mutant.
      RIANROO_MUTATION_CHEAP_HASH: '1',
    },
  });
  if (run.status !== 0) failed.push(name);
}
console.log(`\nReports: reports/mutation/<module>.html`);
if (failed.length) {
  console.error(`mutation run failed for: ${failed.join(', ')}`);
  process.exit(1);
}
