// pg_cron, pg_net and Supabase Vault as a hosted project has them, seen from SQL
// (a migration, the SQL editor) and from supabase-js through functions that use
// them (the fixture project's migration 20250101000300_cron_net_vault_fixtures.sql).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, asUser, connectDb, service, SERVICE_ROLE_KEY, STACK_URL } from 'supabase-local/testing/vitest';
import { ownFixtureStack } from './support/own-stack.ts';

let db: pg.Client;

beforeAll(async () => {
  db = await connectDb();
});

afterAll(async () => {
  await db.query(`select cron.unschedule(jobid) from cron.job where jobname like 'test-%'`);
  await db.end();
});

/** Polls `probe` until it gives a value (or the time is up). */
async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The error a statement fails with. */
async function failure(sql: string, params?: unknown[]): Promise<pg.DatabaseError> {
  try {
    await db.query(sql, params);
  } catch (e) {
    return e as pg.DatabaseError;
  }
  throw new Error(`expected ${sql} to fail`);
}

interface Run {
  runid: string;
  job_pid: number | null;
  database: string;
  username: string;
  command: string;
  status: string;
  return_message: string | null;
  start_time: Date | null;
  end_time: Date | null;
}

async function runsOf(jobid: string, status: string, atLeast: number): Promise<Run[]> {
  return eventually(async () => {
    const { rows } = await db.query<Run>(
      `select runid, job_pid, database, username, command, status, return_message,
          start_time, end_time
        from cron.job_run_details where jobid = $1 and status = $2 order by runid`,
      [jobid, status],
    );
    return rows.length >= atLeast ? rows : undefined;
  });
}

describe('enabling the extensions', () => {
  it("answers a migration's create extension statements as already done, and lists them as installed", async () => {
    const notices: string[] = [];
    const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
    db.on('notice', onNotice);
    try {
      await db.query('create extension if not exists pg_cron with schema pg_catalog');
      await db.query('create extension if not exists pg_net with schema extensions');
      await db.query('create extension if not exists supabase_vault with schema vault');
    } finally {
      db.off('notice', onNotice);
    }
    expect(notices).toEqual([
      'extension "pg_cron" already exists, skipping',
      'extension "pg_net" already exists, skipping',
      'extension "supabase_vault" already exists, skipping',
    ]);
    const { rows } = await db.query(
      `select extname, extversion from pg_extension
        where extname in ('pg_cron', 'pg_net', 'supabase_vault') order by extname`,
    );
    expect(rows).toEqual([
      { extname: 'pg_cron', extversion: '1.6' },
      { extname: 'pg_net', extversion: '0.20.4' },
      { extname: 'supabase_vault', extversion: '0.3.1' },
    ]);
  });
});

