import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two entries, one build: index.html (marketing, auth, owner, admin) and diner.html (/f/*, /r/*),
// so a diner's phone downloads only what the rating needs.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: { main: resolve(import.meta.dirname, 'index.html'), diner: resolve(import.meta.dirname, 'diner.html') },
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
