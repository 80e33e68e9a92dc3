import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/bootstrap.js';
import { freePort } from '../apps/api/src/lib/net.js';

export { freePort };

/** The benchmarks' own PostgreSQL (`.data/bench`, made and migrated if missing), on a free port. */
export async function openBenchDatabase() {
  const config = loadConfig({
    DATA_DIR: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.data', 'bench'),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
  });
  return openDatabase(config, (l) => console.log(`[bench] ${l}`));
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Paced runs: the p99 of the requests due in the first 3 s, and of those due after (a start's stall). */
  p99First3s?: number;
  p99After3s?: number;
}

/**
 * Runs autocannon against url for `seconds`. Each connection walks the header sets from its own random
 * starting point, so that concurrent requests are for different learners, as in real traffic (autocannon's
 * own `requests` list would send every connection the same learner at the same moment).
 */
export async function load(
  url: string,
  request: { method: 'GET' | 'POST'; path: string | ((i: number) => string); body?: (i: number) => string },
  headerSets: Record<string, string>[],
  seconds: number,
  connections = 100,
  /** Requests per second for all connections together; unset: as fast as the server answers. */
  overallRate?: number,
  /** Where connection n starts in the header sets; unset: a random place. */
  startAt?: (n: number) => number,
): Promise<Figures> {
  let clients = 0;
  const pathOf = (i: number) => (typeof request.path === 'function' ? request.path(i) : request.path);
  const result = await autocannon({
    url: `${url}${pathOf(0)}`,
    method: request.method,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(overallRate ? { overallRate } : {}),
    setupClient: (client) => {
      // `next()` moves on before the first request, hence the - 1.
      let i = (startAt ? startAt(clients++) : Math.floor(Math.random() * headerSets.length)) - 1;
      // Changes the current request in place (autocannon's setRequest would be undone by its iterator).
      const current = (client as unknown as { requestIterator: { currentRequest: { path: string } } })
        .requestIterator;
      const next = () => {
        i = (i + 1) % headerSets.length;
        current.currentRequest.path = pathOf(i);
        const headers = { ...headerSets[i], ...(request.body ? { 'content-type': 'application/json' } : {}) };
        if (request.body) client.setHeadersAndBody(headers, request.body(i));
        else client.setHeaders(headers);
      };
      next();
      client.on('response', next);
    },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${pattern}:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}):\n${out}`)));
  });
}

export function startBaseline(file: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = fork(file, { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve(child));
    child.on('exit', (code) => reject(new Error(`baseline exited (${code})`)));
  });
}

/** The secret the benches' API processes sign tokens with (and the benches sign their learners' tokens with). */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/**
 * How the benches start an API process: production mode, no demo content, no content service (it would boot and
 * use a core during the first measurements), mail to a closed port, the sandbox payments.
 */
export const benchApiEnv = (databaseUrl: string, port: number): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  JWT_SECRET: BENCH_JWT_SECRET,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  CMS_ENABLED: 'false',
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'http://127.0.0.1',
  SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
});

export function startNode(file: string, nodeArgs: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export const fmt = (f: Figures) =>
  `${String(f.rps).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  errors ${f.errors}  non-2xx ${f.non2xx}` +
  (f.p99First3s === undefined ? '' : `  (p99 first 3 s ${f.p99First3s} ms, after ${f.p99After3s} ms)`);

/** CPU seconds of PostgreSQL: live processes, plus what ended backends left in the postmaster's counters. */
export const postgresCpu = () =>
  cpuSeconds(
    (cmd) => cmd.startsWith('postgres:') || cmd.includes('/bin/postgres -D'),
    (cmd) => cmd.includes('/bin/postgres -D'),
  );

/** CPU seconds (user + system) used so far by the processes whose command line matches. */
export function cpuSeconds(
  match: (cmdline: string, pid: number) => boolean,
  withReapedChildren: (cmdline: string) => boolean = () => false,
): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!match(cmd, Number(pid))) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / tick;
      if (withReapedChildren(cmd)) total += (Number(fields[13]) + Number(fields[14])) / tick;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}

/**
 * Open-loop load at a steady rate: one request every 1000/rate ms, spread evenly (autocannon's `overallRate`
 * sends each second's quota as a burst at the start of the second, which measures queueing behind the
 * burst, not latency at that rate). Latency counts from the moment a request was due, so a slow answer
 * that delays later requests is charged to them too (no coordinated omission).
 *
 * It speaks HTTP/1.1 over up to `connections` keep-alive sockets of its own (`net`), each request written as one
 * string and each answer read by its status line and Content-Length: node:http's client cost 170-230 µs of CPU
 * a request here, as much as the API's whole save, on the same two cores; this costs a fraction of that.
 * The connections take turns (the one idle longest goes next), as many steady clients would, and are opened
 * as needed, so a first run meets the server's connection set-up too.
 */
export async function paced(
  url: string,
  request: { method: 'GET' | 'POST'; path: string | ((i: number) => string); body?: (i: number) => string },
  headerSets: Record<string, string>[],
  seconds: number,
  rate: number,
  connections = 10,
): Promise<Figures> {
  const { hostname: host, port } = new URL(url);
  const pathOf = (i: number) => (typeof request.path === 'function' ? request.path(i) : request.path);
  // Each learner's header lines, written once.
  const headerLines = headerSets.map((h) =>
    Object.entries(h)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join(''),
  );
  const latencies: number[] = [];
  const early: number[] = [];
  const trace: number[][] = [];
  // BENCH_TRACE_MS: the trace's slice (half a second unless told).
  const traceMs = Number(process.env.BENCH_TRACE_MS ?? 500);
  const late: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  let settled = 0;
  let allSettled: () => void = () => {};
  const finished = new Promise<void>((r) => (allSettled = r));

  const record = (due: number, status: number | undefined) => {
    if (status === undefined) errors++;
    else {
      const took = performance.now() - due;
      latencies.push(took);
      (due - start < 3000 ? early : late).push(took);
      if (process.env.BENCH_TRACE) (trace[Math.floor((due - start) / traceMs)] ??= []).push(took);
      if (status < 200 || status >= 300) non2xx++;
    }
    if (++settled === total) allSettled();
  };

  type Conn = { socket: net.Socket; due: number | undefined; buf: Buffer | undefined };
  const idle: Conn[] = [];
  const waiting: { text: string; due: number }[] = [];
  let open = 0;

  const send = (c: Conn, text: string, due: number) => {
    c.due = due;
    c.socket.write(text);
  };
  const freed = (c: Conn) => {
    const next = waiting.shift();
    if (next) send(c, next.text, next.due);
    else idle.push(c);
  };
  /** Gathers an answer's bytes; once its head and its Content-Length of body are in, records it and frees c. */
  const onData = (c: Conn, chunk: Buffer) => {
    c.buf = c.buf ? Buffer.concat([c.buf, chunk]) : chunk;
    const end = c.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = c.buf.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      // Every answer of the API carries its length; anything else is counted as an error and the socket dropped.
      c.socket.destroy();
      return;
    }
    if (c.buf.length < end + 4 + Number(length[1])) return;
    const status = Number(head.slice(9, 12));
    const due = c.due!;
    c.buf = undefined;
    c.due = undefined;
    record(due, status);
    // An answer that closes its connection: what waits gets a new one when it is closed.
    if (/\r\nconnection: *close/i.test(head)) c.socket.end();
    else freed(c);
  };
  const connect = (text: string, due: number) => {
    open++;
    const c: Conn = { socket: net.connect(Number(port), host), due: undefined, buf: undefined };
    c.socket.setNoDelay(true);
    c.socket.on('data', (chunk) => onData(c, chunk));
    c.socket.on('error', () => {});
    c.socket.on('close', () => {
      open--;
      const at = idle.indexOf(c);
      if (at >= 0) idle.splice(at, 1);
      if (c.due !== undefined) {
        const due = c.due;
        c.due = undefined;
        record(due, undefined);
      }
      // Whatever waits gets a new connection.
      const next = waiting.shift();
      if (next) connect(next.text, next.due);
    });
    send(c, text, due);
  };

  let i = Math.floor(Math.random() * headerSets.length);
  for (let n = 0; n < total; n++) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    i = (i + 1) % headerSets.length;
    const body = request.body?.(i);
    const text =
      `${request.method} ${pathOf(i)} HTTP/1.1\r\nhost: ${host}:${port}\r\n${headerLines[i]}` +
      (body === undefined
        ? '\r\n'
        : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const c = idle.shift();
    if (c) send(c, text, due);
    else if (open < connections) connect(text, due);
    else waiting.push({ text, due });
  }
  if (total > 0) await finished;
  const elapsed = (performance.now() - start) / 1000;
  for (const c of idle) c.socket.destroy();
  // BENCH_TRACE=1: the p99 and the slowest request of each slice of the run (where a stall begins and ends).
  if (process.env.BENCH_TRACE)
    console.log(
      trace
        .map((l, k) => {
          l.sort((a, b) => a - b);
          return `${(k * traceMs) / 1000}s:p99=${Math.round(l[Math.floor(0.99 * l.length)]!)}/max=${Math.round(l[l.length - 1]!)}`;
        })
        .join(' '),
    );
  const at = (list: number[], q: number) => {
    list.sort((a, b) => a - b);
    return Math.round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
  };
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    errors,
    non2xx,
    p99First3s: at(early, 0.99),
    p99After3s: at(late, 0.99),
  };
}

/** CPU seconds the hypervisor gave other guests instead of this machine ("steal", /proc/stat), all cores. */
function stolenSeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  return Number(fields[8] ?? 0) / 100; // cpu user nice system idle iowait irq softirq steal (USER_HZ)
}

/**
 * Starts counting CPU seconds of a server process, of PostgreSQL, of this process (the load generator) and
 * those stolen by the hypervisor; the answer reads them, with the wall-clock seconds since the start.
 */
export function cpuMeter(serverPid: number) {
  const server0 = cpuSeconds((_c, p) => p === serverPid);
  const pg0 = postgresCpu();
  const client0 = process.cpuUsage();
  const stolen0 = stolenSeconds();
  const t0 = Date.now();
  return () => {
    const client = process.cpuUsage(client0);
    return {
      wall: (Date.now() - t0) / 1000,
      server: cpuSeconds((_c, p) => p === serverPid) - server0,
      postgres: postgresCpu() - pg0,
      client: (client.user + client.system) / 1e6,
      stolen: stolenSeconds() - stolen0,
    };
  };
}
