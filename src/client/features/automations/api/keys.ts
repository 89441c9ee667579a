/** Query keys of /automations. */
export const automationKeys = {
  all: ['automations'] as const,
  sendingHours: ['automations', 'sending-hours'] as const,
  preview: (id: string, lang: string) => ['automations', 'preview', id, lang] as const,
  versions: (id: string) => ['automations', 'versions', id] as const,
};
