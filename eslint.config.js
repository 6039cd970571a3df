import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/dev-dist/**', '**/.bench-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['customer-web/**/*.{ts,tsx}', 'store-pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // ARCHITECTURE.md: shared runs in browser, worker and Node, and imports no other package.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', '@optik/api', '@optik/customer-web', '@optik/store-pwa', 'react'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'process', 'Buffer'],
    },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use nothing of it.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['customer-web/src/**', 'store-pwa/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@optik/api', '@optik/api/*'] }] },
  },
);
