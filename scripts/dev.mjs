// `npm run dev`: the API (restarted on change by tsx watch) and Vite's dev server with hot reload.
// Open http://localhost:5173; Vite forwards /api, /storage and /dev to the API on port 3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { compileCatalogues } from './i18n.mjs';

const root = path.resolve(import.meta.dirname, '..');
await compileCatalogues();
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/index.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
