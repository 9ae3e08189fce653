// `npm run start:cube`: the Cube Core stand-in (a Cube REST API only, no Platform API) and the add-in's dev server,
// together, the way a self-hosted Cube is used (README, "Use it with your own Cube"). Ctrl+C stops both.
// Ports: CUBE_PORT (4100) and DEV_SERVER_PORT (3000); the stand-in's CORS answers the dev server's origin.
import { run } from './child-processes.mjs';

const devPort = process.env.DEV_SERVER_PORT ?? '3000';
const origin = `${process.env.DEV_SERVER_HTTP === '1' ? 'http' : 'https'}://localhost:${devPort}`;
const cube = run('cube', ['-r', '@swc-node/register', 'server/cube-core/main.ts'], { CUBE_CORS_ORIGIN: process.env.CUBE_CORS_ORIGIN ?? origin }, { bare: true });
cube.stdout.once('data', () => {
  run('dev-server', ['node_modules/webpack/bin/webpack.js', 'serve', '--mode', 'development'], { DEV_SERVER_PORT: devPort });
});
