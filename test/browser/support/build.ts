import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import webpack from 'webpack';

const root = join(__dirname, '..', '..', '..');

/** Builds the add-in once per test run (development mode, so the workbench is included). */
export async function buildForBrowserTests(): Promise<string> {
  const output = join(root, 'test-results', 'browser-build');
  if (process.env.REUSE_BROWSER_BUILD === '1' && existsSync(output) && readdirSync(output).includes('workbench.html')) return output;
  mkdirSync(output, { recursive: true });
  process.env.DEV_SERVER_HTTP = '1';
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
  const makeConfig = require(join(root, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Promise<webpack.Configuration>;
  const config = await makeConfig({}, { mode: 'development' });
  config.output = { ...config.output, path: output };
  config.devtool = false;
  await new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
  return output;
}
