// A throwaway PostgreSQL 15 cluster (Debian's packages) for a stack on real PostgreSQL
// (startTestStack's postgres engine) or a tool that needs one. Root cannot run postgres,
// so it runs as the postgres user through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function findPgBin(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const v = versions.find((x) => x === '15') ?? versions[0];
  return v ? path.join(base, v, 'bin') : undefined;
}

export interface Cluster {
  url: string;
  /** The cluster's data folder (postmaster.pid names its server process). */
  dataDir: string;
  stop(): void;
}

function asPostgres(cmd: string, args: string[]): string[] {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ['runuser', '-u', 'postgres', '--', cmd, ...args] : [cmd, ...args];
}

function run(argv: string[]): void {
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

/** The longest path a Unix socket may have (sun_path's 108 bytes, less the closing NUL). */
const SOCKET_PATH_MAX = 107;

/** Whether the postgres user can reach `dir` (every folder above it must let it through). */
function reachableByPostgres(dir: string): boolean {
  const [cmd, ...args] = asPostgres('test', ['-x', dir]);
  return spawnSync(cmd!, args).status === 0;
}

/** Makes `dir` afresh, owned by the postgres user when running as root. */
function makeClusterDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  chmodSync(dir, 0o755);
}

/**
 * Starts a cluster in `wanted` (usually under the project's .local/). When the project
 * lives in a folder the postgres user cannot enter (a checkout in a private `mktemp -d`
 * folder, say), the cluster goes to a fresh folder under the system's temporary folder.
 */
export function startCluster(wanted: string, port: number): Cluster {
  const bin = findPgBin();
  if (!bin) {
    throw new Error('PostgreSQL is not installed. Install it with: apt-get install -y postgresql');
  }
  let dir = wanted;
  makeClusterDir(dir);
  if (!reachableByPostgres(dir)) {
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(path.join(os.tmpdir(), `${path.basename(wanted)}-`));
    makeClusterDir(dir);
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  // Its socket folder, where the socket's path fits the limit (a deep project folder's may not).
  let sock = path.join(dir, 'sock');
  if (Buffer.byteLength(path.join(sock, `.s.PGSQL.${port}`)) > SOCKET_PATH_MAX) {
    sock = mkdtempSync(path.join(os.tmpdir(), 'pg-sock-'));
  } else {
    mkdirSync(sock);
  }
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', sock]);
  run(asPostgres(path.join(bin, 'initdb'), ['-D', data, '--auth=trust', '--no-sync', '-U', 'postgres', '-E', 'UTF8']));
  try {
    run(
      asPostgres(path.join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-w',
        '-l',
        log,
        '-o',
        `-p ${port} -k ${sock} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
        'start',
      ]),
    );
  } catch (e) {
    // Why the server stopped is in its log ("could not bind …: Address already in use", say).
    const why = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    rmSync(sock, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(e as Error).message}\n${why}`, { cause: e });
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    stop() {
      spawnSync(
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])[0]!,
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']).slice(1),
      );
      rmSync(sock, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
