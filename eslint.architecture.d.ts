import type { Linter } from 'eslint';

/** Feature folders' parents, and which folders each lower layer must not import from (eslint.architecture.js). */
export type ArchitectureLayout = { featureRoots: string[]; below: Record<string, string[]> };
export function architectureZones(root: string, layout: ArchitectureLayout): Array<{ target: string; from: string; except?: string[]; message: string }>;
export function architectureConfig(root: string, layout: ArchitectureLayout, files: string[]): Linter.Config[];
/** The `below` entries of layers listed lowest first: no path of a layer imports a path of a layer above it. */
export function layersBelow(layers: string[][]): Record<string, string[]>;
export const SERVER_APP_LAYER: string[];
export const CLIENT_APP_LAYER: string[];
export const SERVER_LAYERS: string[][];
export const CLIENT_LAYERS: string[][];
export const PRODUCT_LAYOUT: ArchitectureLayout;

/** The platform's door: outside `platformDir` (default src/server/platform), only its index.ts may be imported. */
export function platformDoorConfig(root: string, files: string[], platformDir?: string): Linter.Config[];
