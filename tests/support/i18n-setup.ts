// Compiles the message catalogues before a test imports them (scripts/i18n.mjs; a no-op when up to date),
// so `vitest run <file>` works from a clean clone as `npm test` does.
import { compileCatalogues } from '../../scripts/i18n.mjs';

export default async function setup() {
  await compileCatalogues();
}
