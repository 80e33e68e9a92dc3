import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** One request of a stream, written as it goes on the wire. */
export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Requests of one kind, due at an even pace from `offsetMs` on, whatever the answers do (an open model). */
export interface Stream {
  kind: string;
  /** Figures also kept for all the streams of a group together. */
  group?: string;
  rate: number;
  offsetMs?: number;
  /** Keep-alive connections of this stream to each port at most; requests due when all are busy wait for one. */
  connections: number;
  /** Request n of this stream waits for the answer to request n of the stream of this kind (then its own time). */
  after?: string;
  request: (n: number) => MixRequest;
}

export interface KindFigures {
  sent: number;
  /** 2xx answers a second, from the first request due to the last answer. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
}

export interface MixFigures {
  kinds: Record<string, KindFigures>;
  /** How late this process itself put requests in line (its own event loop), p99 and max, in ms. */
  generator: { emitLagP99: number; emitLagMax: number; loopDelayP99: number };
}

const quantile = (list: number[], q: number) => {
  list.sort((a, b) => a - b);
  return Math.round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
};

/**
 * Several streams at once against one or more ports (a stream's requests go to the ports in turn, round
 * robin). Latency counts from the moment a request was due, so an answer that holds up the requests behind it
 * (a busy connection, a late event loop here or there) is charged to them too: no coordinated omission. HTTP/1.1
 * over raw sockets, each answer read by its Content-Length, as bench/lib.ts `paced` does (node:http's client
 * costs as much CPU a request as the API's save, on the same two cores). Answers still missing `graceMs` after
 * the last request was due are counted as errors.
 */
