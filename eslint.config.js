import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'lib/**', 'node_modules/**', 'coverage/**', 'bench/out/**', 'scratch/**'] },
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
