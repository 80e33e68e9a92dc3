// The recorded mutation scores (mutation/scores.json): what scripts/mutation.mjs writes when a module's run
// finishes, and the check (`npm run mutation -- --check`) that a score is there for every module and still
// describes the code it was measured on.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCORES = path.join(root, 'mutation', 'scores.json');

export const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** `apps/x.ts:10-20` → `apps/x.ts`, without repeats. */
export const filesOf = (mutate) => [...new Set(mutate.map((m) => m.replace(/:\d+(-\d+)?$/, '')))];

/** One digest of the files' contents as they are now (absent files count as empty). */
export function digest(files) {
  const h = createHash('sha256');
  for (const f of [...files].sort()) {
    h.update(`${f}\0`);
    const p = path.join(root, f);
    h.update(existsSync(p) ? readFileSync(p) : '');
    h.update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * Stryker's score from its JSON report: killed (and timed out) ÷ all mutants, "no coverage" counted as
 * survived; mutants that did not compile or were ignored are not counted (as Stryker counts them).
 */
export function strykerScore(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  let killed = 0;
  let total = 0;
  for (const file of Object.values(report.files))
    for (const m of file.mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout') killed++;
      if (['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(m.status)) total++;
    }
  return { killed, total };
}

export function readScores() {
  return existsSync(SCORES) ? JSON.parse(readFileSync(SCORES, 'utf8')) : {};
}

/**
 * Records a finished module's score with the commit it ran on, the date, and a digest of its files, re-reading
 * the file just before writing (other runs may record theirs meanwhile). Files with uncommitted changes are
 * named (`uncommitted`): the score is then of code that no commit holds yet, and the digest says which.
 */
export function recordScore(name, files, { killed, total }) {
  const commit = git('rev-parse', 'HEAD');
  // Not trimmed: a line starts with its two status letters, the first of them often a space.
  const uncommitted = execFileSync('git', ['status', '--porcelain', '--', ...files], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  const entry = {
    score: total ? Math.round((1000 * killed) / total) / 10 : 100,
    killed,
    total,
    commit,
    date: new Date().toISOString().slice(0, 10),
    files: digest(files),
    ...(uncommitted.length ? { uncommitted } : {}),
  };
  const all = { ...readScores(), [name]: entry };
  const sorted = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k]]),
  );
  const tmp = `${SCORES}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(tmp, SCORES);
  console.log(
    `recorded in mutation/scores.json: ${name} ${entry.score}% (${killed} of ${total}) on ${commit.slice(0, 10)}` +
      (uncommitted.length ? `, with uncommitted changes to ${uncommitted.join(', ')}` : ''),
  );
  return entry;
}

/**
 * What is wrong with the recorded scores: a module without a score, a score whose files changed since (their
 * contents differ from the digest recorded, and git names the commits since the recorded one), and a README
 * row that does not give the recorded score and commit. `modules` maps each name to the files it mutates.
 */
export function checkScores(modules, readme = readFileSync(path.join(root, 'README.md'), 'utf8')) {
  const scores = readScores();
  const problems = [];
  for (const [name, files] of Object.entries(modules)) {
    const s = scores[name];
    if (!s) {
      problems.push(
        `${name}: no recorded score (run \`npm run mutation -- ${name}\` and commit mutation/scores.json)`,
      );
      continue;
    }
    if (digest(files) !== s.files) {
      let since = '';
      try {
        since = git('log', '--oneline', `${s.commit}..HEAD`, '--', ...files);
      } catch {
        since = `(commit ${s.commit} not found)`;
      }
      const dirty = git('status', '--porcelain', '--', ...files);
      problems.push(
        `${name}: its files changed after the score was measured on ${s.commit.slice(0, 10)} (${s.date}):` +
          (since ? `\n    ${since.split('\n').join('\n    ')}` : '') +
          (dirty ? `\n    uncommitted: ${dirty.split('\n').join(', ')}` : '') +
          (since || dirty ? '' : ' the files it mutates are not the ones measured'),
      );
    }
    const row = readme.split('\n').find((l) => l.startsWith(`| \`${name}\``));
    const pct = `${s.score.toFixed(1)}%`;
    if (!row) problems.push(`${name}: no row in the README's scores table`);
    else if (!row.includes(pct) || !row.includes(s.commit.slice(0, 7)))
      problems.push(
        `${name}: the README row does not give the recorded ${pct} measured on ${s.commit.slice(0, 7)}`,
      );
  }
  for (const name of Object.keys(scores))
    if (!(name in modules))
      problems.push(`${name}: recorded in mutation/scores.json but not a module any more`);
  return problems;
}
