const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one UUID check: ids in paths and bodies are tested before they reach a uuid column (which would refuse them with a 500). */
export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID_PATTERN.test(value);
}