describe('pg_cron', () => {
  it('runs a job every second as its user, recording each run in cron.job_run_details', async () => {
    const { rows } = await db.query<{ jobid: string }>(
      `select cron.schedule('test-tick', '1 seconds', $$insert into public.cron_fixture_ticks (job) values ('tick')$$) as jobid`,
    );
    const jobid = rows[0]!.jobid;
    const runs = await runsOf(jobid, 'succeeded', 2);
    for (const run of runs) {
      expect(run).toMatchObject({
        database: 'postgres',
        username: 'postgres',
        command: `insert into public.cron_fixture_ticks (job) values ('tick')`,
        return_message: 'INSERT 0 1',
      });
      expect(run.job_pid).toBeGreaterThan(0);
      expect(run.end_time!.getTime()).toBeGreaterThanOrEqual(run.start_time!.getTime());
    }
    const ticks = await db.query<{ n: number }>(`select count(*)::int as n from public.cron_fixture_ticks where job = 'tick'`);
    expect(ticks.rows[0]!.n).toBeGreaterThanOrEqual(2);

    expect((await db.query(`select cron.unschedule('test-tick') as done`)).rows).toEqual([{ done: true }]);
    // A run under way when it was unscheduled may still finish; none starts after.
    await new Promise((r) => setTimeout(r, 1500));
    const settled = await db.query(`select count(*) from cron.job_run_details where jobid = $1`, [jobid]);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await db.query(`select count(*) from cron.job_run_details where jobid = $1`, [jobid])).rows).toEqual(
      settled.rows,
    );
  });

  it('never runs a job twice at once: a run that outlasts the interval delays the next', async () => {
    const { rows } = await db.query<{ jobid: string }>(
      `select cron.schedule('test-slow', '1 seconds', 'select pg_sleep(1.5)') as jobid`,
    );
    const runs = await runsOf(rows[0]!.jobid, 'succeeded', 2);
    await db.query(`select cron.unschedule('test-slow')`);
    expect(runs.map((r) => r.return_message)).toEqual(runs.map(() => '1 row'));
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.start_time!.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.end_time!.getTime());
    }
  });

  it('records a failing job as failed, with the error as libpq reports it', async () => {
    const { rows } = await db.query<{ jobid: string }>(
      `select cron.schedule('test-fail', '1 seconds', 'select * from cron_fixture_missing') as jobid`,
    );
    const [run] = await runsOf(rows[0]!.jobid, 'failed', 1);
    expect((await db.query(`select cron.unschedule($1::bigint) as done`, [rows[0]!.jobid])).rows).toEqual([
      { done: true },
    ]);
    expect(run!.return_message).toBe(
      'ERROR:  relation "cron_fixture_missing" does not exist\n' +
        'LINE 1: select * from cron_fixture_missing\n' +
        '                      ^\n',
    );
    expect(run!.end_time).not.toBeNull();
  });

  it('updates a job scheduled again under its name, and unschedules by name or id with pg_cron errors for unknown jobs', async () => {
    const first = await db.query<{ jobid: string }>(`select cron.schedule('test-nightly', '0 3 * * *', 'select 1') as jobid`);
    const again = await db.query<{ jobid: string }>(`select cron.schedule('test-nightly', '30 3 * * *', 'select 2') as jobid`);
    expect(again.rows[0]!.jobid).toBe(first.rows[0]!.jobid);
    const jobid = first.rows[0]!.jobid;
    expect((await db.query(`select schedule, command, active from cron.job where jobid = $1`, [jobid])).rows).toEqual([
      { schedule: '30 3 * * *', command: 'select 2', active: true },
    ]);

    await db.query(`select cron.alter_job($1, active := false)`, [jobid]);
    expect((await db.query(`select active from cron.job where jobid = $1`, [jobid])).rows).toEqual([{ active: false }]);

    expect((await db.query(`select cron.unschedule($1::bigint) as done`, [jobid])).rows).toEqual([{ done: true }]);
    const byId = await failure(`select cron.unschedule($1::bigint)`, [jobid]);
    expect(byId.message).toBe(`could not find valid entry for job ${jobid}`);
    const byName = await failure(`select cron.unschedule('test-never-scheduled')`);
    expect(byName.message).toBe(`could not find valid entry for job 'test-never-scheduled'`);
    const altered = await failure(`select cron.alter_job($1, schedule := '* * * * *')`, [jobid]);
    expect(altered.message).toBe(`Job ${jobid} does not exist or you don't own it`);
  });

  it("refuses a schedule pg_cron cannot read, with pg_cron's message", async () => {
    for (const schedule of ['61 * * * *', '60 seconds', '* * * *', 'every minute']) {
      const e = await failure(`select cron.schedule('test-bad', $1, 'select 1')`, [schedule]);
      expect(e.code).toBe('22023');
      expect(e.message).toBe(`invalid schedule: ${schedule}`);
      expect(e.hint).toBe("Use cron format (e.g. 5 4 * * *), or interval format '[1-59] seconds'");
    }
    expect((await db.query(`select count(*)::int as n from cron.job where jobname = 'test-bad'`)).rows).toEqual([{ n: 0 }]);
  });

  it('is for the database owner only: the API roles cannot use the cron schema', async () => {
    for (const caller of [service(), anon()]) {
      const { error } = await caller.rpc('fixture_cron_jobs');
      expect(error).toMatchObject({ code: '42501', message: 'permission denied for schema cron' });
    }
  });
});

