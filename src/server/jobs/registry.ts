import type { AppDeps } from '../deps';
import type { JobDefinition } from './queue';

/** Every background job of the product; features add theirs here. */
export const ALL_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [];
