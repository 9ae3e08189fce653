import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpack from 'webpack';

const root = join(__dirname, '..', '..', '..');

/** A hash of everything the build reads from the project, so a build is reused only while it is current. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) visit(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  visit(join(root, 'src'));
  visit(join(root, 'workbench'));
  visit(join(root, 'assets'));
  for (const file of ['webpack.config.js', 'manifest.xml', 'package-lock.json']) hash.update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The project's webpack configuration for a mode, served over plain http (tests and benchmarks use loopback). */
export async function webpackConfig(mode: 'development' | 'production', output: string): Promise<webpack.Configuration> {
  process.env.DEV_SERVER_HTTP = '1';
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
  const makeConfig = require(join(root, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Promise<webpack.Configuration>;
  const config = await makeConfig({}, { mode });
  return { ...config, context: root, output: { ...config.output, path: output } };
}

/** Runs webpack, failing with its error list when the build has errors. */
export function runWebpack(config: webpack.Configuration): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/**
 * Builds the add-in (development mode, so the workbench is included) once per source state: browser test
 * files running in parallel share it, and a finished build is moved into place whole.
 */
export async function buildForBrowserTests(): Promise<string> {
  const output = join(root, 'test-results', `browser-build-${sourceHash()}`);
  if (existsSync(join(output, 'workbench.html'))) return output;
  const staging = `${output}.${process.pid}`;
  mkdirSync(staging, { recursive: true });
  await runWebpack({ ...(await webpackConfig('development', staging)), devtool: false });
  writeFileSync(join(staging, 'built-from.txt'), `${new Date().toISOString()}\n`);
  if (existsSync(join(output, 'workbench.html'))) rmSync(staging, { recursive: true, force: true });
  else {
    rmSync(output, { recursive: true, force: true });
    renameSync(staging, output);
  }
  return output;
}
