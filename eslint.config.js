import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const NO_WEB_FROM_SERVER = {
  group: ['#src/web/*', '**/web/*'],
  message:
    'server/ and cli/ never import web/: shared facts live in common/ (docs/architecture.md, "Layers").',
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'data',
      'data-*',
      'node_modules',
      'test-results',
      'playwright-report',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The React compiler rules flag patterns we use on purpose (reading the URL after hydration).
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#src/server/*', '**/server/*'],
              message: 'web/ never imports server/ (docs/architecture.md, "Layers").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}', 'src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WEB_FROM_SERVER] }] },
  },
  {
    // A subsystem's tables are read and written by its own repositories only; another
    // subsystem asks its service (docs/architecture.md, "Layers"). Tests may set up any table.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_WEB_FROM_SERVER,
            {
              regex: '^(\\.\\.?/[a-z-]+|#src/server/[a-z-]+)/[a-z-]+-repository\\.ts$',
              message:
                'Another subsystem\'s repository is private to it: import what it offers from its service (docs/architecture.md, "Layers").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#src/web/*', '#src/server/*', '#src/cli/*', '**/web/*', '**/server/*'],
              message: 'common/ stands on nothing: both sides import it, it imports neither.',
            },
          ],
        },
      ],
    },
  },
)
