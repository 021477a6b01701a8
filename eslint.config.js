// ESLint 9 flat config. Type-aware typescript-eslint rules everywhere tsc checks;
// React hooks and accessibility rules for the SPA; import boundaries as in
// bulletproof-react: features stay apart, shared code never reaches into
// features or the app shell.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const featuresDir = path.join(root, 'src', 'features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const EMULATOR_SERVICES = ['auth', 'rest', 'storage', 'functions', 'realtime', 'cron', 'net', 'vault', 'mail'];

const sharedFolders = ['components', 'config', 'hooks', 'lib', 'types', 'utils'].map((f) => `./src/${f}`);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '**/.local/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      // Deno code, checked by `deno lint` / `deno check`.
      'supabase/functions/**',
      'packages/supabase-local/tests/project/supabase/functions/**',
      // Generated from the database.
      'src/types/database.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },

  // Type-aware rules for the app, its tests and the browser tests. The Node-side stack
  // keeps the syntactic rules only: tsc checks it, and type-aware linting there is slow.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/setup/**/*.{ts,tsx}', 'tests/e2e/**/*.ts', 'playwright.config.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
  },

  // Every user-facing text goes through the message catalogues (src/i18n): no literal text in
  // JSX, nor in the attributes people read or hear (labels, titles, placeholders, alt texts).
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/**/*-fixtures.tsx', 'src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'should-validate-template': true,
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'title',
              'placeholder',
              'alt',
              'label',
              'description',
              'message',
              'hint',
              'heading',
              'subtitle',
              'emptyText',
              'emptyTitle',
              'emptyMessage',
              'confirmLabel',
              'cancelLabel',
              'actionLabel',
              'text',
            ],
          },
        },
      ],
    },
  },

  // The browser app.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/setup/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: path.join(root, 'tsconfig.app.json') }, node: true },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports another feature; routes in src/app compose them.
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message:
                "Features do not import each other: move what they share to src/entities (the product's objects) or src/components, src/lib, src/hooks.",
            })),
            { target: './src/features', from: './src/app', message: 'Features do not import the app shell.' },
            // The product's central objects (slide, playlist, venue files, query keys) sit between
            // the features and the shared folders: features import them, they import only shared code.
            {
              target: './src/entities',
              from: ['./src/features', './src/app'],
              message:
                'Entities import only src/lib, src/config, src/types, src/components (and src/utils, src/hooks).',
            },
            {
              target: sharedFolders,
              from: ['./src/features', './src/app', './src/entities'],
              message: 'Shared code does not import entities, features or the app shell.',
            },
            // What ships to browsers stands apart from what deploys to Supabase and what only
            // emulates it: of supabase/ it may import only the contracts it shares with the
            // edge functions (through the @contracts alias).
            {
              target: './src',
              from: './supabase',
              except: ['./functions/_shared/contracts'],
              message: 'src/ imports only supabase/functions/_shared/contracts (as @contracts/…) of supabase/.',
            },
            {
              target: './src',
              from: ['./packages', './scripts', './tests/db', './tests/e2e', './tests/support'],
              message: 'src/ does not import the Supabase emulator, scripts or the database and end-to-end tests.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'supabase-local', message: 'The Supabase emulator is development tooling: src/ never imports it.' },
          ],
        },
      ],
    },
  },

  // Code that ships never imports test helpers (only src/**/*.test.* may).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'supabase-local', message: 'The Supabase emulator is development tooling: src/ never imports it.' },
          ],
          patterns: [{ group: ['@tests/*'], message: 'Test helpers are for tests only.' }],
        },
      ],
    },
  },

  // The emulator: each Supabase service it emulates stands alone; they share only the
  // gateway's HTTP helpers (http/), the database layer (db/) and the configuration. The
  // emulator never runs its test harness (testing/) or its tests.
  {
    files: ['packages/supabase-local/src/**/*.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...EMULATOR_SERVICES.map((name) => ({
              target: `./packages/supabase-local/src/${name}`,
              from: './packages/supabase-local/src',
              except: [`./${name}`, './http', './db', './config.ts'],
              message: `The emulator's services do not import each other: ${name}/ uses only http/, db/ and config.ts.`,
            })),
            {
              target: './packages/supabase-local/src',
              from: ['./packages/supabase-local/testing', './packages/supabase-local/tests'],
              message: 'The emulator does not import its test harness or its tests.',
            },
          ],
        },
      ],
    },
  },

  // The emulator's package knows no project but the ones it is given: its harness and its
  // conformance tests (with their fixture project) import nothing of this product.
  {
    files: ['packages/supabase-local/**/*.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/supabase-local',
              from: ['./src', './supabase', './scripts', './tests'],
              message:
                'The emulator is product-agnostic: it imports nothing of the product (src/, supabase/, scripts/, tests/).',
            },
          ],
        },
      ],
    },
  },

  // No import cycles, in the app or on Node: scripts/check-import-cycles.ts (part of
  // `npm run lint`) checks the whole graph in seconds, where import/no-cycle took half of
  // ESLint's time.

  // Everything that runs on Node: the local stack, scripts, tests, tool configs.
  {
    files: ['packages/supabase-local/**', 'scripts/**', 'tests/**', '*.config.{ts,js}'],
    ignores: ['tests/setup/**'],
    languageOptions: { globals: globals.node },
    rules: {
      // Command-line programs and the local stack report progress on stdout.
      'no-console': 'off',
      // Terminal output is cleaned of ANSI escapes, which are control characters.
      'no-control-regex': 'off',
    },
  },
);
