/** The folder holding one inlang project per catalogue (diner, email). */
export declare const I18N_DIR: string;
/** The catalogues' names (folders of I18N_DIR with a project.inlang). */
export declare const CATALOGUES: string[];
/** Compiles every catalogue whose output is missing or older than its sources (all with `force`). */
export declare function compileCatalogues(options?: { force?: boolean }): Promise<void>;
