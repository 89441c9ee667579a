import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationPreview, TAutomationPreviewRequest } from '../../../../shared/schemas/automations';

/** The draft being edited rendered as diners get it (sample data, the real frame); nothing is saved. */
export async function previewDraft(input: { id: string } & TAutomationPreviewRequest): Promise<TAutomationPreview> {
  const { id, ...json } = input;
  return readJson<TAutomationPreview>(await api.automations[':id'].preview.$post({ param: { id }, json }));
}

export function usePreviewDraft() {
  return useMutation({ mutationFn: previewDraft });
}
