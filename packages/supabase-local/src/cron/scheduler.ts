// pg_cron's scheduler (src/pg_cron.c, PgCronLauncherMain and its task state
// machine) in the stack's process: it reads cron.job, counts the runs that fall
// due each minute (and each interval for '[1-59] seconds' jobs), and runs each
// job as its user, one run of a job at a time (runs that fall due meanwhile wait
// and start one after another), recording each run in cron.job_run_details.
import type { Db } from '../db/core.ts';
import { errorMessage, resultMessage } from './return-message.ts';
import { isInterval, minuteStart, runsDue, type Schedule } from './schedule.ts';

interface JobRow {
  jobid: string;
  schedule: string;
  command: string;
  database: string;
  username: string;
  active: boolean;
  /** Whether the job's user exists and may log in (pg_cron connects as it). */
  can_login: boolean;
}

interface Task {
  job: JobRow;
  /** The parsed schedule; null for one pg_cron cannot parse (it never runs). */
  schedule: Schedule | null;
  isActive: boolean;
  lastStartTime: number;
  pendingRunCount: number;
  running: boolean;
}

/** cron.max_running_jobs' default. */
const MAX_RUNNING_TASKS = 32;
/** pg_cron never waits more than a second between looks at its jobs. */
const MAX_WAIT_MS = 1000;

const LOAD_JOBS = `select j.jobid, j.schedule, j.command, j.database, j.username, j.active,
    coalesce((select r.rolcanlogin from pg_catalog.pg_roles r where r.rolname = j.username), false) as can_login
  from cron.job j order by j.jobid`;

export class CronScheduler {
  private readonly tasks = new Map<string, Task>();
  private readonly parsed = new Map<string, Schedule | null>();
  private readonly runs = new Set<Promise<void>>();
  private lastMinute = 0;
  private rebootJobsScheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private database = '';
  private lastProblem = '';
  private ticking = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    // MarkPendingRunsAsFailed(): runs a stopped stack left behind.
    await this.db.query(
      `update cron.job_run_details set status = 'failed', return_message = 'server restarted'
        where status in ('starting', 'running')`,
    );
    this.database = (await this.db.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    // cron.job's trigger says when jobs change (pg_cron's cache invalidation); the
    // jobs are read again at least every second too.
    this.unlisten = await this.db.listen('_local_stack_cron', () => this.wake(0)).catch(() => undefined);
    this.wake(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.();
    // A run still going is left as it is, as a stopped server leaves it; the next
    // start marks it failed ('server restarted').
    await Promise.race([Promise.all(this.runs), new Promise((r) => setTimeout(r, 2000).unref())]);
  }

  private wake(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      await this.refresh();
      const now = Date.now();
      this.startAllPendingRuns(now);
      this.manageTasks();
      this.lastProblem = '';
    } catch (e) {
      // Said once, not every second (the cron schema may be gone: `drop extension pg_cron`).
      const problem = (e as Error).message;
      if (problem !== this.lastProblem) this.log(`pg_cron scheduler: ${problem}`);
      this.lastProblem = problem;
    } finally {
      this.ticking = false;
    }
    this.wake(this.nextWait(Date.now()));
  }

  /** RefreshTaskHash(): the jobs as cron.job has them now. */
  private async refresh(): Promise<void> {
    const jobs = (await this.db.query<JobRow>(LOAD_JOBS)).rows;
    const unknown = [...new Set(jobs.map((j) => j.schedule).filter((s) => !this.parsed.has(s)))];
    if (unknown.length) {
      const { rows } = await this.db.query<{ schedule: string; parsed: Schedule | null }>(
        'select s as schedule, _local_stack.cron_parse_schedule(s) as parsed from unnest($1::text[]) s',
        [unknown],
      );
      for (const r of rows) {
        this.parsed.set(r.schedule, r.parsed);
        if (!r.parsed) this.log(`invalid pg_cron schedule: ${r.schedule}`);
      }
    }
    for (const task of this.tasks.values()) task.isActive = false;
    for (const job of jobs) {
      let task = this.tasks.get(job.jobid);
      if (!task) {
        // The first interval run is counted from when the scheduler learns of the job.
        task = { job, schedule: null, isActive: true, lastStartTime: Date.now(), pendingRunCount: 0, running: false };
        this.tasks.set(job.jobid, task);
      }
      task.job = job;
      task.schedule = this.parsed.get(job.schedule) ?? null;
      task.isActive = job.active;
    }
  }

