import { PgBoss, fromDrizzle, fromPglite, type JobInsert, type QueuePolicy, type ScheduleOptions, type SendOptions, type UpdateOptions } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import type { Logger } from '../lib/runtime/logger';
import { namedExecutorOf, waitForRequestLull, type RequestLoad } from '../platform';

export type { PgBoss };

/**
 * A job's queue as its senders see it: its name and the zod payload checked when sent. The name is
 * persisted (pg-boss's queue, its schedule, every job waiting in it): it never changes once released
 * (decision 086). New names read `<folder>.<what-it-does>` in kebab case.
 */
export type JobQueue<TPayload> = { name: string; payload: z.ZodType<TPayload> };

/**
 * A queue declared beside its senders, for the few whose `*.jobs.ts` file (the handler) would close an
 * import circle with them (email/quota.ts, core/webhook-events.ts): the `*.jobs.ts` file then defines the
 * job from it, `defineJob({ ...queue, handle })`.
 */
export function defineJobQueue<TPayload>(queue: JobQueue<TPayload>): JobQueue<TPayload> {
  return queue;
}

/**
 * A background job: a queue name, a zod payload checked when sent and when worked, and a handler.
 * Jobs are defined only in `*.jobs.ts` files (a feature's `<domain>.jobs.ts`, `email/*.jobs.ts`,
 * `jobs/housekeeping.jobs.ts`), as camelCase `<what>Job` constants, listed in the file's `<DOMAIN>_JOBS`;
 * `jobs/registry.ts` lists every file's, `startJobQueue` registers the workers (decision 086).
 */
export type JobDefinition<TPayload, TDeps> = {
  name: string;
  payload: z.ZodType<TPayload>;
  // Method syntax on purpose: a job of any payload fits in the list of all jobs.
  handle(payload: TPayload, deps: TDeps): Promise<void>;
  retryLimit?: number;
  /** A cron expression (UTC) for jobs the queue sends itself; pg-boss sends each tick once across instances. */
  schedule?: string;
  /** The schedule's time zone (the cron is then read in it) and what to do with ticks missed while no instance ran. */
  scheduleOptions?: Pick<ScheduleOptions, 'tz' | 'missed'>;
  /** Queue settings beyond the defaults: a policy (e.g. `short`: one waiting job per singletonKey), retention of waiting jobs. */
  queue?: { policy?: QueuePolicy; retentionSeconds?: number };
  /**
   * How this queue's jobs are worked, when not as the others (a batch of JOB_BATCH_SIZE, JOB_CONCURRENCY at once):
   * `lanes` workers each fetching `batchSize` jobs (a slow job then holds up its lane only), and at most
   * `groupConcurrency` active jobs of one group (the job's `group.id`) in this process (pg-boss's local group
   * tracking): whatever the number of instances, each keeps lanes free for the other groups. Webhook
   * deliveries use it: one organisation's slow endpoints never take every lane.
   */
  worker?: { lanes: number; batchSize: number; groupConcurrency?: number };
};

export function defineJob<TPayload, TDeps>(job: JobDefinition<TPayload, TDeps>): JobDefinition<TPayload, TDeps> {
  return job;
}

/**
 * A job whose process died (kill -9, crash) is active until it expires; the supervisor then retries
 * it. 30 s + a 15 s supervision tick: picked up again within a minute. Mail sends take seconds.
 */
export const JOB_EXPIRE_SECONDS = 30;
const SUPERVISE_INTERVAL_SECONDS = 15;
/** How often a worker looks for due jobs: queues do not NOTIFY (decision 048), so this is an email's latency at most. */
export const JOB_POLLING_SECONDS = 1;
/** Jobs fetched per poll, and how many of them run at once (an SMTP server takes a few connections). */
export const JOB_BATCH_SIZE = 20;
export const JOB_CONCURRENCY = 5;

/**
 * The job queue on the app's database. `listen`: LISTEN/NOTIFY wakes this process's workers as soon as
 * a job is queued (polling stays as a floor). Only where workers run: in a web-only instance or a script
 * the listening connection would be woken by every queued job for nothing (on PostgreSQL, one more
 * backend woken and one more message parsed per submission).
 */
