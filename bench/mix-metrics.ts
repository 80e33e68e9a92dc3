/**
 * What each API process reports at /metrics (open to this machine) once a second during a step: its event-loop
 * delay (p99 of the second since the previous scrape: prom-client resets its histogram at each) and the callers
 * waiting for a database connection of its pool at that moment.
 */
export function apiMetrics(ports: number[]) {
  const loop = ports.map(() => [] as number[]);
  const waiting = ports.map(() => [] as number[]);
  const value = (text: string, name: string) => {
    const m = new RegExp(`^${name.replace(/[{}]/g, '\\$&')} ([\\d.e+-]+)$`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  };
  const scrape = () =>
    ports.forEach(async (port, k) => {
      try {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        const lag = value(text, 'nodejs_eventloop_lag_p99_seconds');
        const w = value(text, 'db_pool_connections{state="waiting"}');
        if (lag !== undefined) loop[k]!.push(lag * 1000);
        if (w !== undefined) waiting[k]!.push(w);
      } catch {
        /* a scrape that failed is left out */
      }
    });
  const timer = setInterval(scrape, 1000);
  return {
    stop() {
      clearInterval(timer);
      // The first scrape's delay covers the warm-up before it: left out.
      const measured = loop.map((l) => l.slice(1));
      return {
        loopP99MaxMs: measured.map((l) => Math.round(Math.max(0, ...l))),
        loopP99MedianMs: measured.map((l) =>
          Math.round([...l].sort((a, b) => a - b)[Math.floor(l.length / 2)] ?? 0),
        ),
        poolWaitingMean: waiting.map((w) =>
          Number((w.reduce((a, b) => a + b, 0) / Math.max(1, w.length)).toFixed(1)),
        ),
        poolWaitingMax: waiting.map((w) => Math.max(0, ...w)),
      };
    },
  };
}
