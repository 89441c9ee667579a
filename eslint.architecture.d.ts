import type { Linter } from 'eslint';

/** Feature folders' parents, and which folders each lower layer must not import from (eslint.architecture.js). */
export type ArchitectureLayout = { featureRoots: string[]; below: Record<string, string[]> };
export function architectureZones(root: string, layout: ArchitectureLayout): Array<{ target: string; from: string; except?: string[]; message: string }>;
export function architectureConfig(root: string, layout: ArchitectureLayout, files: string[]): Linter.Config[];
export const PRODUCT_LAYOUT: ArchitectureLayout;
