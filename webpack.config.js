/* Builds the task pane. Development: https://localhost:3000 with Office.js served from the local
   @microsoft/office-js package and the local platform proxied under the same origin. Production: Office.js
   from Microsoft's CDN (the catalogue requires it) and manifest URLs swapped to ADDIN_PUBLIC_URL. */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { DEV_ORIGIN, appDomainsFrom, manifestFor, productionOrigin } = require('./scripts/manifest-urls');

const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** HTTPS options for the dev server: Office's trusted dev certificate, else a self-signed one, else none. */
async function devServerTransport() {
  if (process.env.DEV_SERVER_HTTP === '1') return 'http';
  try {
    const devCerts = require('office-addin-dev-certs');
    const options = await devCerts.getHttpsServerOptions();
    return { type: 'https', options: { ca: options.ca, key: options.key, cert: options.cert } };
  } catch (error) {
    console.warn(
      `\n[dev server] Office's development certificate is not installed (${error.message.split('\n')[0]}).\n` +
        '[dev server] Serving https with a self-signed certificate instead: open https://localhost:3000 once in the\n' +
        '[dev server] browser and accept it, or run `npx office-addin-dev-certs install` where that is possible.\n',
    );
    return 'https';
  }
}

module.exports = async (_env, argv) => {
  const dev = argv.mode !== 'production';
  const origin = dev ? DEV_ORIGIN : productionOrigin(process.env.ADDIN_PUBLIC_URL || DEV_ORIGIN);
  if (!dev && !process.env.ADDIN_PUBLIC_URL) {
    console.warn('[build] ADDIN_PUBLIC_URL is not set: dist/manifest.xml points at https://localhost:3000.');
  }
  const platformUrl = process.env.PLATFORM_URL || 'http://127.0.0.1:4000';
  const officeJs = dev ? '/office-js/office.js' : OFFICE_JS_CDN;

  return {
    devtool: dev ? 'source-map' : false,
    // The workbench (simulated Excel beside the pane) is a development tool: production builds leave it out.
    entry: dev ? { taskpane: './src/taskpane/index.tsx', workbench: './src/workbench/workbench.tsx' } : { taskpane: './src/taskpane/index.tsx' },
    output: { path: path.resolve(__dirname, 'dist'), filename: '[name].[contenthash:8].js', clean: true },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
            },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ filename: 'taskpane.html', template: './src/taskpane/taskpane.html', chunks: ['taskpane'], officeJs }),
      ...(dev ? [new HtmlWebpackPlugin({ filename: 'workbench.html', template: './src/workbench/workbench.html', chunks: ['workbench'], officeJs })] : []),
      new HtmlWebpackPlugin({ filename: 'commands.html', template: './src/commands.html', chunks: [], officeJs }),
      new HtmlWebpackPlugin({ filename: 'support.html', template: './src/support.html', chunks: [] }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          { from: 'manifest.xml', to: 'manifest.xml', transform: (content) => manifestFor(content.toString(), origin, appDomainsFrom(process.env.PLATFORM_APP_DOMAINS)) },
        ],
      }),
    ],
    performance: { hints: false },
    devServer: dev ? {
      host: 'localhost',
      port: Number(process.env.DEV_SERVER_PORT || 3000),
      server: await devServerTransport(),
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: [{ directory: path.join(__dirname, 'node_modules/@microsoft/office-js/dist'), publicPath: '/office-js' }],
      proxy: [{ context: ['/api', '/cubejs-api', '/__platform', '/auth'], target: platformUrl, changeOrigin: false }],
      client: { overlay: { warnings: false } },
    } : undefined,
  };
};
