// pg_net's background worker (supabase/pg_net src/worker.c, core.c) in the
// stack's process. Woken by net.wake()'s NOTIFY, which arrives only once the
// transaction that queued a request commits (a rolled back request is never
// seen), and by a poll: it deletes responses older than pg_net.ttl, takes up to
// pg_net.batch_size requests off net.http_request_queue (deleting them), sends
// them and stores each response in net._http_response, until the queue is empty.
import type { Db } from '../db/core.ts';
import { WakeLoop } from '../db/wake-loop.ts';
import { sendRequest, type NetResponse } from './http.ts';

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  timeout_milliseconds: number;
  headers: (string | null)[];
  body: Buffer | Uint8Array | null;
}

/** pg_net.ttl and pg_net.batch_size, with pg_net's defaults. */
const SETTINGS = `select coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours') as ttl,
  coalesce(nullif(current_setting('pg_net.batch_size', true), ''), '200')::int as batch_size`;

const DELETE_EXPIRED = `with rows as (
    select ctid from net._http_response where created < now() - $1::interval order by created limit $2
  )
  delete from net._http_response r using rows where r.ctid = rows.ctid`;

const CONSUME = `with rows as (
    select id from net.http_request_queue order by id limit $1
  )
  delete from net.http_request_queue q using rows where q.id = rows.id
  returning q.id, q.method, q.url, q.timeout_milliseconds,
    array(select key || ': ' || value from jsonb_each_text(q.headers)) as headers, q.body`;

const INSERT_RESPONSE = `insert into net._http_response (id, status_code, content, headers, content_type, timed_out, error_msg)
  values ($1, $2, $3, $4, $5, $6, $7)`;

export class NetWorker {
  private readonly loop: WakeLoop;
  private lastProblem = '';

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = () => {},
    pollMs = 1000,
  ) {
    this.loop = new WakeLoop(db, '_local_stack_net', () => this.drain(), pollMs);
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async drain(): Promise<void> {
    try {
      const { ttl, batch_size } = (await this.db.query<{ ttl: string; batch_size: number }>(SETTINGS)).rows[0]!;
      await this.db.query(DELETE_EXPIRED, [ttl, batch_size]);
      while (!this.loop.isStopped) {
        const requests = (await this.db.query<QueuedRequest>(CONSUME, [batch_size])).rows;
        if (requests.length === 0) break;
        await Promise.all(requests.map((r) => this.send(r)));
      }
      this.lastProblem = '';
    } catch (e) {
      // Said once, not at every poll (the net schema may be gone: `drop extension pg_net`).
      const problem = (e as Error).message;
      if (problem !== this.lastProblem) this.log(`pg_net worker: ${problem}`);
      this.lastProblem = problem;
    }
  }

  private async send(r: QueuedRequest): Promise<void> {
    const response: NetResponse = await sendRequest({
      method: r.method,
      url: r.url,
      headers: r.headers.filter((h): h is string => h !== null),
      body: r.body === null ? null : Buffer.from(r.body),
      timeoutMs: r.timeout_milliseconds,
    });
    await this.db.query(INSERT_RESPONSE, [
      r.id,
      response.status_code,
      response.content,
      response.headers === null ? null : JSON.stringify(response.headers),
      response.content_type,
      response.timed_out,
      response.error_msg,
    ]);
  }
}
