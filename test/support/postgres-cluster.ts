import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './launched-command';

/**
 * A throwaway PostgreSQL cluster for tests: `initdb` and `pg_ctl` from Debian's `postgresql` package, on a free
 * loopback port, in a temporary directory removed when it stops. initdb refuses to run as root
 * (https://www.postgresql.org/docs/15/app-initdb.html), so as root the cluster runs as the package's `postgres` user.
 */
export interface PostgresCluster {
  /** The URL of one database on the cluster. */
  url(database: string): string;
  /** Stops the server, keeping its data (the database going down under a running platform)… */
  down(): void;
  /** …and starts it again on the same port. */
  up(): void;
  stop(): void;
}

/** The package's programs: on PATH, or in Debian's versioned directory (not on PATH there). */
function postgresBin(program: string): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, program))) return join(dir, program);
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const path = join('/usr/lib/postgresql', version, 'bin', program);
    if (existsSync(path)) return path;
  }
  throw new Error(`${program} was not found: install Debian's postgresql package (apt-get install postgresql); .ci/run does`);
}

const SUPERUSER = 'report_sync';

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const root = mkdtempSync(join(tmpdir(), 'report-sync-pg-'));
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()) : undefined;
  if (owner !== undefined) {
    chownSync(root, owner, -1);
    chmodSync(root, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', postgresBin(program), ...args]] : [postgresBin(program), args];
    execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  };
  const data = join(root, 'data');
  const port = await freePort();
  // fsync off: a test cluster is thrown away, so durability only costs time. Unix sockets in the cluster's own dir.
  const start = () => run('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-w', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`, 'start']);
  try {
    run('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`The test PostgreSQL cluster did not start: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  return {
    url: (database) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    down: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    up: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database on the cluster at `adminUrl` (any database of it); answers its URL and how to drop it. */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `platform_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => onAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

async function onAdmin(adminUrl: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
