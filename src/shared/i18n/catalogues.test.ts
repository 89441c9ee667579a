import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../rules/locales';
import { DINER_CATALOGUES } from './diner';
import { DINER_MORE_CATALOGUES } from './diner-more';
import { emailMessages } from './email';
import { CARD_MESSAGES } from '../schemas/card-messages';
import { DINER_MESSAGES } from '../schemas/diner-messages';
import { MY_DATA_MESSAGES } from '../schemas/my-data-messages';

// Every catalogue (a folder with project.inlang) and every language's messages, as written (inlang message format).
const dir = import.meta.dirname;
const catalogues = readdirSync(dir).filter((name) => existsSync(path.join(dir, name, 'project.inlang')));
type Variant = { selectors: string[]; match: Record<string, string> };
type Message = string | Variant[];
type Settings = { locales: string[]; 'plugin.inlang.messageFormat': { pathPattern: string | string[] } };
const settingsOf = (catalogue: string): Settings => JSON.parse(readFileSync(path.join(dir, catalogue, 'project.inlang/settings.json'), 'utf8'));
/** A catalogue's messages in one language, from every file its settings name (the owner catalogue has one per area). */
const read = (catalogue: string, locale: string): Record<string, Message> => {
  const patterns = [settingsOf(catalogue)['plugin.inlang.messageFormat'].pathPattern].flat();
  const all: Record<string, Message> = {};
  for (const pattern of patterns) {
    const { $schema: _schema, ...messages } = JSON.parse(readFileSync(path.join(dir, catalogue, pattern.replace('{locale}', locale)), 'utf8'));
    for (const key of Object.keys(messages)) expect(all, `${catalogue}/${locale}: ${key} twice`).not.toHaveProperty(key);
    Object.assign(all, messages);
  }
  return all;
};
/** Every pattern of a message (one, or one per plural/select branch). */
const patterns = (message: Message): string[] => (typeof message === 'string' ? [message] : message.flatMap((variant) => Object.values(variant.match)));
const placeholders = (pattern: string) => [...pattern.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]).sort();
/** Both diner catalogues (the first paint's and the more one) of a language, as written. */
const dinerSource = (locale: string) => ({ ...read('diner', locale), ...read('diner-more', locale) });
const dinerCompiled = async (locale: (typeof LOCALES)[number]) => ({ ...(await DINER_CATALOGUES[locale]()), ...(await DINER_MORE_CATALOGUES[locale]()) });

