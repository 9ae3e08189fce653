// Lint: typescript-eslint's recommended rules plus the Office add-in rules Microsoft's `office-addin-lint`
// applies (load before read, sync after load, no sync in loops, isNullObject checks). Prettier's formatting
// rules from that preset are not adopted: formatting is left to editors, lint is kept for defects.
import js from '@eslint/js';
import officeAddins from 'eslint-plugin-office-addins';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import voidSaysWhy from './eslint-rules/void-says-why.mjs';

/**
 * Dependencies point one way (docs/architecture.md, ../shared/tools/boundaries.txt): each folder of src/ names the
 * folders it may import; import-x's no-restricted-paths checks the file an import resolves to (type-only imports
 * too), so `../excel`, `../excel/x` and `./x` inside src/excel are told apart by where they land, not by their text.
 * Bottom to top: contract, core, layout (what a layout is), ports; the adapters (client, excel, workbook; platform
 * and session over a client); the use cases (placements, then the RS functions, then monitoring, builder and
 * chat); the pane (stores, composition); the views. Typed error classes (files named `*errors.ts`) are vocabulary
 * the use cases and views may name; core and below may not.
 */
const root = import.meta.dirname;
/** no-restricted-paths matches absolute paths: a glob from the repository root, made absolute. */
const at = (glob) => `${root}/${glob}`;
/** Every file of src/ outside the given folders. */
const srcBut = (folders) => at(`src/!(${folders.join('|')})/**`);
const typedErrors = [at('src/**/*errors.ts')];
const pure = ['contract', 'core', 'layout', 'ports'];
const useCases = ['placements', 'functions', 'monitoring', 'builder', 'chat'];
const adapters = ['client', 'excel', 'platform', 'workbook', 'session', 'storage'];
/** What each folder of src/ may import besides itself; typed errors of any folder as well when `errors` is set. */
const layers = {
  contract: { may: [] },
  core: { may: ['contract'] },
  layout: { may: ['contract', 'core'] },
  ports: { may: ['contract', 'core', 'layout'] },
  client: { may: pure },
  excel: { may: pure },
  // Reports kept in the workbook (issue 26): an adapter of the report store and placement registry ports over the
  // workbook parts port; it reaches Excel only through src/ports.
  workbook: { may: pure },
  platform: { may: [...pure, 'client', 'workbook'] },
  session: { may: [...pure, 'client', 'workbook'] },
  // The add-in's own storage (localStorage, per user and origin, never the workbook): it implements the storage
  // interfaces its users define (the pane's consent and Cube connections, the chat's threads, the session's settings).
  storage: { may: [...pure, 'session', 'chat', 'pane'] },
  // The use cases reach the network and Excel only through src/ports.
  placements: { may: pure, errors: true },
  // The RS functions (issue 28): answered over the ports and the report runner; Refresh all (monitoring) refreshes them.
  functions: { may: [...pure, 'placements'], errors: true },
  monitoring: { may: [...pure, 'placements', 'functions'], errors: true },
  builder: { may: [...pure, 'placements', 'functions'], errors: true },
  chat: { may: [...pure, 'placements', 'functions', 'builder'], errors: true },
  pane: { may: [...pure, ...adapters, ...useCases] },
  taskpane: { may: [...pure, ...adapters, ...useCases, 'pane'] },
  // The sign-in dialog's pages: a session over a client, nothing of the pane.
  auth: { may: [...pure, 'client', 'session'] },
};
const layerZones = Object.entries(layers).map(([layer, { may, errors }]) => ({
  target: at(`src/${layer}/**`),
  from: srcBut([layer, ...may]),
  except: errors ? typedErrors : [],
  message: `src/${layer} may import only ${may.length ? may.map((f) => `src/${f}`).join(', ') : 'itself'}${errors ? ' and typed errors (*errors.ts)' : ''}.`,
}));
const boundaryZones = [
  ...layerZones,
  { target: at('src/**'), from: [at('server/**'), at('workbench/**')], message: 'src/ ships: it may not import the local platform (server/) or the workbench.' },
  {
    // Views render stores and send intents; the entry (index.tsx, mount*.tsx) composes.
    target: [at('src/taskpane/*/**'), at('src/taskpane/!(index|mount*).{ts,tsx}')],
    from: adapters.map((folder) => at(`src/${folder}/**`)),
    except: typedErrors,
    message: 'A view may not import Excel code, a client, the platform, the workbook, the session or the add-in\'s storage (typed errors, *errors.ts, excepted): read a store of src/pane and send it an intent.',
  },
  {
    // The workbench mounts the add-in through its entry, as Excel would; the PaneHost type comes from src/ports
    // (type-only, checked below).
    target: [at('workbench/*.{ts,tsx}'), at('workbench/!(excel-host)/**')],
    from: at('src/**'),
    except: [at('src/taskpane/mount*'), at('src/core/**'), at('src/contract/**'), at('src/ports/**')],
    message: 'The workbench may import only the task pane\'s mount (src/taskpane/mount*), src/core, src/contract and types of src/ports.',
  },
  {
    // The host emulator stands for Excel: it may use the A1 helpers of src/core, never the add-in's own Excel code
    // or rules (a misunderstanding of Excel would then be written once and agreed with twice).
    target: at('workbench/excel-host/**'),
    from: at('src/**'),
    except: [at('src/core/**')],
    message: 'The host emulator follows Microsoft\'s documentation, not the add-in\'s code: it may import only src/core.',
  },
  {
    target: at('workbench/excel-host/**'),
    from: ['cell-values', 'layout', 'excel-formats'].map((file) => at(`src/core/${file}*`)),
    message: 'The host emulator follows Microsoft\'s documentation, not the add-in\'s Excel rules.',
  },
  {
    target: at('server/**'),
    from: [srcBut(['contract', 'core']), at('workbench/**')],
    message: 'server/ may import only src/contract and src/core.',
  },
];

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
    plugins: { 'office-addins': officeAddins, local: { rules: { 'void-says-why': voidSaysWhy } } },
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
      'local/void-says-why': 'error',
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
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }] },
  },
  {
    // No import circle (type-only imports aside: they are erased at build time); a circle is two ideas tangled.
    files: ['src/**/*.{ts,tsx}', 'workbench/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['workbench/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/src/ports', '**/src/ports/**'], allowTypeImports: true, message: 'The workbench may import types of src/ports only (import type).' }] }],
    },
  },
  {
    // Views name a port's types (the host's theme, say) and its typed errors (ports/errors.ts), never call one.
    files: ['src/taskpane/**/*.{ts,tsx}'],
    ignores: ['src/taskpane/index.tsx', 'src/taskpane/mount*'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)ports(/(?!errors$)[^/]+)?$', allowTypeImports: true, message: 'A view may import types of src/ports and its typed errors (ports/errors.ts) only: read a store of src/pane and send it an intent.' }] }],
    },
  },
);
