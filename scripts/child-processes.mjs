// The launchers' children (`npm start`, `npm run start:cube`): each a Node process whose output is prefixed with its
// name. One that stops by itself, however it stops, is named on stderr with its exit code or signal, and the others
// are stopped with it (exit code 1 when it left none of its own): a launcher never runs on half started. Ctrl+C stops
// them all.
import { spawn } from 'node:child_process';

const children = [];
let stopping = false;

/**
 * Starts `node <args>` as `name`, `what` saying in words what it is ("The Cube Core stand-in"); with `bare`, its
 * output is printed as it comes (the main one's banner).
 */
export function run(name, what, args, env, { bare = false } = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout.on('data', (chunk) => process.stdout.write(bare ? chunk : prefix(name, chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(name, chunk)));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    const exitCode = code || 1;
    process.stderr.write(`[${name}] ${what} stopped (${how}); stopping the rest and exiting with code ${exitCode}.\n`);
    stop(exitCode);
  });
  return child;
}

function prefix(name, chunk) {
  return chunk.toString().split('\n').map((line, i, all) => (i === all.length - 1 && line === '' ? '' : `[${name}] ${line}`)).join('\n');
}

function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
