import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'lib/**',
      'node_modules/**',
      'coverage/**',
      'bench/out/**',
      'scratch/**',
      'test/fixtures/scan-blind/**',
      'test/fixtures/corpus/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
    },
  },
  {
    // A list spread into a call's arguments throws RangeError past some length (~120,000 on V8):
    // lists that data can grow go through pushAll / maxOf / minOf (src/core/push-all.ts) instead.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          ['CallExpression[callee.property.name=/^(?:push|unshift|splice)$/] > SpreadElement', 'push/unshift/splice(...list)'],
          ["CallExpression[callee.object.name='Math'][callee.property.name=/^(?:max|min)$/] > SpreadElement", 'Math.max/min(...list)'],
          [
            "CallExpression[callee.object.name='String'][callee.property.name=/^fromC(?:harCode|odePoint)$/] > SpreadElement",
            'String.fromCharCode(...list)',
          ],
          ["CallExpression[callee.property.name='apply']", '.apply(…, list)'],
        ].map(([selector, what]) => ({
          selector,
          message: `${what}: spreading a list into a call's arguments fails on a long list; use pushAll, maxOf or minOf (src/core/push-all.ts).`,
        })),
      ],
    },
  },
  {
    // CommonJS (bin/package.json): Node starts it without the ES module loader.
    files: ['bin/plangate.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:fs',
                'node:fs/*',
                'fs',
                'fs/*',
                'node:child_process',
                'child_process',
                'node:net',
                'node:http',
                'node:https',
                'node:process',
              ],
              message: 'src/core is pure: no fs, no network, no process.',
            },
            { group: ['@actions/*', 'probot', '@octokit/*'], message: 'src/core is pure: adapters talk to GitHub.' },
          ],
        },
      ],
      // The import rules live in .dependency-cruiser.cjs (npm run lint); a global is not an import.
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'src/core is pure: the adapter passes in what it read from the process.' },
      ],
    },
  },
);
