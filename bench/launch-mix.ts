// The launch-day mix (issue 36): at once, 4,000 progress saves/s, 200 page-data reads/s, 50 test submits/s and
// 20 password sign-ins/s (Argon2id), against one API process, then two sharing one PostgreSQL (the load
// generator sends each stream's requests to the two ports in turn). On one process each kind runs alone first (its
// CPU a request). Each step runs BENCH_MIX_SECONDS (20) after 3 s at the same rates to warm up; if the full mix
// misses a p99 budget, halvings of the range below it follow (50%, then 25% or 75%), if it holds, higher steps
// (150%, 200%) until one breaks. The first step that broke on one process is run again under `node --cpu-prof`,
// summarised to its top functions. `npm run bench:launch-mix` alone, or inside `npm run bench`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoot } from '../apps/api/src/config.js';
import { summariseProfile } from './cpu-profile.js';
import { costsAlone } from './mix-costs.js';
import { ensureLibraryData } from './data.js';
import {
  BENCH_JWT_SECRET,
  benchApiEnv,
  freePort,
  openBenchDatabase,
  startNode,
  stopChild,
  waitForLine,
} from './lib.js';
import { coreMeter, postmasterOf } from './mix-cpu.js';
import { apiMetrics } from './mix-metrics.js';
import { MIX, mixStreams, prepareMixData, removeMixSessions, type MixData as Learners } from './mix-data.js';
import { mixLoad } from './mix-load.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 20);
const WARM_SECONDS = 3;
const P99_BUDGET = 100;
const factors = (v: string | undefined, d: number[]) =>
  v === undefined ? d : v.split(',').filter(Boolean).map(Number);
const HIGHER = factors(process.env.BENCH_MIX_HIGHER, [1.5, 2]);
/** Halvings of the range between none and the step that broke (2: 50%, then 25% or 75%). */
const BISECT = Number(process.env.BENCH_MIX_BISECT ?? 2);
const ALONE_SECONDS = Number(process.env.BENCH_MIX_ALONE_SECONDS ?? 6);
/** The API's entry (BENCH_MIX_SERVER: another build of it, to compare). */
const SERVER = process.env.BENCH_MIX_SERVER ?? path.join(apiRoot(), 'dist', 'server.js');

/** The kinds the issue sets a budget for (the reads also one by one, for the record). */
const BUDGETED = ['progress save', 'page-data read', 'test submit', 'sign-in'] as const;

async function startApis(databaseUrl: string, count: number, nodeArgs: string[] = []) {
  const apis = [];
  // One after the other: each runs the migrations (already applied) before it listens.
  for (let k = 0; k < count; k++) {
    const port = await freePort();
    const child = startNode(SERVER, nodeArgs, benchApiEnv(databaseUrl, port));
    await waitForLine(child, /ready at/);
    apis.push({ port, child });
  }
  return apis;
}
type Apis = Awaited<ReturnType<typeof startApis>>;
/** The learners and courses of the mix, and the bench cluster's postmaster (whose CPU is counted). */
type MixData = Learners & { postmaster: number };

/** One step: the mix at `factor` of its rates, with where the two cores went and what the API processes saw. */
async function step(apis: Apis, data: MixData, factor: number) {
  const ports = apis.map((a) => a.port);
  await mixLoad(ports, mixStreams(data, factor), WARM_SECONDS);
  const meter = coreMeter(
    apis.map((a) => a.child.pid!),
    data.postmaster,
  );
  const watch = apiMetrics(ports);
  const figures = await mixLoad(ports, mixStreams(data, factor), SECONDS);
  const seen = watch.stop();
  const cpu = meter();
  const broken = BUDGETED.filter((k) => {
    const f = figures.kinds[k]!;
    return f.p99 >= P99_BUDGET || f.errors > 0 || f.non2xx > 0;
  });
  const result = { factor, ...figures, cpu, api: seen, broken, pass: broken.length === 0 };
  print(apis.length, result);
  return result;
}
type Step = Awaited<ReturnType<typeof step>>;

function print(processes: number, r: Step) {
  const pct = `${Math.round(r.factor * 100)}%`;
  console.log(`\n  ${processes} API process${processes > 1 ? 'es' : ''}, ${pct} of the mix, ${SECONDS} s:`);
  for (const [kind, f] of Object.entries(r.kinds)) {
    const bad =
      f.errors || f.non2xx ? `  errors ${f.errors}, non-2xx ${f.non2xx} ${JSON.stringify(f.statuses)}` : '';
    console.log(
      `    ${kind.padEnd(18)} ${String(f.rate).padStart(5)}/s of ${String(Math.round(f.sent / SECONDS)).padStart(4)}  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms  max ${String(f.max).padStart(5)} ms${bad}`,
    );
  }
  const { cpu, api, generator: g } = r;
  console.log(
    `    cores busy: API ${cpu.apiCores.join(' + ')} (in the kernel ${cpu.apiKernelCores.join(' + ')}), PostgreSQL ${cpu.postgresCores}, load generator ${cpu.loadGeneratorCores}; other processes ${cpu.otherCores}, stolen ${cpu.stolenCores}; some task waiting for a core ${cpu.cpuPressurePercent}% of the time`,
  );
  console.log(
    `    API event-loop delay p99 (per second, worst) ${api.loopP99MaxMs.join(' / ')} ms; pool callers waiting, mean ${api.poolWaitingMean.join(' / ')}, max ${api.poolWaitingMax.join(' / ')}`,
  );
  console.log(
    `    load generator: late putting requests in line p99 ${g.emitLagP99} ms (max ${g.emitLagMax}), its event-loop delay p99 ${g.loopDelayP99} ms`,
  );
  console.log(`    ${r.pass ? 'every p99 under 100 ms' : `over budget: ${r.broken.join(', ')}`}`);
}

