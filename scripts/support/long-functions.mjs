#!/usr/bin/env node
// Lists the functions and components of src/ (tests left out) longer than a number of lines, longest first
// (issue 51: "functions over 100 lines"). A function is a declaration, an expression, an arrow function, a
// method, a constructor or an accessor; its lines run from its first to its last, signature included, and an
// inner function is counted again on its own. Read with the TypeScript compiler's parser: nothing is run.
//   node scripts/node22.mjs scripts/support/long-functions.mjs [--over 100] [--json] [folder…]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const isTest = (file) => /\.test\.tsx?$/.test(file) || /\.d\.ts$/.test(file);

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !isTest(entry.name)) yield full;
  }
}

/** The name a function is known by: its own, its variable's, its property's or its class member's. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  if (ts.isExportAssignment(parent)) return 'default';
  return '(anonymous)';
}

/** Every function of the files under `folders` with more than `over` lines: { file, name, line, lines }. */
export function longFunctions({ folders = ['src'], over = 100 } = {}) {
  const found = [];
  for (const folder of folders) {
    for (const file of sourceFiles(path.resolve(root, folder))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > over) found.push({ file: path.relative(root, file), name: nameOf(node, source), line: start + 1, lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const overAt = args.indexOf('--over');
  const over = overAt >= 0 ? Number(args[overAt + 1]) : 100;
  const json = args.includes('--json');
  const folders = args.filter((arg, index) => !arg.startsWith("--") && (overAt < 0 || index !== overAt + 1));
  const found = longFunctions({ folders: folders.length ? folders : ['src'], over });
  if (json) console.log(JSON.stringify(found, null, 2));
  else {
    for (const { file, name, line, lines } of found) console.log(`${String(lines).padStart(4)}  ${file}:${line}  ${name}`);
    console.log(`${found.length} functions over ${over} lines`);
  }
}
