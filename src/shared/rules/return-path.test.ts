import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnPath } from './return-path';

describe('the return path of the sign-in pages', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(safeReturnPath('/avis?feedback=0b7c6c1e-5a3e-4b8f-9d2a-1f2e3d4c5b6a')).toBe('/avis?feedback=0b7c6c1e-5a3e-4b8f-9d2a-1f2e3d4c5b6a');
    expect(safeReturnPath('/customers/abc#points')).toBe('/customers/abc#points');
    expect(safeReturnPath('/admin/restaurants')).toBe('/admin/restaurants');
  });

  it('refuses other origins in every spelling', () => {
    for (const raw of [
      '//evil.example',
      '//evil.example/avis',
      'https://evil.example/avis',
      'http://localhost:3000/avis',
      'javascript:alert(1)',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'avis',
      '',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(['/avis'])).toBeNull();
  });

  it('never leads back to a sign-in page', () => {
    expect(safeReturnPath('/login?next=/avis')).toBeNull();
    expect(safeReturnPath('/confirm-email?token=x')).toBeNull();
  });

  it('is carried by a sign-in page’s link only when valid', () => {
    expect(withReturnPath('/login', '/avis?feedback=1')).toBe('/login?next=%2Favis%3Ffeedback%3D1');
    expect(withReturnPath('/confirm-email?token=t', '/avis')).toBe('/confirm-email?token=t&next=%2Favis');
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
  });
});
