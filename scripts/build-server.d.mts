// Types of scripts/build-server.mjs for the TypeScript scripts and tests that import it.
export declare const SERVER_DIST: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare const SERVER_LAUNCH_ARGUMENTS: string[];
export declare const SERVER_ENTRIES: Record<string, string>;
export declare function buildServer(options?: { outdir?: string }): Promise<void>;
