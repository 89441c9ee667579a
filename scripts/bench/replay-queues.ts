/**
 * The same-SQL replays (same-sql.ts) queue their jobs into twin queues named with this prefix, which no
 * worker takes; the bench leaves them out when it waits for the app's own jobs.
 */
export const REPLAY_QUEUE_PREFIX = 'bench-replay.';
