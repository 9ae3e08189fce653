import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { crossFieldProblems, isMapping, MISSING_FIELD_HINTS, TeamConfigSchema, type TeamConfig } from './config-schema';

export { TEAM_CONFIG_EXAMPLE, type TeamConfig, type TeamDeployment } from './config-schema';

/**
 * Loads the Report Sync Server's team configuration (YAML, or JSON, which is YAML too). Every problem is reported
 * at once with its line and column, so an operator fixes the file in one pass instead of one error per restart.
 */

/** One thing wrong with the file; line 0 when it is not in the file (an environment variable, the file itself). */
export interface TeamConfigProblem {
  line: number;
  column: number;
  /** Where in the configuration, like `deployments[0].cubeApiUrl`; empty for the file as a whole. */
  path: string;
  message: string;
}

/** The configuration cannot be used; `message` has one `file:line:column: path: words` line per problem. */
export class TeamConfigError extends Error {
  override readonly name = 'TeamConfigError';

  constructor(
    readonly file: string,
    readonly problems: TeamConfigProblem[],
  ) {
    super(problems.map((problem) => `${file}:${problem.line}:${problem.column}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`).join('\n'));
  }
}

type Path = readonly (string | number)[];

/** Environment variables that fill or override a field, so a deployment can keep them out of the file. */
const ENV_OVERRIDES: readonly { variable: string; path: readonly [string, ...string[]] }[] = [
  { variable: 'DATABASE_URL', path: ['database', 'url'] },
  { variable: 'PLATFORM_OIDC_ISSUER', path: ['signIn', 'oidc', 'issuer'] },
  { variable: 'PLATFORM_OIDC_CLIENT_ID', path: ['signIn', 'oidc', 'clientId'] },
  { variable: 'PLATFORM_OIDC_CLIENT_SECRET', path: ['signIn', 'oidc', 'clientSecret'] },
];

/** Reads, fills from `env`, overrides from `env` and validates the file at `path`; throws TeamConfigError. */
export function loadTeamConfig(path: string, env: NodeJS.ProcessEnv): TeamConfig {
  const text = readText(path).replace(/^\uFEFF/, '');
  if (/\.json$/i.test(path)) checkJson(path, text);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  // Without valid syntax there is no structure to validate: the syntax errors alone are reported.
  if (doc.errors.length > 0) {
    throw new TeamConfigError(path, doc.errors.map((error) => ({ ...at(error.pos[0]), path: '', message: `${error.message} (YAML syntax)` })));
  }

  const found: { path: Path; message: string }[] = [];
  const unfilled = fillFromEnv(doc.contents, [], env, found);
  const raw: unknown = doc.toJS();
  const overridden = applyEnvOverrides(raw, env);
  // A value left unfilled is reported as such, not again as too short or not a URL; one the environment
  // replaces does not matter at all.
  const isUnfilled = (issuePath: Path) => unfilled.some((path) => isPrefix(path, issuePath));
  const kept: { path: Path; message: string; variable?: string }[] = found.filter((problem) => !overridden.has(problem.path.join('.')));

  const parsed = TeamConfigSchema.safeParse(raw);
  for (const issue of parsed.error?.issues ?? []) {
    const variable = overridden.get(issue.path.join('.'));
    if (variable === undefined && isUnfilled(plainPath(issue.path))) continue;
    kept.push(...describeIssue(issue, raw, overridden).map((problem) => ({ ...problem, variable })));
  }
  kept.push(...crossFieldProblems(raw).filter((problem) => !isUnfilled(problem.path)));
  if (parsed.success && kept.length === 0) return parsed.data;

  const problems = kept.map(({ path: problemPath, message, variable }): TeamConfigProblem =>
    variable !== undefined
      ? { line: 0, column: 0, path: formatPath(problemPath), message: `environment variable ${variable} ${message}` }
      : { ...at(offsetOf(doc, problemPath)), path: formatPath(problemPath), message },
  );
  throw new TeamConfigError(path, problems.sort((a, b) => a.line - b.line || a.column - b.column));
}

/** The file's text, or a TeamConfigError saying what to do about the file. */
function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = resolve(path);
    const message =
      code === 'ENOENT' ? `there is no file at ${where}: create it (the docs show an example team.yaml) or pass the right path`
      : code === 'EISDIR' ? `${where} is a directory: pass the path of the configuration file in it`
      : code === 'EACCES' || code === 'EPERM' ? `${where} cannot be read (permission denied): let the user running the server read it`
      : `${where} cannot be read (${code ?? String(error)}): check the path and the file`;
    throw new TeamConfigError(path, [{ line: 0, column: 0, path: '', message }]);
  }
}