export async function mixLoad(
  ports: number[],
  streams: Stream[],
  seconds: number,
  graceMs = 5_000,
): Promise<MixFigures> {
  const host = '127.0.0.1';
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  type Kind = {
    latencies: number[];
    errors: number;
    non2xx: number;
    statuses: Record<string, number>;
    last: number;
  };
  const kinds = new Map<string, Kind>();
  const kindOf = (name: string) => {
    if (!kinds.has(name)) kinds.set(name, { latencies: [], errors: 0, non2xx: 0, statuses: {}, last: 0 });
    return kinds.get(name)!;
  };
  const emitLags: number[] = [];
  /** A request put in line: its text, the figures it counts in, when it is timed from, what waits for it. */
  type Job = { text: string; kinds: Kind[]; from: number; done?: (at: number) => void };
  type Conn = { socket: net.Socket; pending?: Job; buf?: Buffer };
  type Pool = { port: number; idle: Conn[]; waiting: Job[]; open: number };
  const all = new Set<Conn>();
  let outstanding = 0;
  let drained: () => void = () => {};

  const record = (job: Job, status: number | undefined) => {
    outstanding--;
    const now = performance.now();
    for (const kind of job.kinds) {
      if (status === undefined) kind.errors++;
      else {
        kind.latencies.push(now - job.from);
        kind.last = now;
        kind.statuses[status] = (kind.statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) kind.non2xx++;
      }
    }
    job.done?.(now);
    if (outstanding === 0) drained();
  };
  const send = (c: Conn, job: Job) => {
    c.pending = job;
    c.socket.write(job.text);
  };
  const freed = (pool: Pool, c: Conn) => {
    const next = pool.waiting.shift();
    if (next) send(c, next);
    else pool.idle.push(c);
  };
  const onData = (pool: Pool, c: Conn, chunk: Buffer) => {
    c.buf = c.buf ? Buffer.concat([c.buf, chunk]) : chunk;
    const end = c.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = c.buf.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return void c.socket.destroy(); // every answer of the API carries its length
    if (c.buf.length < end + 4 + Number(length[1])) return;
    const job = c.pending!;
    c.buf = undefined;
    c.pending = undefined;
    record(job, Number(head.slice(9, 12)));
    if (/\r\nconnection: *close/i.test(head)) c.socket.end();
    else freed(pool, c);
  };
  const connect = (pool: Pool, job: Job) => {
    pool.open++;
    const c: Conn = { socket: net.connect(pool.port, host) };
    all.add(c);
    c.socket.setNoDelay(true);
    c.socket.on('data', (chunk) => onData(pool, c, chunk));
    c.socket.on('error', () => {});
    c.socket.on('close', () => {
      pool.open--;
      all.delete(c);
      const at = pool.idle.indexOf(c);
      if (at >= 0) pool.idle.splice(at, 1);
      if (c.pending) record(c.pending, undefined);
      c.pending = undefined;
      const next = pool.waiting.shift();
      if (next) connect(pool, next);
    });
    send(c, job);
  };

  const states = streams.map((s) => ({
    s,
    kinds: [kindOf(s.kind), ...(s.group ? [kindOf(s.group)] : [])],
    pools: ports.map((port): Pool => ({ port, idle: [], waiting: [], open: 0 })),
    n: 0,
    total: Math.round(s.rate * seconds),
    interval: 1000 / s.rate,
    /** When each request was answered (for a stream whose requests wait for this one's). */
    answered: [] as number[],
  }));
  const emit = (st: (typeof states)[number], due: number, now: number) => {
    const n = st.n;
    const r = st.s.request(n);
    const pool = st.pools[n % st.pools.length]!;
    const headers = Object.entries(r.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const text =
      `${r.method} ${r.path} HTTP/1.1\r\nhost: ${host}:${pool.port}\r\n${headers}` +
      (r.body === undefined
        ? '\r\n'
        : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(r.body)}\r\n\r\n${r.body}`);
    // Sent up to 1 ms early (the timer's grain): timed from when it was sent then, never before.
    const from = Math.max(due, now);
    emitLags.push(now - due);
    outstanding++;
    const job: Job = { text, kinds: st.kinds, from, done: (at) => (st.answered[n] = at) };
    const c = pool.idle.shift();
    if (c) send(c, job);
    else if (pool.open < st.s.connections) connect(pool, job);
    else pool.waiting.push(job);
  };

  const start = performance.now() + 20;
  for (;;) {
    const now = performance.now();
    let next = Infinity;
    for (const st of states) {
      const before = st.s.after === undefined ? undefined : states.find((o) => o.s.kind === st.s.after)!;
      for (; st.n < st.total; st.n++) {
        let due = start + (st.s.offsetMs ?? 0) + st.n * st.interval;
        if (before) {
          // Due once the request it follows was answered, and not before its own time.
          const answered = before.answered[st.n];
          if (answered === undefined) {
            if (now < start + seconds * 1000 + graceMs) {
              next = Math.min(next, Math.max(due, now + 1));
              break;
            }
            // Still unanswered `graceMs` after the run: never sent (it would find nothing to follow), an error.
            for (const kind of st.kinds) kind.errors++;
            continue;
          }
          due = Math.max(due, answered);
        }
        if (due > now + 1) {
          next = Math.min(next, due);
          break;
        }
        emit(st, due, now);
      }
    }
    if (next === Infinity) break;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now() - 1)));
  }
  if (outstanding > 0) {
    const done = new Promise<void>((r) => (drained = r));
    const late = setTimeout(() => {
      for (const c of all) c.socket.destroy(); // unanswered: errors, through 'close'
      for (const st of states)
        for (const p of st.pools) for (const w of p.waiting.splice(0)) record(w, undefined);
    }, graceMs);
    await done;
    clearTimeout(late);
  }
  for (const c of all) c.socket.destroy();
  loop.disable();

  const figures: Record<string, KindFigures> = {};
  for (const [name, k] of kinds) {
    const own = states.filter((st) => st.s.kind === name || st.s.group === name);
    const first = Math.min(...own.map((st) => start + (st.s.offsetMs ?? 0)));
    const end = Math.max(...own.map((st) => start + (st.s.offsetMs ?? 0) + seconds * 1000), k.last);
    const ok = k.latencies.length - k.non2xx;
    figures[name] = {
      sent: own.reduce((a, st) => a + st.total, 0),
      rate: Math.round((ok * 1000) / Math.max(1, end - first)),
      p50: quantile(k.latencies, 0.5),
      p99: quantile(k.latencies, 0.99),
      max: Math.round(k.latencies[k.latencies.length - 1] ?? 0),
      errors: k.errors,
      non2xx: k.non2xx,
      statuses: k.statuses,
    };
  }
  return {
    kinds: figures,
    generator: {
      emitLagP99: quantile(emitLags, 0.99),
      emitLagMax: Math.round(emitLags[emitLags.length - 1] ?? 0),
      loopDelayP99: Math.round(loop.percentile(99) / 1e6),
    },
  };
}
