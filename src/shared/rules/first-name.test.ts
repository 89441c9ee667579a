import { describe, expect, it } from 'vitest';
import { firstNameOf } from './first-name';

describe('firstNameOf', () => {
  it('is the first word of the name, else null', () => {
    expect(firstNameOf('Camille Durand')).toBe('Camille');
    expect(firstNameOf('  Jean-Pierre   Martin ')).toBe('Jean-Pierre');
    expect(firstNameOf('Ana')).toBe('Ana');
    expect(firstNameOf('   ')).toBeNull();
    expect(firstNameOf('')).toBeNull();
    expect(firstNameOf(null)).toBeNull();
    expect(firstNameOf(undefined)).toBeNull();
  });
});
