import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Printed table cards in any script (issue 48, decision 076): the text drawn is the text typed, in an
// embedded subset font; what the font cannot draw is refused where it is typed.
let ctx: TestContext;
const folder = mkdtempSync(path.join(tmpdir(), 'refeed-cards-'));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

const LABELS = ['Salle Łódź', 'Phòng Hà Nội', 'İstanbul Şişli Çığ', 'Ταβέρνα Ελληνική', 'Ærø Ñandú'];

/** The text of each page, as `pdftotext` extracts it, one trimmed line per entry. */
function pagesText(file: string, pages: number): string[][] {
  return Array.from({ length: pages }, (_, index) =>
    execFileSync('pdftotext', ['-f', String(index + 1), '-l', String(index + 1), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

describe('printed table cards in any script', () => {
  it('print the venue’s name and every label exactly, in an embedded subset font', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Phở Saigon Bastille' });
    expect((await agent.post('/api/qr', { isPrimary: true })).status).toBe(201);
    for (const label of LABELS) expect((await agent.post('/api/qr', { tableLabel: label })).status).toBe(201);
    // Typed decomposed (as some keyboards send it): stored and printed composed.
    expect((await agent.post('/api/qr', { tableLabel: 'Bàn Phở'.normalize('NFD') })).status).toBe(201);

    const response = await agent.get('/api/qr/cards.pdf?layout=a6');
    expect(response.status).toBe(200);
    const file = path.join(folder, 'cards.pdf');
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()));

    const pages = pagesText(file, LABELS.length + 2);
    const labelsPrinted = pages.map((lines) => {
      expect(lines[0]).toBe('Phở Saigon Bastille');
      expect(lines).toContain('Notez-nous en 10 secondes');
      return lines[1];
    });
    // Newest first, as /qr lists them; the main QR's stored « Main entrance » reads « Entrée principale ».
    expect(new Set(labelsPrinted)).toEqual(new Set(['Entrée principale', ...LABELS, 'Bàn Phở']));

    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBe(2);
    for (const line of fonts) {
      // name type encoding emb sub uni object ID
      expect(line).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    }
  });

  it('refuse at creation a label or a venue name the font cannot draw, in French, storing nothing', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Chez Test' });
    const label = await agent.post('/api/qr', { tableLabel: 'Table 東京' });
    expect(label.status).toBe(400);
    expect((await label.json()).error.message).toBe('Le label contient des caractères que les cartes de table ne peuvent pas imprimer : « 東 », « 京 ».');
    expect((await (await agent.get('/api/qr')).json()).qrCodes).toEqual([]);

    const settings = await (await agent.get('/api/settings')).json();
    const name = await agent.put('/api/settings', { name: 'Sushi 寿', address: settings.address, contactEmail: settings.contactEmail, phone: settings.phone });
    expect(name.status).toBe(400);
    expect((await name.json()).error.message).toBe('Le nom du restaurant contient un caractère que les cartes de table ne peuvent pas imprimer : « 寿 ».');
    // The honest owner with an accented name is not refused.
    expect((await agent.put('/api/settings', { name: 'Salle Łódź', address: settings.address, contactEmail: settings.contactEmail, phone: settings.phone })).status).toBe(200);
  });
});