/**
 * A `.json` file must be JSON, not merely YAML (a comment or unquoted word would break other JSON tools reading it).
 * V8 names a position for most errors; for "Unexpected token" it does not, so the shortest failing prefix finds it.
 */
function checkJson(path: string, text: string): void {
  const failure = (prefix: string): { reason: string; position?: number } | undefined => {
    try {
      JSON.parse(prefix);
      return undefined;
    } catch (error) {
      const message = (error as Error).message;
      const position = /at position (\d+)/.exec(message);
      // The V8 message may quote the text (a secret, perhaps): keep only the reason before it.
      return { reason: message.replace(/,? (in JSON at position|"|\.\.\.").*$/s, ''), position: position ? Number(position[1]) : undefined };
    }
  };
  const whole = failure(text);
  if (!whole) return;
  let position = whole.position;
  if (position === undefined) {
    // A prefix fails "for real" when its error is not merely the input ending (at its end, or "Unexpected end").
    const failsBefore = (length: number) => {
      const result = failure(text.slice(0, length));
      return result !== undefined && !/^Unexpected end/.test(result.reason) && (result.position ?? -1) < length;
    };
    let [low, high] = [0, text.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (failsBefore(middle)) high = middle;
      else low = middle + 1;
    }
    position = Math.max(0, low - 1);
  }
  const before = text.slice(0, position).split('\n');
  const line = before.length;
  const column = (before[line - 1]?.length ?? 0) + 1;
  throw new TeamConfigError(path, [{ line, column, path: '', message: `is not valid JSON: ${whole.reason} (a .json file must be strict JSON; use .yaml for comments)` }]);
}

/**
 * Replaces `${NAME}` in every string value (not keys) with the environment variable NAME; `$${` stays a literal
 * `${`. Problems go to `found`; the paths of values left unfilled are returned so their other issues are dropped.
 */
function fillFromEnv(node: unknown, path: Path, env: NodeJS.ProcessEnv, found: { path: Path; message: string }[]): Path[] {
  if (isMap(node)) return node.items.flatMap((pair) => fillFromEnv(pair.value, [...path, keyText(pair.key)], env, found));
  if (isSeq(node)) return node.items.flatMap((item, index) => fillFromEnv(item, [...path, index], env, found));
  if (!isScalar(node) || typeof node.value !== 'string') return [];
  const before = found.length;
  node.value = node.value.replace(/\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$\{/g, (match, name: string | undefined) => {
    if (match === '$${') return '${';
    if (name === undefined) {
      found.push({ path, message: 'has "${" without a variable name and "}" after it: write ${NAME}, or $${ for a literal ${' });
      return match;
    }
    const value = env[name];
    if (value === undefined || value === '') {
      found.push({ path, message: `environment variable ${name} is ${value === undefined ? 'not set' : 'empty'}: set it for the server (this value reads \${${name}})` });
      return match;
    }
    return value;
  });
  return found.length > before ? [path] : [];
}

/**
 * Applies the environment's overrides to the parsed file before validation; answers which paths (`a.b`) an
 * environment variable now gives, so an issue there names the variable rather than a line of the file.
 */
function applyEnvOverrides(raw: unknown, env: NodeJS.ProcessEnv): Map<string, string> {
  const overridden = new Map<string, string>();
  if (!isMapping(raw)) return overridden;
  for (const { variable, path } of ENV_OVERRIDES) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    let target: Record<string, unknown> | undefined = raw;
    for (const key of path.slice(0, -1)) {
      // An absent or empty section is created; a section that is not a mapping is left for validation to report.
      if (target[key] === undefined || target[key] === null) target[key] = {};
      const next: unknown = target[key];
      target = isMapping(next) ? next : undefined;
      if (!target) break;
    }
    if (!target) continue;
    target[path[path.length - 1] as string] = value;
    overridden.set(path.join('.'), variable);
  }
  return overridden;
}

