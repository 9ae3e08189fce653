// `npm run start:cube`: the Cube Core stand-in (a Cube REST API only, no Platform API) and the add-in's dev server,
// together, the way a self-hosted Cube is used (README, "Use it with your own Cube"). Ctrl+C stops both.
// Ports: CUBE_PORT (4100) and DEV_SERVER_PORT (3000); the stand-in's CORS answers the dev server's origin.
import { spawn } from 'node:child_process';

const devPort = process.env.DEV_SERVER_PORT ?? '3000';
const origin = `${process.env.DEV_SERVER_HTTP === '1' ? 'http' : 'https'}://localhost:${devPort}`;
const children = [];

function run(name, args, env) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout.on('data', (chunk) => process.stdout.write(name === 'cube' ? chunk : prefix(name, chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(name, chunk)));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) {
      process.stderr.write(`[${name}] stopped with exit code ${code}; stopping everything.\n`);
      stop(code);
    }
  });
  return child;
}

function prefix(name, chunk) {
  return chunk.toString().split('\n').map((line, i, all) => (i === all.length - 1 && line === '' ? '' : `[${name}] ${line}`)).join('\n');
}

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const cube = run('cube', ['-r', '@swc-node/register', 'server/cube-core/main.ts'], { CUBE_CORS_ORIGIN: process.env.CUBE_CORS_ORIGIN ?? origin });
cube.stdout.once('data', () => {
  run('dev-server', ['node_modules/webpack/bin/webpack.js', 'serve', '--mode', 'development'], { DEV_SERVER_PORT: devPort });
});
