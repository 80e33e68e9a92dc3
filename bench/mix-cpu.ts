import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const TICK = 100; // USER_HZ on Linux

/** A process's parent, its own CPU seconds and those of its children it has reaped (/proc/<pid>/stat). */
function stat(pid: number | string) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    ppid: Number(f[1]),
    own: (Number(f[11]) + Number(f[12])) / TICK,
    /** Of `own`, the kernel's part (system calls: here mostly the loopback TCP of every answer). */
    kernel: Number(f[12]) / TICK,
    reaped: (Number(f[13]) + Number(f[14])) / TICK,
  };
}

/** The postmaster of the database at `url` (the parent of a backend): its cluster alone is counted. */
export async function postmasterOf(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    return stat(rows[0]!.pid).ppid;
  } finally {
    await c.end();
  }
}

/**
 * CPU seconds so far of one PostgreSQL cluster: its postmaster, its live processes and those ended (reaped).
 * Other clusters on the machine (other sessions' test databases) are left out.
 */
function clusterCpu(postmaster: number): number {
  const main = stat(postmaster);
  let total = main.own + main.reaped;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const s = stat(pid);
      if (s.ppid === postmaster) total += s.own;
    } catch {
      /* ended meanwhile */
    }
  }
  return total;
}

/** CPU seconds the whole machine spent busy so far, all cores (/proc/stat: user nice system . . irq softirq). */
function machine() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / TICK, stolen: (f[7] ?? 0) / TICK };
}

/** Microseconds so far in which some runnable task waited for a core (/proc/pressure/cpu), if the kernel tells. */
function cpuPressure(): number | undefined {
  try {
    return Number(/^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    return undefined;
  }
}

/**
 * Starts counting where the cores go during a step: each API process, the PostgreSQL cluster, this process (the
 * load generator), everything else on the machine, and what the hypervisor gave other guests; read as cores.
 */
export function coreMeter(apiPids: number[], postmaster: number) {
  const api0 = apiPids.map((p) => stat(p));
  const pg0 = clusterCpu(postmaster);
  const gen0 = process.cpuUsage();
  const m0 = machine();
  const p0 = cpuPressure();
  const t0 = performance.now();
  return () => {
    const wall = (performance.now() - t0) / 1000;
    const cores = (s: number) => Number((s / wall).toFixed(2));
    const apiNow = apiPids.map((p) => stat(p));
    const api = apiNow.map((s, k) => s.own - api0[k]!.own);
    const postgres = clusterCpu(postmaster) - pg0;
    const g = process.cpuUsage(gen0);
    const generator = (g.user + g.system) / 1e6;
    const m = machine();
    const p = cpuPressure();
    const others = m.busy - m0.busy - api.reduce((a, b) => a + b, 0) - postgres - generator;
    return {
      apiCores: api.map(cores),
      apiKernelCores: apiNow.map((s, k) => cores(s.kernel - api0[k]!.kernel)),
      postgresCores: cores(postgres),
      loadGeneratorCores: cores(generator),
      // Other sessions' tests and builds meanwhile: the step's figures move with it.
      otherCores: cores(Math.max(0, others)),
      stolenCores: cores(m.stolen - m0.stolen),
      // Share of the time in which some runnable task (ours or not) waited for a core: 0 on an idle machine.
      cpuPressurePercent: p === undefined || p0 === undefined ? null : Math.round((p - p0) / (wall * 1e4)),
    };
  };
}
