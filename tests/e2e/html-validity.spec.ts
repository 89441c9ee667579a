import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signIn } from './support/accounts';
import { ownerPagePaths } from './support/owner-pages';
import { DESKTOP, PHONE, useBrowser } from './support/browser';

// The owner pages are valid HTML (issue 51): the Nu HTML checker (vnu-jar, the W3C validator's engine, on
// the machine's Java) reads each page's DOM once React has hydrated it and the data has arrived. The demo
// owner has two venues, so the header's venue switcher is on every page. The email editor's page is left
// out: its canvas is GrapesJS's own DOM (duplicate ids, blocks in spans), not markup the product writes.
const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const folder = mkdtempSync(path.join(tmpdir(), 'refeed-vnu-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type VnuMessage = { type: string; url: string; message: string; extract?: string; subType?: string };

/** The checker's errors for the files, one readable line each. */
function validate(files: string[]): string[] {
  let output = '';
  try {
    execFileSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // vnu exits 1 when it finds errors and writes its JSON report on stderr.
    output = String((error as { stderr?: string }).stderr ?? '');
    if (!output.trim().startsWith('{')) throw error;
  }
  if (!output) return [];
  const report = JSON.parse(output) as { messages: VnuMessage[] };
  // The checker's CSS parser predates custom properties holding expressions (sonner's toast stylesheet:
  // `--scale: var(--toasts-before) * 0.05 + 1`, valid CSS): its "CSS:" messages are about that parser,
  // not the page's HTML, which is what this test holds.
  return report.messages
    .filter((message) => message.type === 'error' && !message.message.startsWith('CSS:'))
    .map((message) => `${path.basename(message.url)}: ${message.message} — ${(message.extract ?? '').trim().slice(0, 160)}`);
}

describe('HTML validity of the owner pages (Nu HTML checker, hydrated DOM)', () => {
  it('finds no error on any owner page, on a phone and a desktop', { timeout: 180_000 }, async () => {
    const files: string[] = [];
    const pagesWithSwitcher: string[] = [];
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await signIn(page, baseUrl, owner);
      const ownerPages = await ownerPagePaths(page, { withEditor: false });
      for (const pagePath of ownerPages) {
        await page.goto(`${baseUrl}${pagePath}`);
        await page.locator('h1').first().waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
        const file = path.join(folder, `${size}-${pagePath.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'home'}.html`);
        writeFileSync(file, html);
        files.push(file);
        if (html.includes('data-testid="venue-switcher"')) pagesWithSwitcher.push(file);
      }
      await page.close();
    }
    // The venue switcher (the element the checker found invalid before) is among what was checked.
    expect(pagesWithSwitcher.length).toBeGreaterThan(0);
    expect(validate(files)).toEqual([]);
  });
});
