import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/** Rules of the source tree that lint cannot state: files small enough to read, and no import circles. */
const ROOT = join(__dirname, '..', '..');
const MAX_LINES = 300;
/** A file may be longer when it says near its top why it is a table of data, not code to split. */
const EXEMPTION = 'Data table:';
const EXEMPTION_WITHIN_LINES = 15;

/** Every `.ts` and `.tsx` file under `folder`, as absolute paths. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const repoPath = (file: string) => relative(ROOT, file).split('\\').join('/');

function lineCount(text: string): number {
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** The file a relative import names, as a bundler resolves it (`.ts`, `.tsx`, then the folder's `index`), or null. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The files a file imports by a relative path: static imports and re-exports (type-only ones too) and
 * `import('…')`, as TypeScript's own scanner finds them.
 */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

/** Tarjan's strongly connected components of more than one file, or of one file that imports itself. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    lowLink.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) circles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles;
}

/** One way round a circle, for the failure message: `a → b → … → a`. */
function oneWayRound(graph: Map<string, string[]>, circle: string[]): string {
  const members = new Set(circle);
  const start = circle[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file)!.filter((t) => members.has(t))) {
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start].map(repoPath).join(' → ');
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return circle.map(repoPath).join(', ');
}

describe('source rules', () => {
  it(`keeps every file under src/ and server/ to ${MAX_LINES} lines, a data table that says so excepted`, () => {
    const tooLong = ['src', 'server'].flatMap((folder) => sourceFiles(join(ROOT, folder))).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const lines = lineCount(text);
      if (lines <= MAX_LINES) return [];
      if (text.split('\n').slice(0, EXEMPTION_WITHIN_LINES).some((line) => line.includes(EXEMPTION))) return [];
      return [`${repoPath(file)}: ${lines} lines`];
    });
    expect(tooLong).toEqual([]);
  });

  it('has no import circles among the files of src/ (type-only and dynamic imports count)', () => {
    const files = sourceFiles(join(ROOT, 'src'));
    const inSrc = new Set(files);
    const graph = new Map(files.map((file) => [file, [...new Set(relativeImports(file).filter((target) => inSrc.has(target)))]]));
    const circles = importCircles(graph).map((circle) => `${circle.map(repoPath).join(', ')}\n    e.g. ${oneWayRound(graph, circle)}`);
    expect(circles).toEqual([]);
  });
});