/** The job queue's own PostgreSQL pool, per instance (beside the app's POOL_SIZE; plus one LISTEN connection where workers run). */
export const JOB_QUEUE_POOL_SIZE = 4;

export function createJobQueue(database: Database, { listen = true }: { listen?: boolean } = {}): PgBoss {
  const common = { useListenNotify: listen, superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS } as const;
  if (database.kind === 'pglite') {
    return new PgBoss({ db: fromPglite(database.jobQueueClient), backend: 'pglite', ...common });
  }
  const { connectionString } = database.pool.options;
  return new PgBoss({ connectionString, max: JOB_QUEUE_POOL_SIZE, ...common });
}

/** Runs `task` over `items` with at most `limit` running at once, keeping the order of results. */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Creates each queue (or brings one made by an older version up to date), its schedule and the index
 * for moving pending jobs by key. Must run before the first transactional send, workers or not.
 */
export async function prepareJobQueues<TDeps>(boss: PgBoss, jobs: ReadonlyArray<JobDefinition<unknown, TDeps>>, logger: Logger): Promise<void> {
  for (const job of jobs) {
    const queueOptions = {
      retryLimit: job.retryLimit ?? 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: JOB_EXPIRE_SECONDS,
      // No NOTIFY on insert (decision 048): PostgreSQL serialises the commits of every transaction that
      // notifies behind one database-wide lock, which a submission queueing its email then waited on.
      // Workers poll instead (JOB_POLLING_SECONDS).
      notify: false,
      ...(job.queue?.retentionSeconds ? { retentionSeconds: job.queue.retentionSeconds } : {}),
    };
    await boss.createQueue(job.name, { ...queueOptions, ...(job.queue?.policy ? { policy: job.queue.policy } : {}) });
    // createQueue keeps an existing queue's options: bring queues made by an older version up to date.
    await boss.updateQueue(job.name, queueOptions);
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, job.scheduleOptions ?? {});
  }
  const movedByKey = jobs.filter((job) => job.queue?.policy === 'short').map((job) => job.name);
  if (movedByKey.length > 0) await ensurePendingKeyIndex(boss, movedByKey, logger);
}

/**
 * Prepares the queues (prepareJobQueues) and starts a worker on each. `yieldTo`: the process's live
 * requests; while they saturate it, a fetched batch waits, until `yieldSeconds` (JOB_YIELD_SECONDS) after
 * its oldest job was due at the latest: during a rush shorter than that the jobs run after it, and
 * under a longer one they run late by that much but keep pace (decision 023).
 */
export async function startJobWorkers<TDeps>(
  boss: PgBoss,
  jobs: ReadonlyArray<JobDefinition<unknown, TDeps>>,
  deps: TDeps,
  logger: Logger,
  options: { pollingIntervalSeconds?: number; yieldTo?: Pick<RequestLoad, 'startSampling' | 'isSaturated'>; yieldSeconds?: number } = {},
): Promise<void> {
  await prepareJobQueues(boss, jobs, logger);
  const yieldTo = options.yieldSeconds ? options.yieldTo : undefined;
  const yieldMs = (options.yieldSeconds ?? 0) * 1000;
  yieldTo?.startSampling();
  for (const job of jobs) {
    const workerId = await boss.work(
      job.name,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? JOB_POLLING_SECONDS,
        batchSize: job.worker?.batchSize ?? JOB_BATCH_SIZE,
        ...(job.worker ? { localConcurrency: job.worker.lanes } : {}),
        // Counted by this process (exact: a lane that fetched one too many gives it back at once). pg-boss's
        // database count (`groupConcurrency`) spans instances but two lanes fetching at the same moment may
        // each see room for one more (measured: 3 of a limit of 2), and the two cannot be combined.
        ...(job.worker?.groupConcurrency ? { localGroupConcurrency: job.worker.groupConcurrency } : {}),
        // A full batch means a backlog: fetch again at once instead of waiting for the next poll.
        burstWhenBatchFull: true,
        perJobResults: true,
        // For each job's due time (startAfter), which bounds how long it gives way to requests.
        includeMetadata: true,
      },
      // Each job of the batch succeeds or fails on its own (a failed one is retried alone).
      async (batch) => {
        if (yieldTo) await waitForRequestLull(yieldTo, Math.min(...batch.map((queued) => queued.startAfter.getTime())) + yieldMs);
        return mapWithConcurrency(batch, JOB_CONCURRENCY, async (queued) => {
          try {
            await job.handle(job.payload.parse(queued.data), deps);
            return { id: queued.id, status: 'completed' as const };
          } catch (error) {
            logger.error({ err: error, job: job.name, jobId: queued.id }, 'job failed');
            return { id: queued.id, status: 'failed' as const, output: { message: error instanceof Error ? error.message : String(error) } };
          }
        });
      },
    );
    localWorkersOf(boss).set(job.name, workerId);
  }
}

