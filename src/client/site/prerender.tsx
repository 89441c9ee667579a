import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ORIGIN_PLACEHOLDER, renderSiteHead, SITE_PAGES, sitePageFileName } from '../../shared/site-meta';
import { SITE_PAGE_COMPONENTS } from './pages';

/**
 * Renders every site page into the built site.html: its language, head (title, description, canonical,
 * alternates, share tags) and body markup, so crawlers and the first paint need no JavaScript.
 */
export function prerenderSitePages(template: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [pathname, Page] of Object.entries(SITE_PAGE_COMPONENTS)) {
    const head = renderSiteHead(pathname, ORIGIN_PLACEHOLDER);
    if (!head || !SITE_PAGES[pathname]) throw new Error(`No head for the site page ${pathname}`);
    const body = renderToString(
      <StrictMode>
        <Page />
      </StrictMode>,
    );
    const html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${head.lang}"`)
      .replace('<!--site-head-->', head.head)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
    if (!html.includes(body)) throw new Error('site.html has no empty <div id="root"></div> to render into');
    files[sitePageFileName(pathname)] = html;
  }
  return files;
}

export { SITE_PAGES_DIR } from '../../shared/site-meta';
