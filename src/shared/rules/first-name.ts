/** The first word of a person's name, to greet them by ('Bonjour Camille,'), or null when there is none. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first ? first : null;
}