describe('pg_net', () => {
  interface Received {
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    body: string;
    at: number;
  }
  const received: Received[] = [];
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push({ method: req.method!, path: req.url!, headers: req.headers, body, at: Date.now() });
        if (req.url === '/slow') {
          setTimeout(() => res.end('too late'), 2000);
          return;
        }
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Reply': 'yes' });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const arrival = (path: string) => eventually(async () => received.find((r) => r.path === path));

  interface Response {
    status_code: number | null;
    content_type: string | null;
    headers: Record<string, string> | null;
    content: string | null;
    timed_out: boolean | null;
    error_msg: string | null;
  }
  const responseTo = (id: string) =>
    eventually(async () => {
      const { rows } = await db.query<Response>(
        `select status_code, content_type, headers, content, timed_out, error_msg from net._http_response where id = $1`,
        [id],
      );
      return rows[0];
    });

  it('sends a POST once the transaction that queued it commits, and stores the response', async () => {
    const called = Date.now();
    const { data: id, error } = await service().rpc('fixture_net_post', {
      url: `${base}/hook`,
      payload: { hello: 'world', n: 1 },
      pause_seconds: 1.5,
    });
    expect(error).toBeNull();
    const request = await arrival('/hook');
    // The transaction held the request 1.5 s before it committed.
    expect(request.at - called).toBeGreaterThanOrEqual(1500);
    expect(request.method).toBe('POST');
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'x-fixture': 'pg_net test',
      'user-agent': 'pg_net/0.20.4',
    });
    expect(JSON.parse(request.body)).toEqual({ hello: 'world', n: 1 });

    const response = await responseTo(String(id));
    expect(response).toMatchObject({
      status_code: 201,
      content_type: 'application/json',
      content: '{"received":true}',
      timed_out: false,
      error_msg: null,
    });
    expect(response.headers).toMatchObject({ 'X-Reply': 'yes', 'Content-Type': 'application/json' });
    expect((await db.query(`select count(*)::int as n from net.http_request_queue where id = $1`, [id])).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const { error } = await service().rpc('fixture_net_post', { url: `${base}/rolled-back`, payload: {}, fail: true });
    expect(error).toMatchObject({ message: 'rolled back on purpose' });
    // A request queued after it arrives; the rolled back one never does.
    const { error: laterError } = await service().rpc('fixture_net_post', { url: `${base}/after-rollback`, payload: {} });
    expect(laterError).toBeNull();
    await arrival('/after-rollback');
    expect(received.filter((r) => r.path === '/rolled-back')).toEqual([]);
  });

  it('records a request past its timeout as timed out, with where the time went', async () => {
    const { rows } = await db.query<{ id: string }>(
      `select net.http_get($1, timeout_milliseconds := 300) as id`,
      [`${base}/slow`],
    );
    const response = await responseTo(rows[0]!.id);
    expect(response).toMatchObject({ status_code: null, content: null, headers: null, timed_out: true });
    expect(response.error_msg).toMatch(
      /^Timeout of 300 ms reached\. Total time: \d+\.\d{6} ms \(DNS time: \d+\.\d{6} ms, TCP\/SSL handshake time: \d+\.\d{6} ms, HTTP Request\/Response time: \d+\.\d{6} ms\)$/,
    );
  });

  it("records curl's error when the server cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { rows } = await db.query<{ id: string }>(`select net.http_get($1) as id`, [`http://127.0.0.1:${port}/`]);
    expect(await responseTo(rows[0]!.id)).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: 'Could not connect to server',
    });
  });

  it('refuses a POST whose Content-Type is not JSON, and a URL without a scheme', async () => {
    const type = await failure(
      `select net.http_post($1, '{}'::jsonb, headers := '{"Content-Type": "text/plain"}'::jsonb)`,
      [`${base}/text`],
    );
    expect(type.message).toBe('Content-Type header must be "application/json"');
    const url = await failure(`select net.http_get('/relative')`);
    expect(url.message).toBe('invalid URL "/relative": Bad scheme');
  });
});