/** This process's worker of each queue, by queue name (startJobWorkers), for wakeLocalWorker. */
const localWorkers = new WeakMap<PgBoss, Map<string, string>>();
const localWorkersOf = (boss: PgBoss) => {
  let workers = localWorkers.get(boss);
  if (!workers) localWorkers.set(boss, (workers = new Map()));
  return workers;
};

/**
 * Starts this process's worker of `queue` on jobs just committed, instead of at its next poll (up to
 * JOB_POLLING_SECONDS later): for jobs a person or a backlog waits on, queued outside a transaction or
 * after its commit (decision 071). A no-op where this process runs no worker (a web-only instance: the
 * worker instances poll). Not for a submission's own emails, which wait for the rush to pass (decision 023).
 */
export function wakeLocalWorker(boss: PgBoss, queue: string): void {
  const workerId = localWorkers.get(boss)?.get(queue);
  if (workerId) boss.notifyWorker(workerId);
}

/** The index ensurePendingKeyIndex creates on the table of each queue whose pending jobs are moved by key. */
export const PENDING_KEY_INDEX = 'refeed_pending_singleton_key';

/**
 * pg-boss moves a queue's pending job by its singletonKey (`upsert`: the customer's one "we miss you"
 * email, moved at each visit) with a query on (name, singleton_key) among pending jobs that none of
 * its own indexes serves: it read every pending job of the queue, one per customer with an email
 * (measured on PostgreSQL: 20 ms per move among 100,000, 3.9 ms with this index, its commit included).
 * Created once, concurrently (writes go on meanwhile), on the table holding those queues' jobs; an
 * index left invalid by an interrupted build is made again. Another instance building it at the same
 * moment is not an error: one of them wins.
 */
async function ensurePendingKeyIndex(boss: PgBoss, queues: readonly string[], logger: Logger): Promise<void> {
  const db = boss.getDb();
  const { rows } = (await db.executeSql('select distinct table_name from pgboss.queue where name = any($1::text[])', [queues])) as { rows: Array<{ table_name: string }> };
  for (const { table_name: table } of rows) {
    if (!/^\w+$/.test(table)) continue;
    const name = `${PENDING_KEY_INDEX}_${table}`.slice(0, 63);
    try {
      const { rows: existing } = (await db.executeSql(
        `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss' and c.relname = $1`,
        [name],
      )) as { rows: Array<{ valid: boolean }> };
      if (existing[0]?.valid) continue;
      if (existing[0]) await db.executeSql(`drop index concurrently if exists pgboss.${name}`);
      await db.executeSql(
        `create index concurrently if not exists ${name} on pgboss.${table} (name, singleton_key, created_on) where state < 'active' and singleton_key is not null`,
      );
    } catch (error) {
      logger.warn({ err: error, index: name }, 'job queue index not created (another instance may be building it)');
    }
  }
}

/**
 * Enqueues a job. Given `tx`, the job is written inside that transaction: a rolled-back write sends
 * nothing and a committed one always does. Without one, a job due now wakes this process's worker.
 */
