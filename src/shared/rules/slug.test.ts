import { describe, expect, it } from 'vitest';
import { slugifyLabel } from './slug';

describe('slugifyLabel (spec §5: the table label in public links)', () => {
  it('trims the label', () => {
    expect(slugifyLabel('  terrasse  ')).toBe('terrasse');
  });

  it('lower-cases it', () => {
    expect(slugifyLabel('TERRASSE')).toBe('terrasse');
  });

  it('removes accents', () => {
    expect(slugifyLabel('Étage Côté Forêt')).toBe('etage-cote-foret');
    expect(slugifyLabel('àâäçéèêëîïôöùûüÿ')).toBe('aaaceeeeiioouuuy');
  });

  it('turns spaces into hyphens', () => {
    expect(slugifyLabel('Table 12')).toBe('table-12');
    expect(slugifyLabel('Salle  du\tfond')).toBe('salle-du-fond');
  });

  it('removes every character other than letters, digits and hyphens', () => {
    expect(slugifyLabel('Table n°4 (vue mer) !')).toBe('table-n4-vue-mer');
    expect(slugifyLabel('Bar/Comptoir_1')).toBe('barcomptoir1');
    expect(slugifyLabel('Déjà-vu 🍷')).toBe('deja-vu');
  });

  it('never has a double hyphen or a hyphen at either end', () => {
    expect(slugifyLabel('Table 7 - Terrasse')).toBe('table-7-terrasse');
    expect(slugifyLabel('-- VIP --')).toBe('vip');
    expect(slugifyLabel('a / b')).toBe('a-b');
  });

  it('keeps letters, digits and hyphens as they are', () => {
    expect(slugifyLabel('table-2b')).toBe('table-2b');
  });

  it('is omitted (null) when the label is empty or leaves nothing', () => {
    expect(slugifyLabel('')).toBeNull();
    expect(slugifyLabel('   ')).toBeNull();
    expect(slugifyLabel(null)).toBeNull();
    expect(slugifyLabel(undefined)).toBeNull();
    expect(slugifyLabel('!?%*')).toBeNull();
    expect(slugifyLabel('🍷')).toBeNull();
  });
});
