#!/usr/bin/env node
// npm test: every test against real PostgreSQL: the platform is built once, then Vitest (unit + API integration)
// runs, then the browser tests on that build. One after the other: side by side they took longer on two cores
// (2026-11-28: Vitest 1,252 s instead of 444 s beside the browser tests, the whole CI run about 33 minutes), as
// the browser tests' server, PostgreSQL, Chromium and the demo videos' first drawing keep the cores busy. The
// browser runner goes last so that the output ends with its summary line. When Vitest failed, its failures and its
// own summary lines are printed again at the very end: CI shows the tail of a long output, and Vitest's part is
// thousands of lines above it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCms } from './cms.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Built here, once: the browser tests' server and the start-up test use this build instead of each making its
// own (a minute or more of the run).
const env = { ...process.env, RIANROO_TEST_BUILT: '1' };

/** The runners now running: stopped with this process (test:stress stops it when interrupted). */
const children = new Set();
function track(child) {
  children.add(child);
  child.on('close', () => children.delete(child));
  return child;
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });

/** Runs Vitest with its output passed through; answers its exit code and its summary lines. */
function vitest(jsonReport) {
  return new Promise((resolve) => {
    const child = track(
      spawn(
        npx,
        ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonReport}`],
        { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env },
      ),
    );
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-8192);
    });
    child.on('close', (code) => {
      // eslint-disable-next-line no-control-regex
      const plain = tail.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
      const summary = plain.filter((l) => /^\s*(Test Files|Tests|Errors)\s/.test(l));
      resolve({ code: code ?? 1, summary });
    });
  });
}

/** The failed tests (and failed files) of a Vitest JSON report, a few lines each. */
function failures(jsonReport) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonReport, 'utf8'));
  } catch {
    return ['(no Vitest report was written)'];
  }
  const lines = [];
  const firstLines = (text) =>
    String(text ?? '')
      .split('\n')
      .slice(0, 6)
      .map((l) => `      ${l}`);
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) lines.push(`  ✗ ${name} > ${a.fullName}`, ...firstLines(a.failureMessages?.[0]));
    if (!failed.length && file.status === 'failed') lines.push(`  ✗ ${name}`, ...firstLines(file.message));
  }
  return lines.length ? lines : ['(the report names no failed test: see the errors above)'];
}

/** Runs the browser tests, their output passed through; answers their exit code. */
function playwright() {
  const child = track(
    spawn(npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      cwd: root,
      stdio: 'inherit',
      env,
    }),
  );
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

mkdirSync(path.join(root, '.data'), { recursive: true });
const jsonReport = path.join(root, '.data', 'vitest-report.json');
// A report left by an earlier run must not stand in for this one's.
rmSync(jsonReport, { force: true });
// The build (mostly CPU) runs while the content service is installed (mostly network and disk) beside it. It runs
// with NODE_ENV=development on purpose: the web app must come out a production build whatever the platform's
// NODE_ENV (apps/web/scripts/build.mjs), and the browser tests' JavaScript budget (e2e/tests/budget.spec.ts, 150 KB
// for the first page; development React is about 190) fails if it does not.
const build = new Promise((resolve) =>
  track(
    spawn(npm, ['run', 'build', '--silent'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    }),
  ).on('close', (code, signal) => resolve({ code, signal })),
);
// The content service's contract tests and the browser tests run the real Strapi: install it (no admin
// panel build: the tests start it without the panel).
ensureCms({ build: false });
const built = await build;
if (built.code !== 0) {
  console.error(`[rianroo] the build failed (exit ${built.code ?? built.signal}): no test was run`);
  process.exit(built.code || 1);
}
const unit = await vitest(jsonReport);
const e2e = existsSync(path.join(root, 'e2e/playwright.config.ts')) ? await playwright() : 0;
if (unit.code !== 0) {
  console.error(`\n[rianroo] Vitest failed (exit ${unit.code}), above the browser tests:`);
  console.error(failures(jsonReport).join('\n'));
  console.log(unit.summary.join('\n'));
}
process.exit(unit.code || e2e);
