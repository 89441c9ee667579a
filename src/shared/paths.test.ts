import { describe, expect, it } from 'vitest';
import { isAppPath, paths } from './paths';

describe('isAppPath', () => {
  it('knows every route of the table, with its parameters and an optional trailing slash', () => {
    for (const route of Object.values(paths)) expect(isAppPath(route.path.replace(/:[A-Za-z]+/g, 'abc123')), route.path).toBe(true);
    expect(isAppPath('/admin/restaurants/abc/')).toBe(true);
    expect(isAppPath('/emails/thanks_after_visit/editor')).toBe(true);
  });

  it('refuses paths that are not pages', () => {
    for (const path of ['/nope', '/dashboard/extra', '/admin/restaurants/a/b', '/f/', '/r', '/wp-login.php', '/emails/x']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
