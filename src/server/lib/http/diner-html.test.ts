import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../runtime/project-root';
import { dinerLocaleOf, langCookieOf, localizeDinerHtml } from './diner-html';

const dist = mkdtempSync(path.join(tmpdir(), 'diner-html-'));
mkdirSync(path.join(dist, 'assets'));
for (const file of ['diner-lang-en-Ab12.js', 'diner-lang-fr-Cd34.js', 'diner-more-en-Ef56.js']) writeFileSync(path.join(dist, 'assets', file), '');
afterAll(() => rmSync(dist, { recursive: true, force: true }));
// The real entry, as Vite keeps its head and skeleton.
const template = readFileSync(path.join(PROJECT_ROOT, 'diner.html'), 'utf8');

describe('the diner HTML shell in the diner’s language (decision 090)', () => {
  const pages = localizeDinerHtml(template, dist);

  it('writes <html lang>, the title and the skeleton’s words, and preloads the language’s first chunk only', () => {
    expect(pages.en).toContain('<html lang="en"');
    expect(pages.en).toContain('<title>Your review – ReFeed</title>');
    expect(pages.en).toContain('<link rel="modulepreload" crossorigin href="/assets/diner-lang-en-Ab12.js">');
    expect(pages.en).not.toContain('diner-more-en');
    expect(pages.en).toContain('>Your opinion matters<');
    expect(pages.en).toContain('>Loading…<');
    expect(pages.en).toContain('Powered by <a href="/" class="underline">ReFeed</a>');
    expect(pages.en).not.toMatch(/Votre avis|Chargement|Propulsé/);
    expect(pages.de).toContain('<html lang="de"');
    expect(pages.de).toContain('>Ihre Meinung zählt<');
    // French keeps the entry's own words.
    expect(pages.fr).toContain('<html lang="fr"');
    expect(pages.fr).toContain('<title>Votre avis – ReFeed</title>');
    expect(pages.fr).toContain('Propulsé par <a href="/" class="underline">ReFeed</a>');
    expect(pages.fr).toContain('<link rel="modulepreload" crossorigin href="/assets/diner-lang-fr-Cd34.js">');
    expect(pages.fr.replace('<link rel="modulepreload" crossorigin href="/assets/diner-lang-fr-Cd34.js">', '')).toBe(template);
  });

  it('chooses ?lang=, then the cookie, then Accept-Language, then French', () => {
    const request = (query: Record<string, string>, cookie?: string, acceptLanguage?: string) => ({ query: (name: string) => query[name], cookie, acceptLanguage });
    expect(dinerLocaleOf(request({ lang: 'es' }, 'refeed_lang=de', 'en-GB'))).toBe('es');
    expect(dinerLocaleOf(request({ lang: 'xx' }, 'a=1; refeed_lang=de', 'en-GB'))).toBe('de');
    expect(dinerLocaleOf(request({}, 'refeed_lang=zz', 'it-IT,it;q=0.9'))).toBe('it');
    expect(dinerLocaleOf(request({}, undefined, 'ja'))).toBe('fr');
    expect(langCookieOf('en')).toBe('refeed_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(langCookieOf('klingon')).toBeNull();
  });
});
