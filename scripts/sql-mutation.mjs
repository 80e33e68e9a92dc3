// Mutation testing of the SQL rules Stryker cannot reach (issue 31): `npm run mutation -- sql-rules`.
// The hand-written mutants (apps/api/test/sql-mutants.ts) of course_access, entitled_subscriptions,
// progress_merge and progress_cap are applied one at a time to a test database by sql-rules.test.ts
// (SQL_MUTANTS=all: the rules run once against the definitions as the migrations leave them, then once per
// mutant, CREATE OR REPLACE'd and restored after); a mutant is killed when one of the rules fails against it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './mutation-scores.mjs';

export const SQL_RULES = 'sql-rules';
const MUTANTS = 'apps/api/test/sql-mutants.ts';
const TEST = 'apps/api/test/sql-rules.test.ts';
const MIGRATIONS = 'apps/api/src/db/migrations';

/** The functions mutated, as sql-mutants.ts lists them (its SQL_FUNCTIONS). */
export function sqlFunctions() {
  const list = /SQL_FUNCTIONS = \[([^\]]*)\]/.exec(readFileSync(path.join(root, MUTANTS), 'utf8'));
  if (!list) throw new Error(`${MUTANTS} has no SQL_FUNCTIONS`);
  return [...list[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

/**
 * What the SQL mutants mutate: every migration that creates, replaces or drops one of the functions (so a
 * later migration redefining one counts), and the mutants themselves.
 */
export function sqlRuleFiles() {
  const defines = new RegExp(`FUNCTION\\s+(${sqlFunctions().join('|')})\\s*\\(`);
  const migrations = readdirSync(path.join(root, MIGRATIONS))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `${MIGRATIONS}/${f}`)
    .filter((f) => defines.test(readFileSync(path.join(root, f), 'utf8')));
  return [...migrations, MUTANTS];
}

/** The mutants' ids, as sql-mutants.ts lists them. */
export function sqlMutantIds() {
  return [...readFileSync(path.join(root, MUTANTS), 'utf8').matchAll(/\bid: '([a-z0-9-]+)'/g)].map(
    (m) => m[1],
  );
}

/**
 * Runs the SQL mutants (all, or those `only` names); answers { killed, total, survived } (or null when the run
 * could not judge them all) and prints each.
 */
export function runSqlMutants(only) {
  const ids = only ?? sqlMutantIds();
  const out = path.join(root, 'reports', 'mutation');
  mkdirSync(out, { recursive: true });
  const json = path.join(out, `${SQL_RULES}.vitest.json`);
  const started = Date.now();
  // The rules fail by the hundred against the mutants: vitest's output goes to a log, shown when no report came.
  const log = path.join(out, `${SQL_RULES}.log`);
  rmSync(json, { force: true });
  console.log(`running ${TEST} once per mutant (vitest output: ${path.relative(root, log)})`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'api', TEST, '--reporter=json', `--outputFile.json=${json}`],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: {
        ...process.env,
        SQL_MUTANTS: only ? only.join(',') : 'all',
        TEST_PG_DIR: path.join(root, '.data', `mutation-pg-${SQL_RULES}`),
      },
    },
  );
  writeFileSync(log, `${run.stdout ?? ''}${run.stderr ?? ''}`);
  let report;
  try {
    report = JSON.parse(readFileSync(json, 'utf8'));
  } catch {
    console.error(`${run.stderr ?? ''}\nno vitest report (${json}): the run did not get as far as the tests`);
    return null;
  }
  /**
   * describe title → { tests, failed: the first failing rule, invalid }. A mutant whose definition PostgreSQL
   * refused fails its beforeAll (MUTANT DID NOT APPLY, on stderr), and vitest then skips its rules: not judged.
   */
  const groups = new Map();
  for (const file of report.testResults)
    for (const t of file.assertionResults) {
      const key = t.ancestorTitles[0] ?? '';
      const g = groups.get(key) ?? { tests: 0, failed: null, skipped: 0 };
      g.tests++;
      if (t.status === 'failed') g.failed ??= t.title;
      else if (t.status !== 'passed') g.skipped++;
      groups.set(key, g);
    }
  for (const g of groups.values())
    g.invalid = !g.failed && g.skipped ? `its definition did not apply (${g.skipped} rules skipped)` : null;
  const original = groups.get('original definitions');
  if (!original || original.failed || original.invalid) {
    console.error(
      `the rules fail against the definitions as the migrations leave them: ${original?.failed ?? original?.invalid ?? 'not run'}`,
    );
    return null;
  }
  let killed = 0;
  let total = 0;
  const survivors = [];
  const lines = [];
  // A mutant without rules run against it (no table goes through its function) is not judged either.
  const invalid = ids.filter((id) => !groups.has(`mutant ${id}`));
  for (const id of invalid) lines.push(`  invalid   ${id}: no rule ran against it`);
  for (const [key, g] of groups) {
    if (!key.startsWith('mutant ')) continue;
    const id = key.slice('mutant '.length);
    if (g.invalid) {
      invalid.push(id);
      lines.push(`  invalid   ${id}: ${g.invalid}`);
      continue;
    }
    total++;
    if (g.failed) {
      killed++;
      lines.push(`  killed    ${id}  (by "${g.failed}")`);
    } else {
      survivors.push(id);
      lines.push(`  SURVIVED  ${id}  (all ${g.tests} rules hold)`);
    }
  }
  console.log(lines.join('\n'));
  const score = total ? ((100 * killed) / total).toFixed(1) : '100.0';
  console.log(
    `\nSQL mutants: ${score}% (${killed} of ${total} killed` +
      `${survivors.length ? `; survived: ${survivors.join(', ')}` : ''}) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  writeFileSync(
    path.join(out, `${SQL_RULES}.json`),
    `${JSON.stringify({ killed, total, survivors, invalid, lines }, null, 2)}\n`,
  );
  if (invalid.length) {
    console.error(`mutants that did not apply (fix them in ${MUTANTS}): ${invalid.join(', ')}`);
    return null;
  }
  return { killed, total, survived: survivors.length };
}