describe('message catalogues', () => {
  it('the owner catalogue: each area’s keys start with the area’s name (messages/<area>/<locale>.json)', () => {
    for (const pattern of [settingsOf('owner')['plugin.inlang.messageFormat'].pathPattern].flat()) {
      const area = pattern.split('/').at(-2)!;
      const { $schema: _schema, ...messages } = JSON.parse(readFileSync(path.join(dir, 'owner', pattern.replace('{locale}', 'fr')), 'utf8'));
      for (const key of Object.keys(messages)) expect(key.startsWith(`${area}_`), `owner ${area}: ${key}`).toBe(true);
    }
  });

  it('finds the diner and email catalogues', () => {
    expect(catalogues).toEqual(expect.arrayContaining(['diner', 'diner-more', 'email', 'owner']));
  });

  for (const catalogue of catalogues) {
    const source = read(catalogue, SOURCE_LOCALE);
    for (const locale of settingsOf(catalogue).locales) {
      it(`${catalogue}/${locale}: every French key, no other, same placeholders, balanced braces`, () => {
        const messages = read(catalogue, locale);
        expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
        for (const [key, message] of Object.entries(messages)) {
          const wanted = new Set(patterns(source[key]).flatMap(placeholders));
          for (const pattern of patterns(message)) {
            expect(pattern.trim(), `${locale}.${key} is empty`).not.toBe('');
            // Braces only as whole placeholders: a `{` without its `}` (or the other way) is a broken message.
            expect(pattern.replace(/\{[^{}]*\}/g, ''), `${locale}.${key}: unbalanced brace`).not.toMatch(/[{}]/);
            for (const name of placeholders(pattern)) expect(wanted.has(name), `${locale}.${key}: unknown placeholder {${name}}`).toBe(true);
          }
          // Every placeholder of the French reaches the reader in some branch of the translation.
          const used = new Set(patterns(message).flatMap(placeholders));
          for (const name of wanted) expect(used.has(name), `${locale}.${key}: placeholder {${name}} dropped`).toBe(true);
          if (typeof source[key] !== 'string') expect(typeof message, `${locale}.${key}: plural lost`).not.toBe('string');
        }
      });
    }
  }

  it('the compiled diner messages of every language fill their placeholders, with the plurals of the language', async () => {
    const frenchSource = dinerSource(SOURCE_LOCALE);
    for (const locale of LOCALES) {
      const m = await dinerCompiled(locale);
      const all = m as unknown as Record<string, (inputs: Record<string, unknown>) => string>;
      for (const [key, message] of Object.entries(all)) {
        // Every input a distinct marker: each must reach the text, and nothing of the pattern may stay.
        const names = [...new Set(patterns(frenchSource[key]).flatMap(placeholders))];
        const texts = [0, 1, 2, 5].map((count) => message({ ...Object.fromEntries(names.map((name) => [name, `<${name}>`])), count }));
        for (const text of texts) expect(text, `${locale}.${key}`).not.toMatch(/[{}]|undefined/);
        // A plural's singular may say « your point » without the number; some branch shows each input.
        for (const name of names) if (name !== 'count') expect(texts.join(' '), `${locale}.${key}: {${name}}`).toContain(`<${name}>`);
      }
    }
    // No key in both diner catalogues (one message, one home).
    const more = await DINER_MORE_CATALOGUES.fr();
    expect(Object.keys(await DINER_CATALOGUES.fr()).filter((key) => key in more)).toEqual([]);
    const fr = await dinerCompiled('fr');
    const en = await dinerCompiled('en');
    // French: 0 and 1 are singular; English: only 1.
    expect(fr.points({ count: 0, points: '0' })).toBe('0 point');
    expect(fr.points({ count: 1, points: '1' })).toBe('1 point');
    expect(fr.points({ count: 2, points: '2' })).toBe('2 points');
    expect(en.points({ count: 0, points: '0' })).toBe('0 points');
    expect(en.points({ count: 1, points: '1' })).toBe('1 point');
    expect((await dinerCompiled('de')).points({ count: 1234, points: '1.234' })).toBe('1.234 Punkte');
  });

  it('the French of the diner catalogue is the words of the server and schemas (DINER, CARD, MY_DATA messages)', async () => {
    const fr = dinerSource('fr');
    const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const shared: Record<string, string> = { ...CARD_MESSAGES, ...MY_DATA_MESSAGES, ...DINER_MESSAGES };
    // Words the diner never sees (the staff's counter, the owner's search) or said by another key.
    const notTheDiners = new Set(['codeUnknown', 'codeExpired', 'codeInvalid', 'handedOver', 'searchTooShort', 'anonymous', 'invalidCursor', 'title']);
    for (const [key, french] of Object.entries(shared)) {
      if (notTheDiners.has(key)) continue;
      expect(fr[snake(key)], key).toBe(french);
    }
    expect(fr.my_data).toBe(MY_DATA_MESSAGES.title);
  });

  // The spec's own words (spec §5 'Rating 1 to 5 required… error', §2 /f, §8 'Public pages'), as the spec writes them.
  it.each([
    ['rating_required', 'Veuillez donner une note'],
    ['restaurant_not_found', 'Restaurant introuvable ou non actif'],
    ['feedback_failed', "Échec de l'envoi de l'avis"],
    ['generic_error', 'Une erreur est survenue'],
    ['link_failed', "Erreur lors de la liaison de l'email"],
    ['feedback_thanks', 'Merci pour votre avis !'],
    ['link_succeeded', 'Points récupérés et liés à votre compte ✅'],
  ])('the French of %s is the spec’s « %s »', async (key, wording) => {
    expect(dinerSource('fr')[key]).toBe(wording);
    const fr = (await dinerCompiled('fr')) as unknown as Record<string, () => string>;
    expect(fr[key]()).toBe(wording);
  });

  it('the server calls an email message in a given language', () => {
    expect(emailMessages('fr').layout_greeting({ firstName: 'Ana' })).toBe('Bonjour Ana,');
    expect(emailMessages('de').layout_greeting({ firstName: 'Ana' })).toBe('Hallo Ana,');
  });
});
