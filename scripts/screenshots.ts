// npm run screenshots — the product pictures on the marketing site (public/screens/*.webp), taken from
// the running app with the demo restaurant: the diner page on a phone and the owner's dashboard on a
// desktop. WebP from Chromium itself (no image library), at twice the size they are shown for sharp
// screens. Run it again when those pages change, and commit the files.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { SCREENSHOTS } from '../src/client/features/site/screenshots';
import { ROOT, startDemoServer } from './support/demo-server';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function captureWebp(page: Page, file: string) {
  const session = await page.context().newCDPSession(page);
  const { data } = (await session.send('Page.captureScreenshot', { format: 'webp', quality: 82 })) as { data: string };
  writeFileSync(file, Buffer.from(data, 'base64'));
  console.log(`${path.relative(ROOT, file)}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
}

const { base, ownerCookie, restaurantId, stop } = await startDemoServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS, headless: true });
try {
  const outDir = path.join(ROOT, 'public');
  mkdirSync(path.join(outDir, 'screens'), { recursive: true });
  const cookies = ownerCookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    // The production start names its cookies __Secure-…: Chromium accepts them on 127.0.0.1 when marked secure.
    return { name, value: value.join('='), domain: new URL(base).hostname, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' as const };
  });
  for (const shot of Object.values(SCREENSHOTS)) {
    const context = await browser.newContext({
      viewport: { width: shot.width / 2, height: shot.height / 2 },
      deviceScaleFactor: 2,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    if (shot.signedIn) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${base}${shot.path.replace(':restaurantId', restaurantId)}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The diner as a happy guest fills it in: five stars, a first name and a word.
    if (!shot.signedIn) {
      await page.getByLabel('5 étoiles').check({ force: true });
      await page.getByLabel(/Prénom/).fill('Camille');
      await page.getByLabel(/Commentaire/).fill('Accueil chaleureux, le dessert était parfait !');
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
    }
    await page.waitForTimeout(500);
    await captureWebp(page, path.join(outDir, shot.src));
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
}
