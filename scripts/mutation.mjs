#!/usr/bin/env node
// Mutation testing of the modules in mutation/modules.mjs (issue 16): `npm run mutation` runs them all,
// `npm run mutation -- web-session api-throttle` only those named. Not part of `npm test` or CI.
// A finished module's score goes to mutation/scores.json with the commit it ran on (commit it with the README
// row); `npm run mutation -- --check` fails when a module has no recorded score or its files changed since.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { modules } from '../mutation/modules.mjs';
import { checkScores, filesOf, recordScore, root, strykerScore } from './mutation-scores.mjs';

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
for (const f of flags) if (f !== '--check') throw new Error(`unknown option ${f}`);
const asked = args.filter((a) => !a.startsWith('--'));
for (const name of asked) if (!(name in modules)) throw new Error(`unknown module ${name}`);

const filesByModule = Object.fromEntries(Object.entries(modules).map(([n, m]) => [n, filesOf(m.mutate)]));

if (flags.includes('--check')) {
  const problems = checkScores(filesByModule);
  for (const p of problems) console.error(`stale: ${p}`);
  if (problems.length) process.exit(1);
  console.log('every module has a recorded score, measured on its current files, and the README gives it');
  process.exit(0);
}

const names = asked.length ? asked : Object.keys(modules);

/** Runs one module under Stryker; its score is recorded when it ran whole. */
function runStryker(name) {
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
  if (run.status !== 0) return false;
  recordScore(
    name,
    filesByModule[name],
    strykerScore(path.join(root, 'reports', 'mutation', `${name}.json`)),
  );
  return true;
}

const failed = [];
for (const name of names) {
  console.log(`\n=== mutation: ${name} (${modules[name].what}) ===`);
  if (!runStryker(name)) failed.push(name);
}
console.log(`\nReports: reports/mutation/<module>.html; scores: mutation/scores.json`);
if (failed.length) {
  console.error(`mutation run failed for: ${failed.join(', ')}`);
  process.exit(1);
}
