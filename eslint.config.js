import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// Paths in the boundary rules are relative to this file, whichever folder `eslint` runs from.
const root = import.meta.dirname;
const api = './api/src';
const apiModules = readdirSync(new URL('./api/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The features, their registry and the composition root (deps.ts names feature types): the layers
// below the features must not reach them.
const featureSide = [`${api}/modules`, `${api}/collections.ts`, `${api}/deps.ts`, `${api}/app.ts`, `${api}/server.ts`];
const routeFiles = `${root}/api/src/modules/**/*routes.ts`;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/dev-dist/**', '**/.bench-dist/**', '**/dist-server/**', '**/.bench-dist-server/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // ARCHITECTURE.md: no import cycles anywhere, type-only imports included. import-x skips
    // type-only imports in no-cycle; `includeTypeImports` is ours, added by
    // patches/eslint-plugin-import-x@4.18.1.patch (pnpm patchedDependencies).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, includeTypeImports: true }],
    },
  },
  {
    // ARCHITECTURE.md (api/): features depend on their own repository and on other features'
    // services only; storage, coordination and the outside ports depend on no feature.
    files: ['api/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [
          { target: `${api}/storage`, from: featureSide, message: 'Storage depends on no feature: modules register their collections.' },
          { target: `${api}/coordination`, from: featureSide, message: 'Coordination depends on no feature.' },
          { target: `${api}/ports`, from: featureSide, message: 'Ports to the outside depend on no feature.' },
          // A module's repository is its own: other modules call its service.
          ...apiModules.map((m) => ({
            target: apiModules.filter((other) => other !== m).map((other) => `${api}/modules/${other}`),
            from: [`${api}/modules/${m}/repository.ts`, `${api}/modules/${m}/repository`],
            message: `Only ${m} uses its repository: call the ${m} service.`,
          })),
          // Routes are HTTP only (routes.ts, account-routes.ts …).
          { target: routeFiles, from: [`${api}/storage`, `${api}/collections.ts`], message: 'Routes are HTTP only: call the service, never storage.' },
          { target: routeFiles, from: `${root}/api/src/modules/*/repository{.ts,/**}`, message: 'Routes are HTTP only: call the service, never a repository.' },
        ],
      }],
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
