// Lint: typescript-eslint's recommended rules plus the Office add-in rules Microsoft's `office-addin-lint`
// applies (load before read, sync after load, no sync in loops, isNullObject checks). Prettier's formatting
// rules from that preset are not adopted: formatting is left to editors, lint is kept for defects.
import js from '@eslint/js';
import officeAddins from 'eslint-plugin-office-addins';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Dependencies point one way (docs/architecture.md): a folder may not import the folders above it. Matched on
 * the import text, so both `../placements` and `../placements/x` are caught. Bottom to top: contract, core,
 * ports; the adapters (client, excel, platform); session; the use cases (placements, then monitoring, builder
 * and chat, with the RS functions between placements and monitoring); the pane's store; the views. The use cases reach Excel and the platform only through src/ports.
 */
const useCases = ['placements', 'functions', 'monitoring', 'builder', 'chat'];
const top = ['pane', 'taskpane', 'auth', 'workbench'];
const layers = {
  contract: ['core', 'ports', 'client', 'excel', 'platform', 'session', ...useCases, ...top],
  core: ['ports', 'client', 'excel', 'platform', 'session', ...useCases, ...top],
  ports: ['client', 'excel', 'platform', 'session', ...useCases, ...top],
  client: ['excel', 'platform', 'session', ...useCases, 'pane', 'taskpane', 'workbench'],
  excel: ['client', 'platform', 'session', ...useCases, ...top],
  platform: ['excel', 'session', ...useCases, ...top],
  // Reports kept in the workbook (issue 26): an adapter of the report store and placement registry ports over the
  // workbook parts port, beside src/platform; it reaches Excel only through src/ports.
  workbook: ['client', 'excel', 'platform', 'session', ...useCases, ...top],
  session: ['excel', 'platform', ...useCases, ...top],
  placements: ['client', 'excel', 'platform', 'functions', 'monitoring', 'builder', 'chat', ...top],
  // The RS functions (issue 28): answered over the ports and the report runner; Refresh all (monitoring) refreshes them.
  functions: ['client', 'excel', 'platform', 'monitoring', 'builder', 'chat', ...top],
  monitoring: ['client', 'excel', 'platform', 'builder', 'chat', ...top],
  builder: ['client', 'excel', 'platform', 'monitoring', 'chat', ...top],
  chat: ['excel', 'platform', 'monitoring', ...top],
  pane: ['taskpane', 'workbench'],
  taskpane: ['workbench'],
};
/** Typed errors are vocabulary, not a client: the use cases may tell a cancelled request or an API error by class. */
const clientExceptErrors = '(^|/)client(/(?!errors$)[^/]+)*$';
const forbid = (folders) => [folders].flat().flatMap((folder) => [`**/${folder}`, `**/${folder}/**`]);
const layerRules = Object.entries(layers).map(([layer, above]) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: [...forbid(above.filter((f) => f !== 'client')), '**/server/**', '!./*'], message: `src/${layer} may not depend on a folder above it, on Excel (use src/ports), or on the local platform.` },
        ...(above.includes('client') ? [{ regex: clientExceptErrors, message: `src/${layer} may not depend on a concrete client (use src/ports); its typed errors (client/errors) are allowed.` }] : []),
      ],
    }],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.platform-data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type information for the rules that need it (no-floating-promises); JS files stay untyped below.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
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
      // A promise nobody awaits loses its error; `void` marks a deliberate fire-and-forget (with a comment why).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          // `array.forEach(async …)` starts every write at once and loses their errors.
          selector: "CallExpression[callee.property.name='forEach'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: 'forEach does not await async callbacks; use for…of (in order) or Promise.all (concurrent).',
        },
        {
          // `.catch(() => …)` cannot even look at what went wrong; `.catch((_e) => …)` says it will not.
          selector: "CallExpression[callee.property.name='catch'] > :matches(ArrowFunctionExpression, FunctionExpression):matches([params.length=0], [params.0.name=/^_/])",
          message: 'This .catch discards the error: handle it, or say in an eslint-disable comment why nothing is lost.',
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
    // JS files are outside tsconfig, so they are linted without type information.
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Node scripts and config files are CommonJS or plain ESM run by Node.
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layerRules,
  {
    // The host emulator stands for Excel: it may use the A1 helpers of src/core, never the add-in's own
    // Excel code or rules (a misunderstanding of Excel would then be written once and agreed with twice).
    files: ['workbench/excel-host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: [...forbid('excel'), ...forbid('ports'), ...forbid('platform'), ...forbid('session'), ...useCases.flatMap(forbid), ...forbid('pane'), ...forbid('taskpane'), ...forbid('client'), '**/core/cell-values', '**/core/layout', '**/core/excel-formats'], message: 'The host emulator follows Microsoft\'s documentation, not the add-in\'s code.' }] }] },
  },
  {
    // The local platform shares only the contract and the pure core with the add-in.
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['client', 'excel', 'ports', 'platform', 'session', ...useCases, 'pane', 'taskpane', 'auth'].flatMap((folder) => forbid(`src/${folder}`)).concat(forbid('workbench')), message: 'server/ may import only src/contract and src/core.' }] }] },
  },
);