/** A zod issue in words a person can act on (never the value: it may be a secret); one per unknown key. */
function describeIssue(issue: z.core.$ZodIssue, raw: unknown, overridden: Map<string, string>): { path: Path; message: string }[] {
  const path = plainPath(issue.path);
  const value = valueAt(raw, path);
  const one = (message: string) => [{ path, message }];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const allowed = issue.message.split(', ');
        const near = allowed.find((name) => name.toLowerCase() === key.toLowerCase());
        return { path: [...path, key], message: `unknown key "${key}"${near ? ` (did you mean ${near}?)` : ''}; allowed here: ${issue.message}` };
      });
    case 'invalid_type':
      if (path.length === 0) return one(value == null ? 'the file is empty: start from the example team.yaml in the docs' : `the file must be a mapping of sections (server, scim, deployments, …), not ${kindOf(value)}`);
      if (value === undefined) return one(missing(path, overridden));
      if (value === null) return one(`is empty: give it ${EXPECTED[issue.expected] ?? issue.expected}, or remove the line`);
      return one(`must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(value)}`);
    case 'too_small':
      if (issue.origin === 'array') return one(`needs at least ${issue.minimum} ${issue.minimum === 1 ? 'entry' : 'entries'}`);
      if (issue.origin === 'string') return one(Number(issue.minimum) <= 1 ? 'is empty' : `is too short (${String(value).length} characters, at least ${issue.minimum})`);
      return one(`must be at least ${issue.minimum}`);
    case 'too_big':
      return one(issue.origin === 'string' ? `is too long (at most ${issue.maximum} characters)` : `must be at most ${issue.maximum}`);
    case 'invalid_value':
      return one(`must be one of: ${issue.values.map(String).join(', ')}`);
    case 'invalid_union':
      if ('options' in issue && issue.options && issue.discriminator !== undefined) {
        return one(`${value === undefined ? 'is missing' : 'is not a known mode'}: choose one of ${issue.options.map(String).join(', ')}`);
      }
      return one(issue.message);
    case 'invalid_key':
      return one(issue.issues.map((inner) => inner.message).join('; '));
    default:
      return one(issue.message);
  }
}

/** "is missing", with what to write there; for the OIDC client id, the environment variable that demanded it. */
function missing(path: Path, overridden: Map<string, string>): string {
  const field = String(path[path.length - 1] ?? '');
  if (path.join('.') === 'signIn.oidc.clientId' && overridden.get('signIn.oidc.issuer')) {
    return 'is missing: environment variable PLATFORM_OIDC_ISSUER is set, so set PLATFORM_OIDC_CLIENT_ID too (or signIn.oidc.clientId in this file)';
  }
  const hint = MISSING_FIELD_HINTS[field];
  return hint ? `is missing: ${hint}` : 'is missing';
}

/** Zod's expected types in a YAML author's words. */
const EXPECTED: Readonly<Record<string, string>> = {
  object: 'a mapping (key: value lines)', record: 'a mapping (key: value lines)', array: 'a list', string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false',
};

const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'a list' : value === null ? 'empty' : typeof value === 'object' ? 'a mapping' : typeof value === 'string' ? 'text' : typeof value === 'boolean' ? 'true/false' : `a ${typeof value}`;

/** Zod paths may hold symbols; a parsed YAML file's never do. */
const plainPath = (path: readonly PropertyKey[]): Path => path.filter((key): key is string | number => typeof key !== 'symbol');

const keyText = (key: unknown) => (isScalar(key) ? String(key.value) : String(key));

const isPrefix = (prefix: Path, path: Path) => prefix.length <= path.length && prefix.every((key, index) => String(key) === String(path[index]));

function valueAt(raw: unknown, path: Path): unknown {
  let value = raw;
  for (const key of path) value = isMapping(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** `deployments[0].securityContext.attributes["EMEA Sales"]`: how a reader would write the path. */
function formatPath(path: Path): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${index === 0 ? '' : '.'}${key}` : `[${JSON.stringify(key)}]`,
    )
    .join('');
}

/**
 * Where `path` is written: the key of the last mapping entry on it (so `key: value` lines are pointed at their
 * key), or a list item; a path the file does not have falls back to its nearest existing parent.
 */
function offsetOf(doc: Document, path: Path): number {
  let node: unknown = doc.contents;
  let offset = doc.contents?.range?.[0] ?? 0;
  for (const key of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((item) => keyText(item.key) === String(key));
      if (!pair) break;
      offset = (pair.key as { range?: [number, number, number] } | null)?.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number' && node.items[key] !== undefined) {
      node = node.items[key];
      offset = (node as { range?: [number, number, number] }).range?.[0] ?? offset;
    } else {
      break;
    }
  }
  return offset;
}
