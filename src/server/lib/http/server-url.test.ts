import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { noteServerUrl, withServerUrl } from './server-url';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'refeed-url-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the address the seed and admin:create print', () => {
  it('is the one the last server on the data folder answered on (PORT=3999 npm start, then npm run seed:demo)', () => {
    const dir = dataDir();
    noteServerUrl(dir, parseEnv({ DATA_DIR: dir, PORT: '3999' }).PUBLIC_URL);
    const source = { DATA_DIR: dir };
    expect(withServerUrl(parseEnv(source), source).PUBLIC_URL).toBe('http://localhost:3999');
  });

  it('is the script’s own PORT or PUBLIC_URL when it is given one', () => {
    const dir = dataDir();
    noteServerUrl(dir, 'http://localhost:3999');
    const withPort = { DATA_DIR: dir, PORT: '4100' };
    expect(withServerUrl(parseEnv(withPort), withPort).PUBLIC_URL).toBe('http://localhost:4100');
    const withUrl = { DATA_DIR: dir, PUBLIC_URL: 'https://app.example.fr/' };
    expect(withServerUrl(parseEnv(withUrl), withUrl).PUBLIC_URL).toBe('https://app.example.fr');
  });

  it('is the default when no server has run on the data folder', () => {
    const source = { DATA_DIR: dataDir() };
    expect(withServerUrl(parseEnv(source), source).PUBLIC_URL).toBe('http://localhost:3000');
  });
});