/**
 * The full mix; if it holds, higher steps until one breaks; if not, halvings of the range below it (the rate where
 * it breaks, to a quarter). On one process, first each kind alone (what it costs).
 */
async function stepped(databaseUrl: string, data: MixData, processes: number) {
  console.log(`\nlaunch-day mix, ${processes} API process${processes > 1 ? 'es' : ''}`);
  const apis = await startApis(databaseUrl, processes);
  try {
    const alone =
      processes === 1
        ? await costsAlone(
            { port: apis[0]!.port, pid: apis[0]!.child.pid! },
            data,
            data.postmaster,
            ALONE_SECONDS,
          )
        : undefined;
    const steps = [await step(apis, data, 1)];
    if (steps[0]!.pass) {
      for (const f of HIGHER) {
        steps.push(await step(apis, data, f));
        if (!steps.at(-1)!.pass) break;
      }
    } else {
      let [holds, breaks] = [0, 1];
      for (let k = 0; k < BISECT; k++) {
        const s = await step(apis, data, (holds + breaks) / 2);
        steps.push(s);
        if (s.pass) holds = s.factor;
        else breaks = s.factor;
      }
    }
    const holds = steps.filter((s) => s.pass).map((s) => s.factor);
    const breaks = steps.filter((s) => !s.pass).map((s) => s.factor);
    const verdict = {
      holdsAt: holds.length ? Math.max(...holds) : null,
      breaksAt: breaks.length ? Math.min(...breaks) : null,
    };
    const pct = (f: number | null) => (f === null ? 'none tried' : `${f * 100}%`);
    console.log(
      `\n  ${processes} process${processes > 1 ? 'es' : ''}: every p99 under ${P99_BUDGET} ms up to ${pct(verdict.holdsAt)} of the mix; broken at ${pct(verdict.breaksAt)}`,
    );
    return { alone, steps, ...verdict };
  } finally {
    await Promise.all(apis.map((a) => stopChild(a.child)));
  }
}

/** The step again on one process under `node --cpu-prof`: where the API's CPU went. */
async function profiled(databaseUrl: string, data: MixData, factor: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'launch-mix-prof-'));
  try {
    console.log(`\none API process under node --cpu-prof, ${Math.round(factor * 100)}% of the mix`);
    const apis = await startApis(databaseUrl, 1, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let run: Step;
    try {
      run = await step(apis, data, factor);
    } finally {
      await stopChild(apis[0]!.child);
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the API process wrote no CPU profile');
    const summary = summariseProfile(path.join(dir, file));
    console.log('    busy time by origin:', summary.areas.map((a) => `${a.area} ${a.percent}%`).join(', '));
    console.log('    functions by self time:');
    for (const f of summary.functions)
      console.log(`      ${`${f.percent}%`.padStart(6)}  ${f.fn}  ${f.where}`);
    return { factor, run, ...summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole launch-day bench against the bench database at `databaseUrl`; `build`: build the API first. */
export async function launchMix(databaseUrl: string, { build = true } = {}) {
  if (build) execFileSync(process.execPath, ['build.mjs'], { cwd: apiRoot() });
  const data = {
    ...(await prepareMixData(databaseUrl, BENCH_JWT_SECRET)),
    postmaster: await postmasterOf(databaseUrl),
  };
  console.log(
    `\nlaunch-day mix: ${MIX.saves} progress saves/s (${data.people.length} learners), ${MIX.reads} page-data reads/s, ` +
      `${MIX.tests} tests/s (start, then submit 1 s later), ${MIX.signIns} sign-ins/s; open model, latency from when due`,
  );
  const one = await stepped(databaseUrl, data, 1);
  const broke = one.steps.find((s) => !s.pass);
  const profile = await profiled(databaseUrl, data, broke?.factor ?? 1);
  const two = await stepped(databaseUrl, data, 2);
  await removeMixSessions(databaseUrl);
  return {
    mix: MIX,
    seconds: SECONDS,
    warmUpSeconds: WARM_SECONDS,
    p99Budget: P99_BUDGET,
    one,
    profile,
    two,
  };
}

async function main() {
  const database = await openBenchDatabase();
  let results;
  try {
    await ensureLibraryData(database.url, (l) => console.log(`[bench] ${l}`));
    results = { date: new Date().toISOString(), ...(await launchMix(database.url)) };
  } finally {
    await database.close();
  }
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  await fs.writeFile(
    path.join(here, 'results', 'latest-launch-mix.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log('\nresults written to bench/results/latest-launch-mix.json');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
