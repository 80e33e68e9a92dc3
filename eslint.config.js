import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/migrations/**',
      'apps/cms/**',
      'test-results/**',
      'playwright-report/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through config.ts only.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Feature folders do not reach into each other; shared code lives in lib/ or components/.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)',
              message: 'Import shared code from lib/ or components/, not from another feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The admin console (and the organisation console) is one feature with areas (users/, courses/,
    // analytics/...): from inside an area, ../../ is still the console; three levels up is another feature.
    files: ['apps/web/src/features/{admin,org}/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./\\.\\./(?!\\.\\.)',
              message: 'Import shared code from lib/ or components/, not from another feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's modules (apps/api/src/modules/<domain>/) are used by others only through their index.ts, and the
    // floors below them (lib, db, mail, plugins) never reach up into them (scripts/api-map.mjs, decision 020).
    files: ['apps/api/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)',
              message: 'Import another module through its index.ts (its public entry), not its inside.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)',
              message: 'Import another module through its index.ts (its public entry), not its inside.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/*.ts', 'apps/api/src/startup/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
              message: 'Import a module through its index.ts (its public entry), not its inside.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/{lib,db,mail,plugins}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|startup)/',
              message: 'lib, db, mail and plugins lie below the modules: they never import a module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/config.ts',
      'apps/api/test/**',
      'bench/**',
      'e2e/**',
      'scripts/**',
      '**/*.config.*',
      'apps/web/scripts/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' },
    },
  },
);
