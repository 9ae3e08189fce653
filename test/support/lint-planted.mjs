// Lints planted code with the repository's ESLint config, in a Node process of its own: Jest's module sandbox
// cannot load an ESM config file. Reads [{ filePath, code }] (paths from the repository root; code null lints the
// file on disk) as JSON on stdin; writes [{ filePath, messages: [{ line, ruleId, message }] }] on stdout.
// Planted files do not exist, so the project service cannot type them: they are linted without type
// information. The circle fixtures under test/fixtures/lint/ get the config's own no-cycle rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = join(import.meta.dirname, '..', '..');
const config = (await import(pathToFileURL(join(root, 'eslint.config.mjs')).href)).default;
const noCycle = config.find((block) => block.rules?.['import-x/no-cycle']);
const planted = ['**/*planted*', 'test/fixtures/lint/**'];
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    { files: planted, ...tseslint.configs.disableTypeChecked },
    { files: planted, languageOptions: { parserOptions: { projectService: false } } },
    { files: ['test/fixtures/lint/**'], rules: noCycle.rules },
  ],
});
const results = [];
for (const { filePath, code } of JSON.parse(readFileSync(0, 'utf8'))) {
  const [result] = code === null ? await eslint.lintFiles([join(root, filePath)]) : await eslint.lintText(code, { filePath: join(root, filePath) });
  results.push({ filePath, messages: result.messages.map(({ line, ruleId, message }) => ({ line, ruleId, message })) });
}
process.stdout.write(JSON.stringify(results));
