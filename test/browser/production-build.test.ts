import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';

jest.setTimeout(240_000);
const root = join(__dirname, '..', '..');

test('the production build has no workbench or simulator, loads Office.js from the CDN and points the manifest at ADDIN_PUBLIC_URL', async () => {
  const output = mkdtempSync(join(tmpdir(), 'report-sync-prod-'));
  const previous = process.env.ADDIN_PUBLIC_URL;
  process.env.ADDIN_PUBLIC_URL = 'https://addin.reports.example.com/';
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
    const makeConfig = require(join(root, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Promise<webpack.Configuration>;
    const config = await makeConfig({}, { mode: 'production' });
    config.output = { ...config.output, path: output };
    await new Promise<void>((resolve, reject) => {
      webpack(config, (error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats!.toString('errors-only'))) : resolve()));
    });
    const files = readdirSync(output);
    expect(files).not.toContain('workbench.html');
    const scripts = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(output, f), 'utf8')).join('\n');
    expect(scripts.length).toBeGreaterThan(1000);
    for (const marker of ['#UNEVALUATED!', 'report-sync.workbench.workbook', 'Reload pane', 'formulaCells']) expect(scripts).not.toContain(marker);
    expect(readFileSync(join(output, 'taskpane.html'), 'utf8')).toContain('https://appsforoffice.microsoft.com/lib/1/hosted/office.js');
    const manifest = readFileSync(join(output, 'manifest.xml'), 'utf8');
    expect(manifest).toContain('https://addin.reports.example.com/taskpane.html');
    expect(manifest).not.toContain('localhost');
  } finally {
    if (previous === undefined) delete process.env.ADDIN_PUBLIC_URL;
    else process.env.ADDIN_PUBLIC_URL = previous;
    rmSync(output, { recursive: true, force: true });
  }
});
