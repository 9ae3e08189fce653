import HtmlWebpackPlugin from 'html-webpack-plugin';
import { runWebpack, webpackConfig } from '../test/browser/support/build';

/**
 * The production build as shipped, plus the workbench (the pane beside the emulated workbook, on Microsoft's Excel
 * API library, as in Excel) built the same way, and any extra pages: benchmarks measure what users run, not the
 * development build with React's development checks.
 */
export async function productionBuild(output: string, extraPages: Record<string, { entry: string; html: string }> = {}): Promise<void> {
  const config = await webpackConfig('production', output);
  const extraEntries = Object.fromEntries(Object.entries(extraPages).map(([name, page]) => [name, page.entry]));
  config.entry = { ...(config.entry as Record<string, string>), workbench: './workbench/workbench.tsx', ...extraEntries };
  config.plugins!.push(
    new HtmlWebpackPlugin({ filename: 'workbench.html', template: './workbench/workbench.html', chunks: ['workbench'], officeJs: '/office-js/excel-web-16.00.js' }),
    ...Object.entries(extraPages).map(([name, page]) => new HtmlWebpackPlugin({ filename: `${name}.html`, templateContent: page.html, chunks: [name] })),
  );
  await runWebpack(config);
}
