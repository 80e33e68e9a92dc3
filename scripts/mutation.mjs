#!/usr/bin/env node
// Mutation testing of the modules in mutation/modules.mjs (issue 16): `npm run mutation` runs them all,
// `npm run mutation -- web-session api-throttle` only those named. Not part of `npm test` or CI.
// `sql-rules` is the hand-written mutants of the SQL rules (scripts/sql-mutation.mjs).
// `npm run mutation -- --changed` (`--base=<ref>`, default main) mutates only what changed since the merge base
// with main, committed or not: run it before submitting (`--dry-run` only says what it would run).
// A finished module's score goes to mutation/scores.json with the commit it ran on (commit it with the README
// row); `npm run mutation -- --check` fails when a module has no recorded score or its files changed since.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { modules } from '../mutation/modules.mjs';
import { checkScores, filesOf, git, recordScore, root, strykerScore } from './mutation-scores.mjs';
import { runSqlMutants, SQL_RULES, sqlRuleFiles } from './sql-mutation.mjs';

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
for (const f of flags)
  if (!['--check', '--changed', '--dry-run'].includes(f) && !f.startsWith('--base='))
    throw new Error(`unknown option ${f}`);
const base = flags.find((f) => f.startsWith('--base='))?.slice('--base='.length) ?? 'main';
const asked = args.filter((a) => !a.startsWith('--'));
const known = [...Object.keys(modules), SQL_RULES];
for (const name of asked) if (!known.includes(name)) throw new Error(`unknown module ${name}`);

const filesByModule = {
  ...Object.fromEntries(Object.entries(modules).map(([n, m]) => [n, filesOf(m.mutate)])),
  [SQL_RULES]: sqlRuleFiles(),
};

if (flags.includes('--check')) {
  const problems = checkScores(filesByModule);
  for (const p of problems) console.error(`stale: ${p}`);
  if (problems.length) process.exit(1);
  console.log('every module has a recorded score, measured on its current files, and the README gives it');
  process.exit(0);
}

/**
 * Runs one module under Stryker (only `mutate`, when given: `file` or `file:lines` entries); a whole run's score
 * is recorded, a partial one's reports go to reports/mutation/<module>.changed.*.
 */
function runStryker(name, mutate) {
  const run = spawnSync(
    'npx',
    ['stryker', 'run', 'mutation/stryker.config.mjs', ...(mutate ? ['--mutate', mutate.join(',')] : [])],
    {
      cwd: root,
      stdio: 'inherit',
      // Its own PostgreSQL folder: a mutation run beside `npm test` does not share the test cluster.
      env: {
        ...process.env,
        MUTATION_MODULE: name,
        ...(mutate ? { MUTATION_REPORT: `${name}.changed` } : {}),
        TEST_PG_DIR: path.join(root, '.data', `mutation-pg-${name}`),
        // Argon2id at its lowest cost (apps/api/src/lib/passwords.ts; refused in production): the API tests
        // sign learners up and in by the hundred for every mutant.
        RIANROO_MUTATION_CHEAP_HASH: '1',
      },
    },
  );
  if (run.status !== 0) return false;
  if (!mutate)
    recordScore(
      name,
      filesByModule[name],
      strykerScore(path.join(root, 'reports', 'mutation', `${name}.json`)),
    );
  return true;
}

/**
 * The SQL mutants, all of them (a minute or two; SQL_MUTANTS=<id>,<id> for only those, a score not recorded);
 * every one must be killed.
 */
function runSql() {
  const only = process.env.SQL_MUTANTS ? process.env.SQL_MUTANTS.split(',') : undefined;
  const result = runSqlMutants(only);
  if (!result) return false;
  if (!only) recordScore(SQL_RULES, filesByModule[SQL_RULES], result);
  return result.survived === 0;
}

/** What to run: every module (or those named), or with --changed what their changed files ask for. */
function plan() {
  const names = asked.length ? asked : known;
  if (!flags.includes('--changed')) return names.map((name) => ({ name }));
  const mergeBase = git('merge-base', 'HEAD', base);
  const changed = new Set(
    [git('diff', '--name-only', mergeBase), git('ls-files', '--others', '--exclude-standard')]
      .join('\n')
      .split('\n')
      .filter(Boolean),
  );
  const runs = [];
  for (const name of names) {
    if (name === SQL_RULES) {
      const files = filesByModule[SQL_RULES].filter((f) => changed.has(f));
      if (files.length) runs.push({ name, why: files });
      continue;
    }
    // The module's own entries for the changed files, `file:lines` ranges kept.
    const mutate = modules[name].mutate.filter((e) => changed.has(filesOf([e])[0]));
    if (mutate.length) runs.push({ name, mutate, why: mutate });
  }
  const since = `${base} (merge base ${mergeBase.slice(0, 10)}, and uncommitted changes)`;
  if (!runs.length) console.log(`nothing to mutate: no file that a module mutates changed since ${since}`);
  else {
    console.log(`changed since ${since}:`);
    for (const r of runs) console.log(`  ${r.name}: ${r.why.join(', ')}`);
  }
  return runs;
}

const runs = plan();
if (flags.includes('--dry-run')) {
  if (!flags.includes('--changed')) console.log(`would run: ${runs.map((r) => r.name).join(', ')}`);
  process.exit(0);
}
const failed = [];
for (const { name, mutate } of runs) {
  const what = name === SQL_RULES ? 'the SQL rules, hand-written mutants' : modules[name].what;
  console.log(`\n=== mutation: ${name} (${what})${mutate ? `, only ${mutate.join(', ')}` : ''} ===`);
  if (!(name === SQL_RULES ? runSql() : runStryker(name, mutate))) failed.push(name);
}
if (runs.length) console.log(`\nReports: reports/mutation/<module>.html; scores: mutation/scores.json`);
if (failed.length) {
  console.error(`mutation run failed for: ${failed.join(', ')}`);
  process.exit(1);
}
