#!/usr/bin/env node
// npm run test:stress [-- --runs N] [-- --cpu N]: the whole suite (`node scripts/test.mjs`, what `npm test` runs)
// on a busy machine. CPU load runs beside it for its whole duration: Debian's `stress-ng --cpu N` when it is
// installed, else N Node workers spinning; the load stops when the tests end. Each run's result and elapsed
// time are printed; the exit code is the first failed run's (0 when every run passed). A test that fails here
// and not on a quiet machine depends on a schedule: fix it at its root (assert the rule, control the clock).
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`test:stress: --${name} takes a whole number of at least 1 (got ${raw ?? 'nothing'})`);
    process.exit(2);
  }
  return n;
}
const runs = option('runs', 1);
const cpus = option('cpu', 2);

const hasStressNg = () => spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;

/** Starts the CPU load; answers how to stop it (resolves once it has stopped). */
function startLoad() {
  if (hasStressNg()) {
    // Its own process group, so that stopping it stops its workers too. No --timeout: it runs until stopped.
    const child = spawn('stress-ng', ['--cpu', String(cpus), '--quiet'], { stdio: 'ignore', detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    return {
      what: `stress-ng --cpu ${cpus}`,
      stop: async () => {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        await exited;
      },
    };
  }
  const spin = 'for (;;) {}';
  const workers = Array.from({ length: cpus }, () => new Worker(spin, { eval: true }));
  return {
    what: `${cpus} Node workers spinning (stress-ng is not installed)`,
    stop: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

/** Runs the suite once; answers its exit code. */
function suite() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/test.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    current = child;
    child.on('close', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

let current;
let load;
const interrupted = (signal) => {
  current?.kill(signal);
  void load?.stop().finally(() => process.exit(130));
};
process.once('SIGINT', () => interrupted('SIGINT'));
process.once('SIGTERM', () => interrupted('SIGTERM'));

const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const results = [];
for (let run = 1; run <= runs; run++) {
  load = startLoad();
  console.log(
    `\ntest:stress: run ${run} of ${runs}: node scripts/test.mjs beside ${load.what} (${os.cpus().length} cores)`,
  );
  const started = performance.now();
  let code;
  let elapsed;
  try {
    code = await suite();
    elapsed = performance.now() - started;
  } finally {
    await load.stop();
    load = undefined;
  }
  results.push({ run, code, elapsed });
  console.log(
    `test:stress: run ${run}: ${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${minutes(elapsed)}`,
  );
}

console.log('\ntest:stress: results');
for (const r of results)
  console.log(
    `  run ${r.run}: ${r.code === 0 ? 'passed' : `failed (exit code ${r.code})`}, ${minutes(r.elapsed)}`,
  );
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
