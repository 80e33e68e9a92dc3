import { coreMeter } from './mix-cpu.js';
import { mixStreams, type MixData } from './mix-data.js';
import { mixLoad } from './mix-load.js';

/** The mix's kinds, each by the streams it is made of. */
const KINDS: { name: string; streams: string[] }[] = [
  { name: 'progress save', streams: ['progress save'] },
  { name: 'read: my courses', streams: ['read: my courses'] },
  { name: 'read: course page', streams: ['read: course page'] },
  { name: 'read: catalogue', streams: ['read: catalogue'] },
  { name: 'test (start + submit)', streams: ['test start', 'test submit'] },
  { name: 'sign-in', streams: ['sign-in'] },
];

/**
 * Each kind alone at its full rate on one API process (`seconds` after 2 s to warm up): its p99 with nothing
 * beside it, and what one request costs the API and PostgreSQL in CPU, so that a mix that breaks can be told by
 * what it asks of the two cores.
 */
export async function costsAlone(
  api: { port: number; pid: number },
  data: MixData,
  postmaster: number,
  seconds: number,
) {
  console.log(`\n  each kind alone at its full rate, one API process, ${seconds} s:`);
  const out = [];
  for (const kind of KINDS) {
    const streams = () => mixStreams(data, 1).filter((s) => kind.streams.includes(s.kind));
    await mixLoad([api.port], streams(), 2);
    const meter = coreMeter([api.pid], postmaster);
    const run = await mixLoad([api.port], streams(), seconds);
    const cpu = meter();
    const requests = streams().reduce((a, s) => a + s.rate * seconds, 0);
    const perRequest = (cores: number) => Math.round((cores * seconds * 1e6) / requests);
    const figures = kind.streams.map((s) => ({ stream: s, ...run.kinds[s]! }));
    const row = {
      kind: kind.name,
      requestsPerSecond: Math.round(requests / seconds),
      figures,
      apiCores: cpu.apiCores[0]!,
      postgresCores: cpu.postgresCores,
      apiMicrosecondsPerRequest: perRequest(cpu.apiCores[0]!),
      postgresMicrosecondsPerRequest: perRequest(cpu.postgresCores),
      otherCores: cpu.otherCores,
    };
    const p99 = figures.map((f) => `${f.stream} p99 ${f.p99} ms`).join(', ');
    console.log(
      `    ${kind.name.padEnd(22)} ${String(row.requestsPerSecond).padStart(4)} req/s: API ${row.apiCores} cores (${row.apiMicrosecondsPerRequest} µs a request), PostgreSQL ${row.postgresCores} (${row.postgresMicrosecondsPerRequest} µs); ${p99}; other processes ${row.otherCores} cores`,
    );
    out.push(row);
  }
  return out;
}
