import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architectureConfig, platformDoorConfig, PRODUCT_LAYOUT } from './eslint.architecture.js';

const DEFINE_JOB_ELSEWHERE = {
  selector: "CallExpression[callee.name='defineJob']",
  message: 'A job is defined in a *.jobs.ts file only (decision 086); a sender that would close an import circle declares its queue with defineJobQueue.',
};
const BOSS_SENDS = ["[callee.object.name='boss']", "[callee.object.property.name='boss']"].map((boss) => ({
  selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(send|insert|upsert)$/]${boss}`,
  message: 'Queue a job with enqueueJob, enqueueJobs or upsertJob (jobs/queue.ts, decision 086): they check its payload and keep it in the transaction.',
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'drizzle', 'tests/lint/fixtures', 'tests/lint/fixtures-platform', 'src/shared/i18n/*/paraglide'] },
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
  // The platform (what reaches past a library) is entered through its door only: src/server/platform/index.ts.
  ...platformDoorConfig(import.meta.dirname, ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}']),
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
  // One job convention (decision 086): jobs defined in `*.jobs.ts` files only, queued through jobs/queue.ts only.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.jobs.ts', 'src/server/jobs/queue.ts'],
    rules: { 'no-restricted-syntax': ['error', DEFINE_JOB_ELSEWHERE, ...BOSS_SENDS] },
  },
  {
    files: ['src/server/**/*.jobs.ts'],
    rules: { 'no-restricted-syntax': ['error', ...BOSS_SENDS] },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