describe('Vault', () => {
  it('keeps secrets encrypted and decrypts them for postgres and service_role only', async () => {
    const name = `test_secret_${randomUUID().slice(0, 8)}`;
    const { rows } = await db.query<{ id: string }>(`select vault.create_secret('s3cret-value', $1, 'a test') as id`, [
      name,
    ]);
    const id = rows[0]!.id;
    try {
      const stored = await db.query<{ secret: string; decrypted_secret: string; description: string }>(
        `select s.secret, d.decrypted_secret, d.description
          from vault.secrets s join vault.decrypted_secrets d using (id) where s.id = $1`,
        [id],
      );
      expect(stored.rows[0]!.decrypted_secret).toBe('s3cret-value');
      expect(stored.rows[0]!.description).toBe('a test');
      expect(stored.rows[0]!.secret).not.toContain('s3cret');
      expect(Buffer.from(stored.rows[0]!.secret, 'base64').toString('utf8')).not.toContain('s3cret');

      expect(await service().rpc('fixture_vault_secret', { secret_name: name })).toMatchObject({
        data: 's3cret-value',
        error: null,
      });
      for (const caller of [await asUser(randomUUID()), anon()]) {
        const { data, error } = await caller.rpc('fixture_vault_secret', { secret_name: name });
        expect(data).toBeNull();
        expect(error).toMatchObject({ code: '42501', message: 'permission denied for schema vault' });
      }

      await db.query(`select vault.update_secret($1, 'rotated-value')`, [id]);
      expect(await service().rpc('fixture_vault_secret', { secret_name: name })).toMatchObject({
        data: 'rotated-value',
      });
    } finally {
      await db.query(`delete from vault.secrets where id = $1`, [id]);
    }
  });
});

describe('Scheduling Edge Functions', () => {
  it("a job calls an edge function with the project's URL and a key it reads from Vault", { timeout: 90_000 }, async () => {
    // The test stack points project_url at itself ([db.vault] in the fixture's config.toml, tests/support/fixture-project.ts).
    const url = await db.query(`select decrypted_secret from vault.decrypted_secrets where name = 'project_url'`);
    expect(url.rows).toEqual([{ decrypted_secret: STACK_URL }]);

    const key = await db.query<{ id: string }>(`select vault.create_secret($1, 'test_service_key') as id`, [
      SERVICE_ROLE_KEY,
    ]);
    const since = (await db.query<{ now: Date }>('select now()')).rows[0]!.now;
    try {
      await db.query(`select cron.schedule('test-edge', '1 seconds', $$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/echo',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'test_service_key')
          ),
          body := jsonb_build_object('job', 'test-edge')
        ) as request_id
      $$)`);
      const response = await eventually(async () => {
        const { rows } = await db.query<{ status_code: number; content: string }>(
          `select status_code, content from net._http_response
            where created >= $1 and content like '%test-edge%' order by id limit 1`,
          [since],
        );
        return rows[0];
      }, 80_000);
      expect(response.status_code).toBe(200);
      expect(JSON.parse(response.content)).toMatchObject({
        method: 'POST',
        authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        contentType: 'application/json',
        body: { job: 'test-edge' },
      });
    } finally {
      await db.query(`select cron.unschedule('test-edge')`);
      await db.query(`delete from vault.secrets where id = $1`, [key.rows[0]!.id]);
    }
  });
});

describe('across a restart', () => {
  const stack = ownFixtureStack(24, 'cron-restart');

  it('keeps its jobs, and marks the runs a stopped stack left unfinished as failed', { timeout: 120_000 }, async () => {
    const connect = async () => {
      const c = new pg.Client({ connectionString: stack.dbUrl });
      await c.connect();
      return c;
    };
    let c = await connect();
    const job = await c.query<{ jobid: string }>(
      `select cron.schedule('test-survivor', '1 seconds', $$insert into public.cron_fixture_ticks (job) values ('survivor')$$) as jobid`,
    );
    const jobid = job.rows[0]!.jobid;
    // A run under way when the stack stopped, as a crash leaves it.
    const left = await c.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
        values ($1, 'postgres', 'postgres', 'select 1', 'running', now()) returning runid`,
      [jobid],
    );
    await c.end();
    await stack.halt();
    await stack.resume();
    c = await connect();
    try {
      const marked = await c.query(`select status, return_message from cron.job_run_details where runid = $1`, [
        left.rows[0]!.runid,
      ]);
      expect(marked.rows).toEqual([{ status: 'failed', return_message: 'server restarted' }]);
      const ran = await eventually(async () => {
        const { rows } = await c.query(
          `select status, return_message from cron.job_run_details where jobid = $1 and runid > $2 and status = 'succeeded'`,
          [jobid, left.rows[0]!.runid],
        );
        return rows[0];
      });
      expect(ran).toEqual({ status: 'succeeded', return_message: 'INSERT 0 1' });
    } finally {
      await c.end();
    }
  });
});
