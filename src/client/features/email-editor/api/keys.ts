import { automationsKeys } from '../../../lib/query-keys';

/** Query keys of the email editor: the automation it opens sits under the automations' keys (lib/query-keys.ts). */
export const emailEditorKeys = {
  automation: (key: string | undefined) => [...automationsKeys.all, 'editor', key ?? ''] as const,
};
