import type { reach } from '../platform/reach';

export type Deep = typeof reach;
