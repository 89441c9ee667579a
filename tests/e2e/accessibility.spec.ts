import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../src/shared/paths';
import { signIn } from './support/accounts';
import { ownerPagePaths } from './support/owner-pages';
import { DESKTOP, PHONE, useBrowser } from './support/browser';

// axe-core (the engine behind Lighthouse's accessibility audit) on every page an owner or a diner sees.
// Serious and critical violations fail; the pages are opened through browser.newContext() as axe asks.
const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');

/** Runs axe on the page as it stands; returns the serious and critical violations, readable. */
async function findSeriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).slice(0, 3).join(', ')}`);
}

/** Opens `path`, waits until its main heading (or the diner form) is shown, then runs axe. */
async function checkPage(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.goto(`${baseUrl}${path}`);
  await ready();
  // Skeletons and toasts settle: axe looks at the page the owner actually reads.
  await page.waitForLoadState('networkidle');
  expect(await findSeriousViolations(page), path).toEqual([]);
}

async function signInDemoOwner(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage(viewport);
  await signIn(page, baseUrl, owner);
  return page;
}

describe('accessibility (axe: no serious or critical violation)', () => {
  it('public pages: landings, terms, privacy, legal notice, 404, sign-in, sign-up', { timeout: 120_000 }, async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      for (const path of [paths.home.href(), paths.homeEn.href(), paths.terms.href(), paths.privacy.href(), paths.legal.href(), '/page-qui-n-existe-pas', paths.login.href(), paths.signup.href(), paths.forgotPassword.href()]) {
        await checkPage(page, path, () => page.locator('h1').first().waitFor());
      }
    }
  });

  it('the diner page', async () => {
    const page = await signInDemoOwner(DESKTOP);
    const me = (await page.evaluate(async () => (await fetch('/api/me')).json())) as { restaurants: Array<{ id: string }> };
    const diner = await browser.newPage(PHONE);
    await checkPage(diner, paths.dinerFeedback.href(me.restaurants[0].id), () => diner.locator('h1').first().waitFor());
  });

  // One test per viewport, each with room for nine axe scans on a slow machine (both in one test took over a minute).
  for (const [name, viewport] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`every owner page, on ${name}`, { timeout: 120_000 }, async () => {
      const page = await signInDemoOwner(viewport);
      const ownerPages = await ownerPagePaths(page, { withEditor: true });
      for (const path of ownerPages) {
        await checkPage(page, path, () => page.locator('h1').first().waitFor({ state: 'attached' }));
      }
    });
  }
});
