import { describe, expect, it } from 'vitest';
import { formatRole, formatRoleFr } from './roles';

describe('a member’s role as the owner pages show it (formatRole)', () => {
  it('says the role in French as the spec does, and in English for an English owner', () => {
    expect(formatRoleFr('owner')).toBe('Propriétaire');
    expect(formatRole('owner', 'fr')).toBe('Propriétaire');
    expect(formatRole('staff', 'fr')).toBe('Équipe');
    expect(formatRole('owner', 'en')).toBe('Owner');
    expect(formatRole('manager', 'en')).toBe('Manager');
    expect(formatRole('staff', 'en')).toBe('Counter staff');
    expect(formatRole('viewer', 'en')).toBe('Read-only');
  });

  it('keeps a role it does not know as it is', () => {
    expect(formatRole('chef', 'en')).toBe('Chef');
  });
});
