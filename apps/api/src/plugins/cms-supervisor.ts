import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface SupervisorOptions {
  /** The script run with this Node (apps/cms/server.js); it sends { type: 'ready' } over IPC once listening. */
  script: string;
  cwd: string;
  /** Folder of the pid file (strapi.pid) and of the `hold` file. */
  runDir: string;
  /** Work done before every start (secrets, database); its answer is the child's environment. */
  prepare: () => Promise<Record<string, string>>;
  log: { info: (msg: string) => void; warn: (msg: string) => void };
}

const MIN_BACKOFF = 1000;
const MAX_BACKOFF = 30_000;
const STOP_GRACE_MS = 10_000;

/** SIGTERM (Strapi closes its server and database pool), SIGKILL when it has not ended in time. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs the content service as a child process and keeps it running: restarted with a growing delay when it
 * dies, stopped with the API. While DATA_DIR/cms/hold exists it is not (re)started: tests stop it that way.
 */
export class CmsSupervisor {
  private child: ChildProcess | null = null;
  private stopping = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private upListeners = new Set<(up: boolean) => void>();
  up = false;
  restarts = 0;

  constructor(private readonly opts: SupervisorOptions) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get pidFile(): string {
    return path.join(this.opts.runDir, 'strapi.pid');
  }

  get holdFile(): string {
    return path.join(this.opts.runDir, 'hold');
  }

  /** Starts the loop in the background; never throws. */
  /** This process runs the service (it was started here). */
  get started(): boolean {
    return this.running !== null;
  }

  start(): void {
    this.running ??= this.loop().catch((err) => this.opts.log.warn(`supervisor stopped: ${String(err)}`));
  }

  /** Resolves true once the service answers, false when it is not up within the time. */
  waitUntilUp(timeoutMs: number): Promise<boolean> {
    if (this.up) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (up: boolean) => {
        if (!up) return;
        clearTimeout(timer);
        this.upListeners.delete(done);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.upListeners.delete(done);
        resolve(false);
      }, timeoutMs);
      this.upListeners.add(done);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    if (this.child) await terminate(this.child);
    await this.running;
  }

  private setUp(up: boolean) {
    this.up = up;
    for (const listener of [...this.upListeners]) listener(up);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop(): Promise<void> {
    let backoff = MIN_BACKOFF;
    while (!this.stopping) {
      if (existsSync(this.holdFile)) {
        await this.sleep(500);
        continue;
      }
      const startedAt = Date.now();
      let outcome: string;
      try {
        outcome = await this.runOnce(await this.opts.prepare());
      } catch (err) {
        outcome = `could not start: ${(err as Error).message}`;
      }
      if (this.stopping) break;
      if (Date.now() - startedAt > 60_000) backoff = MIN_BACKOFF;
      this.restarts++;
      this.opts.log.warn(`content service ${outcome}; starting it again in ${backoff / 1000} s`);
      await this.sleep(backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF);
    }
  }

  /** One life of the child: resolves with how it ended. */
  private async runOnce(env: Record<string, string>): Promise<string> {
    const started = Date.now();
    const child = spawn(process.execPath, [this.opts.script], {
      cwd: this.opts.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Its own process group: a Ctrl-C in the terminal reaches the API, which stops it in order.
      detached: true,
    });
    this.child = child;
    // stop() came while this start was being prepared.
    if (this.stopping) void terminate(child);
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ? `was stopped (${signal})` : `exited (${code})`)),
    );
    child.once('error', (err) => this.opts.log.warn(`content service: ${err.message}`));
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => line && this.opts.log.info(line));
    }
    child.on('message', (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      this.opts.log.info(`content service ready (pid ${child.pid}, ${Date.now() - started} ms)`);
      this.setUp(true);
    });
    await fs.mkdir(this.opts.runDir, { recursive: true });
    if (child.pid) await fs.writeFile(this.pidFile, `${child.pid}\n`);
    const outcome = await exited;
    this.setUp(false);
    this.child = null;
    await fs.rm(this.pidFile, { force: true });
    return outcome;
  }
}