export async function enqueueJob<TPayload>(
  boss: PgBoss,
  job: JobQueue<TPayload>,
  payload: TPayload,
  options: { tx?: Db } & Omit<SendOptions, 'db'> = {},
): Promise<string | null> {
  const data = job.payload.parse(payload) as object;
  const { tx, ...sendOptions } = options;
  const id = await boss.send(job.name, data, tx ? { ...sendOptions, db: jobQueueDbOf(tx) } : sendOptions);
  if (!tx && isDueNow(sendOptions.startAfter)) wakeLocalWorker(boss, job.name);
  return id;
}

/** One job of enqueueJobs: its payload and pg-boss's per-job options (id, startAfter, group, deleteAfterSeconds…). */
export type QueuedJob<TPayload> = { payload: TPayload } & Omit<JobInsert, 'data' | 'name'>;

/**
 * Enqueues several jobs of one queue in one statement, each payload checked; given `tx`, inside that
 * transaction (the caller may wakeLocalWorker after its commit). Without one, any due now wakes this
 * process's worker (decision 071).
 */
export async function enqueueJobs<TPayload>(boss: PgBoss, job: JobQueue<TPayload>, jobs: ReadonlyArray<QueuedJob<TPayload>>, options: { tx?: Db } = {}): Promise<void> {
  if (jobs.length === 0) return;
  await boss.insert(
    job.name,
    jobs.map(({ payload, ...insert }) => ({ ...insert, data: job.payload.parse(payload) as object })),
    options.tx ? { db: jobQueueDbOf(options.tx) } : undefined,
  );
  if (!options.tx && jobs.some((queued) => isDueNow(queued.startAfter))) wakeLocalWorker(boss, job.name);
}

/**
 * Puts the one pending job of `options.singletonKey` on a `short` queue, or moves the one already waiting
 * (pg-boss's upsert): its payload and due time become these. Given `tx`, inside that transaction.
 */
export async function upsertJob<TPayload>(
  boss: PgBoss,
  job: JobQueue<TPayload>,
  payload: TPayload,
  options: { tx?: Db; singletonKey: string } & Omit<UpdateOptions, 'db' | 'singletonKey' | 'id'>,
): Promise<void> {
  const { tx, ...updateOptions } = options;
  await boss.upsert(job.name, job.payload.parse(payload) as object, { ...updateOptions, ...(tx ? { db: jobQueueDbOf(tx) } : {}) });
}

/** Whether a job sent with `startAfter` (a date, an ISO date or seconds from now) is due at once. */
const isDueNow = (startAfter: SendOptions['startAfter']) =>
  startAfter === undefined || (typeof startAfter === 'number' ? startAfter <= 0 : new Date(startAfter).getTime() <= Date.now());

const jobQueueDbs = new WeakMap<Db, ReturnType<typeof fromDrizzle>>();
/**
 * The job queue's view of a drizzle transaction (one per transaction): jobs written through it commit or
 * roll back with it. In a preparedTransaction (platform/) the queue's statements are named there too.
 */
export function jobQueueDbOf(tx: Db): ReturnType<typeof fromDrizzle> {
  let view = jobQueueDbs.get(tx);
  if (!view) {
    view = namedExecutorOf(tx) ?? fromDrizzle(tx as never, sql);
    jobQueueDbs.set(tx, view);
  }
  return view;
}

export type JobOutcome = { state: 'completed' } | { state: 'failed'; message: string } | { state: 'pending' };

/**
 * Waits for one job to finish, for the few callers that report the result to a person (a test email,
 * an administrator's decision email). A first failure is reported at once (its retry continues).
 */
export async function waitForJobOutcome(boss: PgBoss, queue: string, id: string, timeoutMs: number): Promise<JobOutcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await boss.getJobById(queue, id);
    if (job?.state === 'completed') return { state: 'completed' };
    if (job && (job.state === 'failed' || job.state === 'retry')) {
      const output = job.output as { message?: unknown } | null | undefined;
      return { state: 'failed', message: typeof output?.message === 'string' ? output.message : 'Échec de l’envoi' };
    }
    if (!job || Date.now() > deadline) return { state: 'pending' };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
