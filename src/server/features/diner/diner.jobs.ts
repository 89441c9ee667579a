import type { AppDeps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const DINER_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [];
