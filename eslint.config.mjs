// Lint: typescript-eslint's recommended rules plus the Office add-in rules Microsoft's `office-addin-lint`
// applies (load before read, sync after load, no sync in loops, isNullObject checks). Prettier's formatting
// rules from that preset are not adopted: formatting is left to editors, lint is kept for defects.
import js from '@eslint/js';
import officeAddins from 'eslint-plugin-office-addins';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.platform-data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'office-addins': officeAddins },
    rules: {
      'office-addins/call-sync-after-load': 'error',
      'office-addins/call-sync-before-read': 'error',
      'office-addins/load-object-before-read': 'error',
      'office-addins/no-context-sync-in-loop': 'error',
      'office-addins/no-empty-load': 'error',
      'office-addins/no-navigational-load': 'error',
      'office-addins/no-office-initialize': 'error',
      'office-addins/test-for-null-using-isNullObject': 'error',
      'no-eval': 'error',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          // `array.forEach(async …)` starts every write at once and loses their errors.
          selector: "CallExpression[callee.property.name='forEach'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: 'forEach does not await async callbacks; use for…of (in order) or Promise.all (concurrent).',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Node scripts and config files are CommonJS or plain ESM run by Node.
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The simulator's own tests break the Office.js rules on purpose: they read before load/sync to prove the
    // simulator throws as Office.js does, and sync in loops to build sheets larger than one request allows.
    files: ['test/unit/excel-sim.test.ts'],
    rules: {
      'office-addins/call-sync-before-read': 'off',
      'office-addins/call-sync-after-load': 'off',
      'office-addins/load-object-before-read': 'off',
      'office-addins/no-context-sync-in-loop': 'off',
    },
  },
);
