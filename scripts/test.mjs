#!/usr/bin/env node
// npm test: every test against real PostgreSQL: Vitest (unit + API integration) and the browser tests.
// The platform is built once, then both runners run at the same time (the browser tests spend much of their
// time waiting on a playing video or a browser, which leaves room for Vitest on two cores). Vitest's output is
// shown as it comes; the browser runner's is held until Vitest has ended and then follows, so the output ends
// with the browser runner's summary line. When Vitest failed, its failures and its own summary lines are printed
// again at the very end: CI shows the tail of a long output, and Vitest's part is thousands of lines above it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCms } from './cms.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// Built here, once: the browser tests' server and the start-up test use this build instead of making their own
// at the same time (two builds writing the same files).
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

/**
 * Runs the browser tests with their output held back until `release()` is called, then passed through as it
 * comes; answers { done: Promise<exit code>, release }.
 */
function playwright() {
  const child = track(
    spawn(npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    }),
  );
  const held = [];
  let released = false;
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    from.on('data', (chunk) => (released ? to.write(chunk) : held.push([to, chunk])));
  }
  const done = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    done,
    release() {
      released = true;
      for (const [to, chunk] of held.splice(0)) to.write(chunk);
    },
  };
}

// The content service's contract tests and the browser tests run the real Strapi: install it (no admin
// panel build: the tests start it without the panel).
ensureCms({ build: false });
mkdirSync(path.join(root, '.data'), { recursive: true });
const jsonReport = path.join(root, '.data', 'vitest-report.json');
// A report left by an earlier run must not stand in for this one's.
rmSync(jsonReport, { force: true });
const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env: process.env });
if (build.status !== 0) {
  console.error(`[rianroo] the build failed (exit ${build.status ?? build.signal}): no test was run`);
  process.exit(build.status || 1);
}
const browser = existsSync(path.join(root, 'e2e/playwright.config.ts')) ? playwright() : undefined;
const unit = await vitest(jsonReport);
if (browser) console.log('\n[rianroo] Vitest has ended; the browser tests, run beside it, follow.\n');
browser?.release();
const e2e = browser ? await browser.done : 0;
if (unit.code !== 0) {
  console.error(`\n[rianroo] Vitest failed (exit ${unit.code}), above the browser tests:`);
  console.error(failures(jsonReport).join('\n'));
  console.log(unit.summary.join('\n'));
}
process.exit(unit.code || e2e);
