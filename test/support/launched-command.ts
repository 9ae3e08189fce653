import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..', '..');

/** A shell command as a reader types it, in the project folder, in a process group of its own. */
export interface LaunchedCommand {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with stdout once it matches `pattern`; rejects if the command ends first or `timeoutMs` passes. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the whole group (the shell, npm, the launcher and what it started) and waits for the command to end. */
  stop(): Promise<void>;
}

/** Runs `command` through /bin/sh, with this Node first on PATH and `env` over this process's environment. */
export function launch(command: string, env: NodeJS.ProcessEnv = {}): LaunchedCommand {
  const merged: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(command, { cwd: root, env: merged, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let ended = false;
  void exited.then(() => (ended = true)); // only marks the end; `exited` is awaited by whoever needs the outcome
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (pattern, timeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`"${command}" printed nothing matching ${pattern} within ${timeoutMs} ms:\n${out}\n${err}`)), timeoutMs);
        const check = () => {
          const match = pattern.exec(out);
          if (match) finish(null, match);
        };
        const onExit = () => finish(new Error(`"${command}" ended before printing ${pattern}:\n${out}\n${err}`));
        function finish(error: Error | null, match?: RegExpMatchArray) {
          clearTimeout(timer);
          child.stdout!.off('data', check);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve(match!);
        }
        child.stdout!.on('data', check);
        child.once('exit', onExit);
        check();
      }),
    stop: async () => {
      if (!ended) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // The group is already gone.
        }
      }
      await exited;
    },
  };
}

/** The processes below `pid`, each with its command line, from Linux's /proc. */
export function descendants(pid: number): { pid: number; commandLine: string }[] {
  const found: { pid: number; commandLine: string }[] = [];
  const visit = (parent: number) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children: string;
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const id of children.split(' ').filter(Boolean).map(Number)) {
        let commandLine = '';
        try {
          commandLine = readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').join(' ');
        } catch {
          // It ended meanwhile: listed without its command line.
        }
        found.push({ pid: id, commandLine });
        visit(id);
      }
    }
  };
  visit(pid);
  return found;
}

/** Whether a process is still there (a zombie nobody reaped yet counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
