// A throwaway PostgreSQL 15 cluster (Debian's packages) for running the stack
// suites against real PostgreSQL. Root cannot run postgres, so it runs as the
// postgres user through runuser.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, chmodSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function findPgBin(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  const v = versions.find((x) => x === '15') ?? versions[0];
  return v ? path.join(base, v, 'bin') : undefined;
}

export interface Cluster {
  url: string;
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

export function startCluster(dir: string, port: number): Cluster {
  const bin = findPgBin();
  if (!bin) {
    throw new Error('PostgreSQL is not installed. Install it with: apt-get install -y postgresql');
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const data = path.join(dir, 'data');
  const sock = path.join(dir, 'sock');
  mkdirSync(sock);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  chmodSync(dir, 0o755);
  run(asPostgres(path.join(bin, 'initdb'), ['-D', data, '--auth=trust', '--no-sync', '-U', 'postgres', '-E', 'UTF8']));
  run(
    asPostgres(path.join(bin, 'pg_ctl'), [
      '-D', data, '-w', '-l', path.join(dir, 'log'),
      '-o', `-p ${port} -k ${sock} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]),
  );
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      spawnSync(asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])[0]!, asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']).slice(1));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
