import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** A 900 × 300 PNG logo of one colour (the server resizes it to 512 px wide). */
const logoPng = (red: number) => sharp({ create: { width: 900, height: 300, channels: 4, background: { r: red, g: 90, b: 40, alpha: 1 } } }).png().toBuffer();

describe('/parametres', () => {
  for (const [name, viewport] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    it(`changes the name and the logo on ${name}, and the diner page /f shows them`, { timeout: 180_000 }, async () => {
      const account = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Logo Manquant');
      const page = await signInPage(browser, baseUrl, viewport, account);
      await page.goto(`${baseUrl}/dashboard`);
      await followOwnerMenu(page, 'Paramètres');
      await page.getByRole('heading', { level: 1, name: 'Paramètres', exact: true }).waitFor();
      await page.getByLabel('Nom du restaurant').waitFor();

      // axe: no serious or critical violation on the page as the owner reads it.
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);

      // A bad phone is refused with the shared message, in the validation toast.
      await page.getByLabel('Téléphone').fill('12');
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Numéro de téléphone français invalide').waitFor();
      await page.getByLabel('Téléphone').fill('01 42 00 00 00');
      await page.getByLabel('Nom du restaurant').fill('Le Logo Trouvé');
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Paramètres enregistrés.').waitFor();

      // An SVG is refused before it is sent; a PNG is taken, resized and shown.
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
      await page.getByText("Le fichier « logo.svg » n'est pas une image acceptée : formats PNG, JPEG, WebP ou GIF (SVG refusé).").waitFor();
      await fileInput.setInputFiles({ name: 'mon-logo.png', mimeType: 'image/png', buffer: await logoPng(200) });
      await page.getByText('Logo mis à jour.').waitFor();
      const preview = page.getByTestId('settings-logo-preview').getByRole('img');
      await preview.waitFor();
      const logoUrl = await preview.getAttribute('src');
      expect(logoUrl).toMatch(new RegExp(`^/storage/images/${account.restaurantId}/logo-[0-9a-f]{32}\\.png$`));
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="settings-logo-preview"] img');
        return !!img && img.complete && img.naturalWidth === 512;
      });
      await saveScreenshot(page, `settings-${viewport.width}`);

      // The diner page shows the new name and logo.
      const diner = await browser.newPage(PHONE);
      await diner.goto(`${baseUrl}/f/${account.restaurantId}`);
      const dinerLogo = diner.getByRole('img', { name: 'Logo Le Logo Trouvé' });
      await dinerLogo.waitFor();
      expect(await dinerLogo.getAttribute('src')).toBe(logoUrl);
      await diner.waitForFunction(() => [...document.images].some((img) => img.alt === 'Logo Le Logo Trouvé' && img.complete && img.naturalWidth > 0));
      await saveScreenshot(diner, `settings-diner-${viewport.width}`);
      await diner.close();
      await page.close();
    });
  }
});
