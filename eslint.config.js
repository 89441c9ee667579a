import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architectureConfig, PRODUCT_LAYOUT } from './eslint.architecture.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'drizzle', 'tests/lint/fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Features never import each other, the layers below them never import a feature, no import cycle.
  ...architectureConfig(import.meta.dirname, PRODUCT_LAYOUT, ['src/**/*.{ts,tsx}']),
  {
    // The architecture's dependency direction: shared imports neither side; client and server never import each other.
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/client/**'] }] },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], allowTypeImports: true }] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from src/server/env.ts only.' }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
