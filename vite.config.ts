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

// Three entries, one build: index.html (marketing, auth, owner, admin) and diner.html (/f/*, /r/*),
// so a diner's phone downloads only what the rating needs.
export default defineConfig({
  plugins: [react(), tailwindcss(), serveDinerEntryInDev(), preloadFont(), warnLargeChunksButTheEditor()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Vite's own warning is off: warnLargeChunksButTheEditor() gives it for every chunk but the lazy email editor.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        diner: resolve(import.meta.dirname, 'diner.html'),
        site: resolve(import.meta.dirname, 'site.html'),
      },
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
});
