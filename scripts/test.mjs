#!/usr/bin/env node
// npm test: every test against real PostgreSQL: Vitest (unit + API integration), then the browser tests.
// The browser runner goes last so that the output ends with its summary line. When Vitest failed, its failures
// and its own summary lines are printed again at the very end: CI shows the tail of a long output, and Vitest's
// part is thousands of lines above it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCms } from './cms.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (args) => spawnSync(npx, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

/** Runs Vitest with its output passed through; answers its exit code and its summary lines. */
function vitest(jsonReport) {
  return new Promise((resolve) => {
    const child = spawn(
      npx,
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonReport}`],
      { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env: process.env },
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

// The content service's contract tests and the browser tests run the real Strapi: install it (no admin
// panel build: the tests start it without the panel).
ensureCms({ build: false });
mkdirSync(path.join(root, '.data'), { recursive: true });
const jsonReport = path.join(root, '.data', 'vitest-report.json');
// A report left by an earlier run must not stand in for this one's.
rmSync(jsonReport, { force: true });
const unit = await vitest(jsonReport);
let e2e = 0;
if (existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  e2e = run(['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
}
if (unit.code !== 0) {
  console.error(`\n[rianroo] Vitest failed (exit ${unit.code}), above the browser tests:`);
  console.error(failures(jsonReport).join('\n'));
  console.log(unit.summary.join('\n'));
}
process.exit(unit.code || e2e);
