// The launchers' children (`npm start`, `npm run start:cube`): each a Node process whose output is prefixed with its
// name; one that fails stops the others, and Ctrl+C stops them all.
import { spawn } from 'node:child_process';

const children = [];

/** Starts `node <args>` as `name`; with `bare`, its output is printed as it comes (the main one's banner). */
export function run(name, args, env, { bare = false } = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout.on('data', (chunk) => process.stdout.write(bare ? chunk : prefix(name, chunk)));
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
