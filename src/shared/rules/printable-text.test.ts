import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { CARD_FONT_RANGES, unprintableCharacters, unprintableMessage } from './printable-text';

const require = createRequire(import.meta.url);
const characterSet = (file: string) => new Set(fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))).characterSet);

describe('the printed cards’ characters', () => {
  it('are exactly those both faces of the card font hold', () => {
    const bold = characterSet('DejaVuSans-Bold.ttf');
    const both = [...characterSet('DejaVuSans.ttf')].filter((codePoint) => bold.has(codePoint) && codePoint >= 0x20).sort((a, b) => a - b);
    const ranges: number[] = [];
    for (const codePoint of both) {
      if (ranges.length && ranges[ranges.length - 1] === codePoint - 1) ranges[ranges.length - 1] = codePoint;
      else ranges.push(codePoint, codePoint);
    }
    expect(CARD_FONT_RANGES).toEqual(ranges);
  });

  it('cover Latin Extended, Vietnamese, Polish, Turkish, Greek and Cyrillic, composed or not', () => {
    for (const text of ['Phở Saigon Bastille', 'Salle Łódź', 'İstanbul Şişli Çığ', 'Ταβέρνα Ελληνική', 'Москва', 'Ærø Ñandú ß', 'Phở'.normalize('NFD')]) {
      expect(unprintableCharacters(text)).toEqual([]);
    }
  });

  it('refuse what the font cannot draw, naming it in French', () => {
    expect(unprintableCharacters('Table 東京 東')).toEqual(['東', '京']);
    expect(unprintableMessage('Le label', 'Table 東京')).toBe('Le label contient des caractères que les cartes de table ne peuvent pas imprimer : « 東 », « 京 ».');
    expect(unprintableMessage('Le nom du restaurant', 'Sushi 寿')).toBe('Le nom du restaurant contient un caractère que les cartes de table ne peuvent pas imprimer : « 寿 ».');
    expect(unprintableMessage('Le label', 'Terrasse')).toBeNull();
  });
});
