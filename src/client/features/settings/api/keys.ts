/** Query keys of the restaurant settings (/parametres). */
export const settingsKeys = {
  all: ['settings'] as const,
};