  private startAllPendingRuns(now: number): void {
    if (!this.rebootJobsScheduled) {
      for (const task of this.tasks.values()) {
        const s = task.schedule;
        if (s && !isInterval(s) && s.reboot && task.isActive) task.pendingRunCount++;
      }
      this.rebootJobsScheduled = true;
    }
    for (const task of this.tasks.values()) {
      const s = task.schedule;
      // An interval job that overruns its interval queues one run, not more.
      if (s && isInterval(s) && task.isActive && task.pendingRunCount === 0) {
        if (now - task.lastStartTime >= s.seconds * 1000) task.pendingRunCount++;
      }
    }
    // Runs due before the scheduler started are not made up for.
    if (this.lastMinute === 0) this.lastMinute = minuteStart(now);
    if (minuteStart(now) === this.lastMinute) return;
    for (const task of this.tasks.values()) {
      const s = task.schedule;
      if (!task.isActive || !s || isInterval(s)) continue;
      task.pendingRunCount += runsDue(s, this.lastMinute, now);
    }
    this.lastMinute = minuteStart(now);
  }

  /** ManageCronTask() for waiting tasks: forget removed jobs, start due runs. */
  private manageTasks(): void {
    let running = [...this.tasks.values()].filter((t) => t.running).length;
    for (const [id, task] of this.tasks) {
      if (task.running) continue;
      if (!task.isActive) {
        this.tasks.delete(id);
        continue;
      }
      if (task.pendingRunCount === 0 || running >= MAX_RUNNING_TASKS) continue;
      task.pendingRunCount--;
      task.lastStartTime = Date.now();
      task.running = true;
      running++;
      const run = this.run(task)
        .catch((e) => this.log(`cron job ${task.job.jobid}: ${(e as Error).message}`))
        .finally(() => {
          task.running = false;
          this.runs.delete(run);
          // Runs that fell due meanwhile start at once.
          if (task.pendingRunCount > 0) this.wake(0);
        });
      this.runs.add(run);
    }
  }

  private async run(task: Task): Promise<void> {
    const { job } = task;
    const { rows } = await this.db.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status)
        values ($1, $2, $3, $4, 'starting') returning runid`,
      [job.jobid, job.database, job.username, job.command],
    );
    const runId = rows[0]!.runid;
    const finish = (status: 'succeeded' | 'failed', message: string, startTime?: number) =>
      this.db.query(
        `update cron.job_run_details set status = $2, return_message = $3,
            start_time = coalesce(to_timestamp($4::float8 / 1000), start_time), end_time = clock_timestamp()
          where runid = $1`,
        [runId, status, message, startTime ?? null],
      );
    // pg_cron opens a connection to the job's database as the job's user.
    if (job.database !== this.database || !job.can_login) {
      await finish('failed', 'connection failed', task.lastStartTime);
      return;
    }
    const outcome = await this.db.runSession(job.username, job.command, async (pid) => {
      task.lastStartTime = Date.now();
      await this.db.query(
        `update cron.job_run_details set status = 'running', job_pid = $2, start_time = to_timestamp($3::float8 / 1000)
          where runid = $1`,
        [runId, pid, task.lastStartTime],
      );
    });
    if (outcome.error) {
      await finish('failed', errorMessage(outcome.error, job.command));
    } else {
      const last = outcome.results.at(-1);
      await finish('succeeded', last ? resultMessage(last) : '0 rows');
    }
  }

  /** Until the next minute starts or an interval job falls due, at most a second. */
  private nextWait(now: number): number {
    let next = minuteStart(now) + 60_000;
    for (const task of this.tasks.values()) {
      const s = task.schedule;
      if (task.running) continue;
      if (task.pendingRunCount > 0) return 10; // waits for a free slot
      if (s && isInterval(s) && task.isActive) next = Math.min(next, task.lastStartTime + s.seconds * 1000);
    }
    return Math.max(1, Math.min(MAX_WAIT_MS, next - now));
  }
}
