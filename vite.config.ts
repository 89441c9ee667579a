import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** In `npm run dev`, serve the diner entry for /f/* and /r/* as the production server does. */
function serveDinerEntryInDev(): Plugin {
  return {
    name: 'refeed-diner-entry',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(f|r)\//.test(req.url)) req.url = '/diner.html';
        next();
      });
    },
  };
}

/** The site and the app preload their font (styles.css), so the first paint already uses it; the diner page has none. */
function preloadFont(): Plugin {
  return {
    name: 'refeed-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ctx.filename.endsWith('diner.html')) return [];
        const font = Object.keys(ctx.bundle ?? {}).find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
        if (!font) throw new Error('The Inter font file is missing from the build');
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The diner build's dynamic imports without Vite's dependency-preload helper (1 KB gzip of the diner's 75 KB
 * budget): with modulePreload off and one stylesheet (cssCodeSplit off) that helper has nothing to preload
 * and only calls the import, so the helper module is replaced by that call. Vite wraps each dynamic import
 * in `__vitePreload(() => import(...), deps)` from the virtual module `\0vite/preload-helper.js`
 * (vite/dist/node/chunks/node.js, Vite 8.3); the build fails if that module stops being asked for, so an
 * upgrade that renames it is noticed (see the check in generateBundle).
 */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
function dinerDynamicImportsWithoutPreload(): Plugin {
  let replaced = false;
  return {
    name: 'refeed-diner-no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      replaced = true;
      return 'export const __vitePreload = (load) => load();';
    },
    generateBundle() {
      if (!replaced) this.error(`${PRELOAD_HELPER_ID} was never loaded: Vite's preload helper changed (see vite.config.ts)`);
    },
  };
}

/**
 * Vite's 500 kB chunk warning, minus the email editor: GrapesJS (≈1.5 MB) is its own lazy chunk, fetched only
 * when an owner opens the visual editor (`npm run size` fails if it stops being separate), so warning about it at
 * every build said nothing. Any other chunk over 500 kB still warns.
 */
const CHUNK_WARNING_KB = 500;
const LAZY_EDITOR_CHUNK = 'visual-editor';
function warnLargeChunksButTheEditor(): Plugin {
  return {
    name: 'refeed-chunk-size-warning',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || file.name === LAZY_EDITOR_CHUNK) continue;
        const kb = Buffer.byteLength(file.code) / 1000;
        if (kb > CHUNK_WARNING_KB) this.warn(`${file.fileName} is ${Math.round(kb)} kB after minification (over ${CHUNK_WARNING_KB} kB): split it with a dynamic import()`);
      }
    },
  };
}

// Two builds into one folder (scripts/build-client.mjs, decision 099): `vite build` makes index.html
// (marketing, auth, owner, admin) and site.html; `vite build --mode diner` then adds diner.html (/f/*, /r/*)
// on its own, so the diner's chunks share nothing with the app's (no runtime or shared chunk to fetch) and
// skip the dependency-preload helper (its one lazy chunk, the thank-you screen, is fetched after the
// first paint anyway). `npm run dev` serves all three.
export default defineConfig(({ mode, command }) => {
  const dinerBuild = mode === 'diner';
  const input: Record<string, string> =
    command === 'serve'
      ? { main: resolve(import.meta.dirname, 'index.html'), diner: resolve(import.meta.dirname, 'diner.html'), site: resolve(import.meta.dirname, 'site.html') }
      : dinerBuild
        ? { diner: resolve(import.meta.dirname, 'diner.html') }
        : { main: resolve(import.meta.dirname, 'index.html'), site: resolve(import.meta.dirname, 'site.html') };
  return {
  plugins: [react(), tailwindcss(), serveDinerEntryInDev(), preloadFont(), warnLargeChunksButTheEditor(), ...(dinerBuild ? [dinerDynamicImportsWithoutPreload()] : [])],
  build: {
    outDir: 'dist/client',
    emptyOutDir: !dinerBuild,
    sourcemap: false,
    ...(dinerBuild ? { modulePreload: false as const, cssCodeSplit: false } : {}),
    // Vite's own warning is off: warnLargeChunksButTheEditor() gives it for every chunk but the lazy email editor.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rollupOptions: {
      input,
      // Give the chunks both entries share clear names (React), instead of names borrowed from a module inside them.
      output: {
        // The zod modules both entries use (core) land in an automatic shared chunk: name it after them.
        // Each language of the diner pages is a chunk named after it: the server preloads the page's own (decision 090).
        chunkFileNames: (chunk) => {
          const language = /i18n[\\/](diner|diner-more)[\\/]paraglide[\\/]messages[\\/](\w+)\.js$/.exec(chunk.facadeModuleId ?? '');
          if (language) return `assets/${language[1] === 'diner' ? 'diner-lang' : 'diner-more'}-${language[2]}-[hash].js`;
          return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /node_modules[\\/]zod[\\/]/.test(id)) ? 'assets/zod-[hash].js' : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  };
});
