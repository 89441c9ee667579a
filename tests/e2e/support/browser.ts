import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function isChromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

// Flags for a closed network and a root user.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type TestBrowser = {
  browser: Browser;
  /** `locale`: the browser's language (its Accept-Language and navigator.language); French by default. */
  newPage: (viewport?: { width: number; height: number }, options?: { locale?: string }) => Promise<Page>;
  close: () => Promise<void>;
};

/** The system Chromium, driven by playwright-core. Never downloads a browser. */
export async function launchBrowser(): Promise<TestBrowser> {
  // playwright-core gives every launch a fresh temporary --user-data-dir of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(viewport = DESKTOP, options = {}) {
      const context = await browser.newContext({ viewport, locale: options.locale ?? 'fr-FR', timezoneId: 'Europe/Paris', acceptDownloads: true });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

/**
 * One Chromium for the calling test file: launched before its tests (beforeAll), closed after them
 * (afterAll). Call it at the top of the file: `const browser = useBrowser();`.
 */
export function useBrowser(): TestBrowser {
  let launched: TestBrowser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const current = (): TestBrowser => {
    if (!launched) throw new Error('useBrowser(): the browser starts in beforeAll; use it inside a test or a hook');
    return launched;
  };
  return {
    get browser() {
      return current().browser;
    },
    newPage: (viewport, options) => current().newPage(viewport, options),
    close: () => current().close(),
  };
}

/** Saves a screenshot under .tmp/screenshots for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = path.resolve('.tmp/screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until no toast is on screen: a toast fading in or out is half transparent, and axe would read its
 * contrast mid-animation. Accessibility checks run on a settled page.
 */
export async function waitForToastsGone(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * Waits until a page that only shows has nothing left to do: the network idle, then two of the browser's
 * idle periods (what a page defers to `requestIdleCallback` has run), then one request of the page's own
 * answered (what those callbacks asked for was sent before it, so the test's request listeners saw it).
 * An event to wait on, where a test used to wait a fixed time to show that nothing more happens.
 */
export async function waitForPageAtRest(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));
  await page.evaluate(async () => {
    await (await fetch('/robots.txt', { cache: 'no-store' })).text();
  });
}
