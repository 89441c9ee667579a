/**
 * Whether this instance should be sent requests (`GET /api/health/ready`, decision 078): its schema is
 * current, its job queue has started, and it is not draining for a stop. The database itself is asked by
 * the readiness route on every call. One per process (deps.readiness).
 */
export type Readiness = {
  /** The first migration of this version that the database does not have yet, or null when the schema is current. */
  waitingForMigration(): string | null;
  /** The job queue (pg-boss, and its workers where this instance runs jobs) has started. */
  queueStarted(): boolean;
  /** SIGTERM came: the instance answers what it has in flight and takes nothing new (decision 073). */
  draining(): boolean;
  markWaitingFor(migration: string | null): void;
  markQueueStarted(): void;
  markDraining(): void;
};

export function createReadiness(): Readiness {
  let waitingFor: string | null = null;
  let queue = false;
  let drain = false;
  return {
    waitingForMigration: () => waitingFor,
    queueStarted: () => queue,
    draining: () => drain,
    markWaitingFor(migration) {
      waitingFor = migration;
    },
    markQueueStarted() {
      queue = true;
    },
    markDraining() {
      drain = true;
    },
  };
}
