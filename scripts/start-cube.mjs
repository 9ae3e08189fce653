// `npm run start:cube`: the Cube Core stand-in (a Cube REST API only, no Platform API) and the add-in's dev server,
// together, the way a self-hosted Cube is used (README, "Try it with your own Cube", lists every setting read here
// and by what it starts). Ctrl+C stops both; either stopping by itself is said and stops the other.
// Ports: CUBE_PORT (4100) and DEV_SERVER_PORT (3000); the stand-in's CORS answers the dev server's origin unless
// CUBE_CORS_ORIGIN says otherwise.
import { run } from './child-processes.mjs';

const devPort = process.env.DEV_SERVER_PORT ?? '3000';
const origin = `${process.env.DEV_SERVER_HTTP === '1' ? 'http' : 'https'}://localhost:${devPort}`;
// No platform here: the dev server proxies /api, /cubejs-api, /oauth and /.well-known to one only when PLATFORM_URL names it, so a
// local platform someone else runs on port 4000 is never reached by accident.
const platformUrl = process.env.PLATFORM_URL ?? '';
const cube = run('cube', 'The Cube Core stand-in', ['-r', '@swc-node/register', 'server/cube-core/main.ts'], { CUBE_CORS_ORIGIN: process.env.CUBE_CORS_ORIGIN ?? origin }, { bare: true });
cube.stdout.once('data', () => {
  run('dev-server', "The add-in's dev server", ['node_modules/webpack/bin/webpack.js', 'serve', '--mode', 'development'], { DEV_SERVER_PORT: devPort, PLATFORM_URL: platformUrl });
  process.stdout.write(`  Dev server:    ${origin}/ proxies ${platformUrl ? `/api, /cubejs-api, /oauth and /.well-known to ${platformUrl}` : 'no platform (PLATFORM_URL names one)'}\n`);
});
