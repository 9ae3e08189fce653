/* Builds the task pane. Development: https://localhost:3000 with Office.js served from the local
   @microsoft/office-js package and the local platform proxied under the same origin. Production: Office.js
   from Microsoft's CDN (the catalogue requires it) and manifest URLs swapped to ADDIN_PUBLIC_URL. The task
   pane carries a Content-Security-Policy; PLATFORM_ORIGINS lists the platform origins it may call beyond its own. */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');
const { LocalizedFunctionsMetadataPlugin } = require('./scripts/functions-metadata');
const { DEV_ORIGIN, appDomainsFrom, manifestFor, productionOrigin } = require('./scripts/manifest-urls');
const { contentSecurityPolicy, cubeOriginsFrom, platformOriginsFrom } = require('./scripts/content-security-policy');

const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** HTTPS options for the dev server on `port`: Office's trusted dev certificate, else a self-signed one, else none. */
async function devServerTransport(port) {
  if (process.env.DEV_SERVER_HTTP === '1') return 'http';
  try {
    const devCerts = require('office-addin-dev-certs');
    const options = await devCerts.getHttpsServerOptions();
    return { type: 'https', options: { ca: options.ca, key: options.key, cert: options.cert } };
  } catch (error) {
    console.warn(
      `\n[dev server] Office's development certificate is not installed (${error.message.split('\n')[0]}).\n` +
        `[dev server] Serving https with a self-signed certificate instead: open https://localhost:${port} once in the\n` +
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
  // The platform the dev server proxies under its own origin; set but empty, none (`npm run start:cube` has none).
  const platformUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:4000';
  const officeJs = dev ? '/office-js/office.js' : OFFICE_JS_CDN;
  const devPort = Number(process.env.DEV_SERVER_PORT || 3000);
  const csp = contentSecurityPolicy({
    dev,
    platformOrigins: platformOriginsFrom(process.env.PLATFORM_ORIGINS),
    cubeOrigins: cubeOriginsFrom(process.env.CUBE_API_ORIGINS),
    devSocket: `${process.env.DEV_SERVER_HTTP === '1' ? 'ws' : 'wss'}://localhost:${devPort}`,
  });

  return {
    devtool: dev ? 'source-map' : false,
    // The workbench (the pane beside an emulated Excel, on Microsoft's Excel API library) is a development tool:
    // production builds leave it out.
    entry: {
      taskpane: './src/taskpane/index.tsx',
      // The sign-in dialog's pages (docs/sign-in.md).
      'auth-start': './src/auth/start.ts',
      'auth-callback': './src/auth/callback.ts',
      ...(dev ? { workbench: './workbench/workbench.tsx' } : {}),
    },
    output: { path: path.resolve(__dirname, 'dist'), filename: '[name].[contenthash:8].js', clean: true },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Transpile only, file by file (tsconfig's isolatedModules keeps that sound): `npm run typecheck` is the
          // type check, so the build stays fast. tsconfig.json (react-jsx) targets ES2022 for that check; the
          // pane ships ES2020, with class fields defined as the check assumes, and source maps when webpack keeps them.
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              compilerOptions: { target: 'es2020', useDefineForClassFields: true, sourceMap: dev },
            },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ filename: 'taskpane.html', template: './src/taskpane/taskpane.html', chunks: ['taskpane'], officeJs, csp }),
      ...(dev ? [new HtmlWebpackPlugin({ filename: 'workbench.html', template: './workbench/workbench.html', chunks: ['workbench'], officeJs: '/office-js/excel-web-16.00.js' })] : []),
      new HtmlWebpackPlugin({ filename: 'auth/start.html', template: './src/auth/start.html', chunks: ['auth-start'], csp }),
      new HtmlWebpackPlugin({ filename: 'auth/callback.html', template: './src/auth/callback.html', chunks: ['auth-callback'], officeJs, csp }),
      new HtmlWebpackPlugin({ filename: 'support.html', template: './src/support.html', chunks: [] }),
      // The RS functions (docs/functions.md): functions.json from functions.ts's JSDoc, and Microsoft's loader appends
      // `CustomFunctions.associate(id, function)` to functions.ts in whichever chunk bundles it (the pane's: in the
      // shared runtime the functions run in the pane's page). functions-de.json is written from it for German Excel.
      // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json-autogeneration
      new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: path.resolve(__dirname, 'src/functions/functions.ts') }),
      new LocalizedFunctionsMetadataPlugin({
        from: 'functions.json',
        to: 'functions-de.json',
        translations: path.resolve(__dirname, 'src/functions/functions-de.ts'),
        exportName: 'functionsDe',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          // As written: minified, a file of comments only would be served empty.
          { from: 'src/functions/functions-script.js', to: 'functions.js', info: { minimized: true } },
          { from: 'manifest.xml', to: 'manifest.xml', transform: (content) => manifestFor(content.toString(), origin, appDomainsFrom(process.env.PLATFORM_APP_DOMAINS)) },
        ],
      }),
    ],
    performance: { hints: false },
    devServer: dev ? {
      host: 'localhost',
      port: devPort,
      server: await devServerTransport(devPort),
      // No CORS: these headers reach the proxied platform's answers too. The pane and the platform share this origin.
      headers: { 'X-Content-Type-Options': 'nosniff' },
      static: [{ directory: path.join(__dirname, 'node_modules/@microsoft/office-js/dist'), publicPath: '/office-js' }],
      // Not /__platform: fault injection stays on the platform's own loopback port.
      // /auth is the add-in's own sign-in pages; the platform's authorization server is /oauth and /.well-known.
      proxy: platformUrl ? [{ context: ['/api', '/cubejs-api', '/oauth', '/.well-known'], target: platformUrl, changeOrigin: false }] : [],
      client: { overlay: { warnings: false } },
      // `/` opens the workbench (the task pane beside an emulated workbook), keeping any query (?syncDelayMs=);
      // a fragment (#token=) is kept by the browser across the redirect. Development only, like the workbench.
      setupMiddlewares: (middlewares) => [
        {
          name: 'workbench-home',
          middleware: (req, res, next) => {
            const [pathname, query] = req.url.split(/\?(.*)/s);
            if (pathname !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
            res.statusCode = 302;
            res.setHeader('Location', `/workbench.html${query ? `?${query}` : ''}`);
            res.end();
          },
        },
        ...middlewares,
      ],
    } : undefined,
  };
};
