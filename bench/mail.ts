// Mail under a burst (issue 14): how fast one API process hands mail to a local SMTP peer, and how long a
// password-reset e-mail asked for in the middle of a burst of 1,000 welcomes takes to arrive.
// Part of `npm run bench`; alone: `npm run bench:mail -w bench`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { apiRoot } from '../apps/api/src/config.js';
import { benchApiEnv, freePort, openBenchDatabase, startNode, stopChild, waitForLine } from './lib.js';

const BULK = 1000;
const RESETS = 20;

/** An SMTP peer that only notes who got what when (no parsing: it must not be the bottleneck). */
async function countingPeer() {
  const arrivals: { to: string; subject: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (d: Buffer) => {
        if (head.length < 4000) head += d.toString('latin1');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) arrivals.push({ to: r.address, subject, at: Date.now() });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export async function benchMail(databaseUrl: string) {
  const peer = await countingPeer();
  const port = await freePort();
  const api = startNode(path.join(apiRoot(), 'dist', 'server.js'), [], {
    ...benchApiEnv(databaseUrl, port),
    SMTP_URL: peer.url,
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  const boss = new PgBoss({
    connectionString: databaseUrl,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  try {
    await waitForLine(api, /ready at/);
    await db.connect();
    await boss.start();
    // The burst: 1,000 welcome e-mails queued at once, as 1,000 sign-ups in a moment would.
    const tag = `burst-${Date.now()}`;
    // Learners whose reset e-mail is timed (new ones each run: a mailbox's allowance is per hour).
    const { rows: people } = await db.query<{ email: string }>(
      `insert into users (id, email, first_name, password_hash)
       select gen_random_uuid(), $1 || '-reset-' || k || '@bench.test', 'ผู้เรียน', 'x'
       from generate_series(1, ${RESETS}) k returning email`,
      [tag],
    );
    const start = Date.now();
    await boss.insert(
      Array.from({ length: BULK }, (_, i) => ({
        name: 'mail.send',
        data: {
          to: `${tag}-${i}@bench.test`,
          subject: `Welcome ${tag}`,
          text: 'ยินดีต้อนรับ',
          html: '<p>ยินดีต้อนรับ</p>',
          bulk: true,
        },
        priority: 0,
        retryLimit: 8,
      })),
    );
    await db.query(`select pg_notify('job_queued', 'mail.send')`);
    // Resets asked for while the burst is on its way, one every 100 ms from its start.
    const asked = new Map<string, number>();
    for (const p of people) {
      await new Promise((r) => setTimeout(r, 100));
      asked.set(p.email.toLowerCase(), Date.now());
      const res = await fetch(`http://127.0.0.1:${port}/api/users/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: p.email }),
      });
      if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
    }
    const deadline = Date.now() + 120_000;
    const bulkIn = () => peer.arrivals.filter((a) => a.subject.includes(tag));
    const resetIn = () =>
      peer.arrivals.filter((a) => asked.has(a.to.toLowerCase()) && !a.subject.includes(tag));
    while ((bulkIn().length < BULK || resetIn().length < asked.size) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const bulk = bulkIn();
    const seconds = (Math.max(...bulk.map((a) => a.at)) - start) / 1000;
    const latencies = resetIn().map((a) => a.at - asked.get(a.to.toLowerCase())!);
    const figures = {
      bulkDelivered: bulk.length,
      bulkSeconds: Number(seconds.toFixed(2)),
      mailsPerSecond: Math.round(bulk.length / seconds),
      resets: latencies.length,
      resetDuringBurstMs: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
      },
      burstStillQueuedWhenLastResetArrived:
        BULK - bulk.filter((a) => a.at <= Math.max(...resetIn().map((r) => r.at))).length,
    };
    const pass =
      figures.mailsPerSecond >= 50 && figures.resetDuringBurstMs.p99 < 5000 && latencies.length === RESETS;
    console.log(
      `  ${BULK} welcomes delivered in ${figures.bulkSeconds} s: ${figures.mailsPerSecond} mails/s (target at least 50)\n` +
        `  reset e-mail asked for during the burst, ${latencies.length} of ${RESETS}: p50 ${figures.resetDuringBurstMs.p50} ms, p99 ${figures.resetDuringBurstMs.p99} ms (target p99 under 5 s); ${figures.burstStillQueuedWhenLastResetArrived} welcomes still waiting when the last reset arrived`,
    );
    return { ...figures, target: { mailsPerSecond: 50, resetP99Ms: 5000 }, pass };
  } finally {
    await boss.stop({ graceful: false }).catch(() => {});
    await db.end().catch(() => {});
    await stopChild(api);
    await peer.close();
  }
}

// Alone: the bench database of `npm run bench` (made if missing), the API built, then the mail figures.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = await openBenchDatabase();
  try {
    execFileSync(process.execPath, ['build.mjs'], { cwd: apiRoot() });
    console.log('\nmail under a burst, one API process, local SMTP peer');
    console.log(JSON.stringify(await benchMail(database.url)));
  } finally {
    await database.close();
  }
}
