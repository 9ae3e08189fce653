import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadTeamConfig, TEAM_CONFIG_EXAMPLE, TeamConfigError, type TeamConfigProblem } from '../../server/team/config';

/**
 * The Report Sync Server's team configuration file. Fixtures are written line by line with their numbers beside
 * them, and every expected line:column was counted by hand from that text, so the positions are checked, not echoed.
 */

const SCIM_TOKEN = `scim-${'t'.repeat(40)}`;
const SALES_SECRET = `sales-${'k'.repeat(40)}`;
const CHAT_API_KEY = `chat-${'c'.repeat(40)}`;
const ENV = { SCIM_TOKEN, CUBEJS_API_SECRET_SALES: SALES_SECRET, CHAT_API_KEY };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'team-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let written = 0;
/** Writes `text` to a new file of the temp dir and answers its path. */
function file(text: string, extension = 'yaml'): string {
  const path = join(dir, `team-${++written}.${extension}`);
  writeFileSync(path, text);
  return path;
}
const lines = (...text: string[]) => `${text.join('\n')}\n`;
const load = (text: string, env: NodeJS.ProcessEnv = ENV, extension = 'yaml') => loadTeamConfig(file(text, extension), env);

/** The TeamConfigError loading `path` throws. */
function refusal(path: string, env: NodeJS.ProcessEnv = ENV): TeamConfigError {
  try {
    loadTeamConfig(path, env);
  } catch (error) {
    if (error instanceof TeamConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}
const problems = (text: string, env: NodeJS.ProcessEnv = ENV, extension = 'yaml'): TeamConfigProblem[] => refusal(file(text, extension), env).problems;
const at = (line: number, column: number, path: string, message: string | RegExp) => ({ line, column, path, message: expect.stringMatching(message) });

/** A valid configuration; the tests change a line or two of it. */
const BASE = [
  /*  1 */ 'server:',
  /*  2 */ '  publicUrl: https://reports.example.com',
  /*  3 */ 'scim:',
  /*  4 */ '  token: ${SCIM_TOKEN}',
  /*  5 */ 'deployments:',
  /*  6 */ '  - name: Sales',
  /*  7 */ '    cubeApiUrl: https://cube.example.com/cubejs-api/v1/',
  /*  8 */ '    auth:',
  /*  9 */ '      mode: signed-token',
  /* 10 */ '      apiSecret: ${CUBEJS_API_SECRET_SALES}',
];
/** BASE with its one deployment passing the user's OIDC token through (no apiSecret). */
const PASS_THROUGH = [...BASE.slice(0, 8), '      mode: oidc-pass-through'];
/** BASE with line `number` (1-based) replaced by `replacement` (several lines, or none). */
const baseWith = (number: number, ...replacement: string[]) => lines(...BASE.slice(0, number - 1), ...replacement, ...BASE.slice(number));

describe('loadTeamConfig', () => {
  it('loads the documented example, filling secrets from the environment and applying defaults', () => {
    const config = loadTeamConfig(file(TEAM_CONFIG_EXAMPLE), { ...ENV, OIDC_CLIENT_SECRET: 'oidc-secret', REPORTS_DB_PASSWORD: 'db-password' });
    expect(config.server).toEqual({
      port: 4000, host: '0.0.0.0', publicUrl: 'https://reports.example.com', addInRedirectUris: ['https://excel-addin.example.com/auth/callback.html'],
    });
    expect(config.database.url).toBe('postgres://reports:db-password@db.example.com:5432/reports');
    expect(config.signIn.oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'report-sync', clientSecret: 'oidc-secret' });
    expect(config.scim.token).toBe(SCIM_TOKEN);
    expect(config.admins).toEqual(['ana@example.com']);
    expect(config.deployments.map((deployment) => deployment.name)).toEqual(['Sales Analytics', 'Operations']);
    expect(config.deployments[0]?.auth).toEqual({ mode: 'signed-token', apiSecret: SALES_SECRET });
    expect(config.deployments[0]?.securityContext.attributes['EMEA Sales']).toEqual({ region: ['EMEA'] });
    expect(config.deployments[1]?.securityContext).toEqual({ attributes: {} });
    expect(config.agent).toEqual({ deployment: 'Sales Analytics', view: 'sales', apiKey: CHAT_API_KEY });
  });

  it('applies defaults to a minimal file, removes the trailing slash of cubeApiUrl and takes a port given as digits', () => {
    const config = load(lines(...BASE));
    expect(config.server).toEqual({ port: 4000, host: '0.0.0.0', publicUrl: 'https://reports.example.com', addInRedirectUris: [] });
    expect(config.database).toEqual({ url: undefined });
    expect(config.signIn).toEqual({});
    expect(config.admins).toEqual([]);
    expect(config.deployments[0]?.cubeApiUrl).toBe('https://cube.example.com/cubejs-api/v1');
    expect(load(baseWith(1, 'server:', '  port: ${PORT}'), { ...ENV, PORT: '4100' }).server.port).toBe(4100);
  });

  it('reads a JSON file, pointing at the JSON key of a problem', () => {
    const json = (publicUrl: string) => JSON.stringify({
      server: { publicUrl },
      scim: { token: '${SCIM_TOKEN}' },
      deployments: [{ name: 'Sales', cubeApiUrl: 'https://cube.example.com/cubejs-api/v1', auth: { mode: 'signed-token', apiSecret: '${CUBEJS_API_SECRET_SALES}' } }],
    }, null, 2);
    expect(load(json('https://reports.example.com'), ENV, 'json').deployments[0]?.auth).toEqual({ mode: 'signed-token', apiSecret: SALES_SECRET });
    // JSON.stringify's layout: line 1 "{", line 2 '  "server": {', line 3 '    "publicUrl": …' (the key's quote at column 5).
    expect(problems(json('http://reports.example.com'), ENV, 'json')).toEqual([at(3, 5, 'server.publicUrl', /use https/)]);
  });

  it('refuses a .json file that is YAML but not JSON, at the line of the JSON error, without quoting the text', () => {
    const trailingComma = lines('{', '  "server": { "publicUrl": "https://reports.example.com" },', '  "scim": { "token": "${SCIM_TOKEN}" },', '}');
    expect(problems(trailingComma, ENV, 'json')).toEqual([at(4, 1, '', /^is not valid JSON: Expected double-quoted property name/)]);
    // Line 2: two spaces, "scim" (3-8), ":" (9), " " (10), "{" (11), " " (12), "token" (13-19), ":" (20), " " (21): the word at 22.
    const unquoted = lines('{', '  "scim": { "token": hunter2-in-the-file }', '}');
    const error = refusal(file(unquoted, 'json'));
    expect(error.problems).toEqual([at(2, 22, '', /^is not valid JSON: Unexpected token 'h'/)]);
    expect(error.message).not.toMatch(/hunter2/);
  });

  it('reports a YAML syntax error at its line', () => {
    expect(problems(lines(...BASE, 'scim:', '  token: again'))).toEqual([at(11, 1, '', /Map keys must be unique/)]);
  });

  it('reports every problem at once, each at the line and column of its key', () => {
    const text = lines(
      /*  1 */ 'server:',
      /*  2 */ '  publicUrl: http://reports.example.com',
      /*  3 */ '  port: 70000',
      /*  4 */ 'scim:',
      /*  5 */ '  token: too-short-secret',
      /*  6 */ 'admins: [ana@example.com, not-an-address]',
      /*  7 */ 'deployments:',
      /*  8 */ '  - name: Sales',
      /*  9 */ '    cubeApiUrl: https://cube.example.com/v1',
      /* 10 */ '    auth:',
      /* 11 */ '      mode: signed-token',
      /* 12 */ '      apiSecret: ${CUBEJS_API_SECRET_SALES}',
      /* 13 */ '    securityContext:',
      /* 14 */ '      attributes:',
      /* 15 */ '        EMEA Sales: { region: [EMEA], nested: { a: 1 } }',
      /* 16 */ '  - name: sales',
      /* 17 */ '    cubeApiUrl: https://cube2.example.com/cubejs-api/v1',
      /* 18 */ '    colour: blue',
      /* 19 */ '    auth: { mode: oidc-pass-through }',
    );
    const error = refusal(file(text));
    expect(error.problems).toEqual([
      at(2, 3, 'server.publicUrl', /^uses http with host reports\.example\.com: use https/),
      at(3, 3, 'server.port', /^must be at most 65535$/),
      at(5, 3, 'scim.token', /^is too short \(16 characters, at least 32\)/),
      // "admins: [" is 9 characters and "ana@example.com, " 17: the second address starts at column 27.
      at(6, 27, 'admins[1]', /^is not an e-mail address/),
      at(9, 5, 'deployments[0].cubeApiUrl', /^must end in \/cubejs-api\/v1/),
      // 8 spaces, "EMEA Sales: { region: [EMEA], " (30 characters): "nested" starts at column 39.
      at(15, 39, 'deployments[0].securityContext.attributes["EMEA Sales"].nested', /^must be text, a number, true\/false, or a list of those$/),
      at(16, 5, 'deployments[1].name', /^repeats the name of deployments\[0\] \("sales"\)/),
      at(18, 5, 'deployments[1].colour', /^unknown key "colour"; allowed here: name, cubeApiUrl, auth, securityContext$/),
      // 4 spaces, "auth: { " (8 characters): "mode" starts at column 13.
      at(19, 13, 'deployments[1].auth.mode', /^oidc-pass-through needs signIn\.oidc/),
    ]);
    expect(error.name).toBe('TeamConfigError');
    expect(error.message.split('\n')).toHaveLength(9);
    expect(error.message).not.toMatch(/too-short-secret/);
  });

  it('formats each problem as file:line:column: path: message, with the file named as given', () => {
    const path = relative(process.cwd(), file(baseWith(2, '  publicUrl: ftp://reports.example.com')));
    expect(refusal(path).message).toBe(`${path}:2:3: server.publicUrl: must be an https:// URL (not ftp://)`);
  });

  it('names an unknown key and the allowed ones, suggesting a key that differs only in case', () => {
    expect(problems(lines('databse: {}', ...BASE))).toEqual([
      at(1, 1, 'databse', /^unknown key "databse"; allowed here: server, database, signIn, scim, admins, groups, deployments, agent$/),
    ]);
    expect(problems(baseWith(7, '    cubeApiURL: https://cube.example.com/cubejs-api/v1'))).toEqual([
      at(6, 5, 'deployments[0].cubeApiUrl', /^is missing: the Cube REST API URL/),
      at(7, 5, 'deployments[0].cubeApiURL', /^unknown key "cubeApiURL" \(did you mean cubeApiUrl\?\)/),
    ]);
  });

  it('points a missing field at its nearest existing parent, and says what to write there', () => {
    expect(problems(lines(...BASE.slice(0, 9)))).toEqual([at(8, 5, 'deployments[0].auth.apiSecret', /^is missing: the deployment's CUBEJS_API_SECRET/)]);
    expect(problems(baseWith(9, '      mode: signed'))).toEqual([at(9, 7, 'deployments[0].auth.mode', /^is not a known mode: choose one of signed-token, oidc-pass-through$/)]);
    expect(problems(baseWith(2, '  port: 4100'))).toEqual([at(1, 1, 'server.publicUrl', /^is missing: the https URL users and the add-in reach/)]);
    expect(problems(baseWith(2, '  publicUrl: [https://reports.example.com]'))).toEqual([at(2, 3, 'server.publicUrl', /^must be text, not a list$/)]);
  });

  it('fills ${NAME} from the environment, keeps $${ as a literal ${, and reports an unset variable at its line', () => {
    const text = baseWith(6, '  - name: Price $${not a variable}');
    expect(load(text).deployments[0]?.name).toBe('Price ${not a variable}');
    expect(load(baseWith(2, '  publicUrl: https://${HOST_NAME}/reports'), { ...ENV, HOST_NAME: 'r.example.com' }).server.publicUrl).toBe('https://r.example.com/reports');
    // Only the unset variable is reported: not also "too short" for the text left unfilled.
    expect(problems(text, { SCIM_TOKEN })).toEqual([at(10, 7, 'deployments[0].auth.apiSecret', /^environment variable CUBEJS_API_SECRET_SALES is not set/)]);
    expect(problems(text, { ...ENV, SCIM_TOKEN: '' })).toEqual([at(4, 3, 'scim.token', /^environment variable SCIM_TOKEN is empty/)]);
    expect(problems(baseWith(6, '  - name: cost ${ 5'))).toEqual([at(6, 5, 'deployments[0].name', /without a variable name/)]);
  });

  it('lets PLATFORM_OIDC_* create or override signIn.oidc, and names the variable in its problems', () => {
    const passThrough = lines(...PASS_THROUGH);
    const oidcEnv = { ...ENV, PLATFORM_OIDC_ISSUER: 'https://login.example.com', PLATFORM_OIDC_CLIENT_ID: 'report-sync', PLATFORM_OIDC_CLIENT_SECRET: 'client-secret' };
    expect(load(passThrough, oidcEnv).signIn.oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'report-sync', clientSecret: 'client-secret' });

    const withOidc = lines(...BASE, 'signIn:', '  oidc:', '    issuer: https://old.example.com', '    clientId: from-the-file');
    expect(load(withOidc, { ...ENV, PLATFORM_OIDC_ISSUER: 'https://new.example.com', PLATFORM_OIDC_CLIENT_ID: '' }).signIn.oidc)
      .toEqual({ issuer: 'https://new.example.com', clientId: 'from-the-file' });

    // No signIn in the file: the missing client id falls back to the document's start.
    expect(problems(lines(...BASE), { ...ENV, PLATFORM_OIDC_ISSUER: 'https://login.example.com' })).toEqual([
      at(1, 1, 'signIn.oidc.clientId', /^is missing: environment variable PLATFORM_OIDC_ISSUER is set, so set PLATFORM_OIDC_CLIENT_ID too/),
    ]);
    expect(problems(withOidc, { ...ENV, PLATFORM_OIDC_ISSUER: 'http://login.example.com' })).toEqual([
      at(0, 0, 'signIn.oidc.issuer', /^environment variable PLATFORM_OIDC_ISSUER uses http with host login\.example\.com/),
    ]);
  });

  it('lets DATABASE_URL win over database.url, which may be absent, and never quotes it', () => {
    const withDatabase = lines(...BASE, 'database:', '  url: postgres://reports:${DB_PASSWORD}@db.example.com/reports');
    expect(load(withDatabase, { ...ENV, DB_PASSWORD: 'pw' }).database.url).toBe('postgres://reports:pw@db.example.com/reports');
    // The file's unset ${DB_PASSWORD} does not matter when the environment gives the URL.
    expect(load(withDatabase, { ...ENV, DATABASE_URL: 'postgresql://env.example.com/reports' }).database.url).toBe('postgresql://env.example.com/reports');
    expect(load(lines(...BASE), { ...ENV, DATABASE_URL: 'postgres://env.example.com/reports' }).database.url).toBe('postgres://env.example.com/reports');

    const error = refusal(file(lines(...BASE)), { ...ENV, DATABASE_URL: 'mysql://root:pa55word@db.example.com/reports' });
    expect(error.problems).toEqual([at(0, 0, 'database.url', /^environment variable DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/)]);
    expect(error.message).not.toMatch(/pa55word/);
  });

  it('refuses oidc-pass-through without signIn.oidc, at the deployment\'s mode', () => {
    expect(problems(lines(...PASS_THROUGH))).toEqual([at(9, 7, 'deployments[0].auth.mode', /^oidc-pass-through needs signIn\.oidc.*PLATFORM_OIDC_ISSUER/)]);
    expect(problems(baseWith(9, '      mode: oidc-pass-through'))).toEqual([
      at(9, 7, 'deployments[0].auth.mode', /^oidc-pass-through needs signIn\.oidc/),
      at(10, 7, 'deployments[0].auth.apiSecret', /^unknown key "apiSecret"; allowed here: mode$/),
    ]);
  });

  it('refuses deployment names that differ only in case or spaces, at the second one', () => {
    const second = ['  - name: SALES ', '    cubeApiUrl: http://localhost:4000/cubejs-api/v1', '    auth:', '      mode: signed-token', '      apiSecret: ${CUBEJS_API_SECRET_SALES}'];
    expect(problems(lines(...BASE, ...second))).toEqual([at(11, 5, 'deployments[1].name', /^repeats the name of deployments\[0\] \("SALES"\)/)]);
  });

  it('refuses an agent on a deployment the file does not name, a key shared with SCIM, and a missing view, at their lines', () => {
    //                                           line 11       12                    13                 14
    expect(problems(lines(...BASE, 'agent:', '  deployment: Sails', '  view: sales', '  apiKey: ${CHAT_API_KEY}'))).toEqual([
      at(12, 3, 'agent.deployment', /^names no deployment in deployments \("Sales"\): use one of their names$/),
    ]);
    expect(problems(lines(...BASE, 'agent:', '  deployment: sales', '  apiKey: ${SCIM_TOKEN}'))).toEqual([
      at(11, 1, 'agent.view', /^is missing: the Cube view the agent answers from/),
      at(13, 3, 'agent.apiKey', /^is the same as scim\.token: give the agent a key of its own/),
    ]);
    expect(load(lines(...BASE, 'agent:', '  deployment: sales', '  view: orders_view', '  apiKey: ${CHAT_API_KEY}')).agent)
      .toEqual({ deployment: 'sales', view: 'orders_view', apiKey: CHAT_API_KEY });
  });

  it('says what an empty mapping should hold', () => {
    //                                      line 11
    expect(problems(lines(...BASE, 'groups:'))).toEqual([at(11, 1, 'groups', /^is empty: give it a mapping \(key: value lines\), or remove the line$/)]);
  });

  it('takes http for loopback hosts only', () => {
    for (const host of ['127.0.0.1:4000', 'localhost', '[::1]:8080']) {
      expect(load(baseWith(7, `    cubeApiUrl: http://${host}/cubejs-api/v1`)).deployments[0]?.cubeApiUrl).toBe(`http://${host}/cubejs-api/v1`);
    }
    expect(problems(baseWith(7, '    cubeApiUrl: http://cube.internal/cubejs-api/v1'))).toEqual([
      at(7, 5, 'deployments[0].cubeApiUrl', /^uses http with host cube\.internal: use https \(http is allowed only for 127\.0\.0\.1, ::1 and localhost/),
    ]);
  });

  it('never puts a secret in a message, even one given where another field was meant', () => {
    const env = { SCIM_TOKEN: 'hunter2-hunter2', CUBEJS_API_SECRET_SALES: 'correct-horse-battery-staple' };
    const error = refusal(file(baseWith(7, '    cubeApiUrl: ${CUBEJS_API_SECRET_SALES}')), env);
    expect(error.problems.map((problem) => problem.path)).toEqual(['scim.token', 'deployments[0].cubeApiUrl', 'deployments[0].cubeApiUrl', 'deployments[0].auth.apiSecret']);
    expect(error.message).toMatch(/is too short \(15 characters, at least 32\)/);
    expect(error.message).toMatch(/is too short \(28 characters, at least 32\)/);
    expect(error.message).not.toMatch(/hunter2|correct-horse/);
  });

  it('reports a missing file, a directory and an empty file as a TeamConfigError saying what to do', () => {
    const missing = join(dir, 'absent.yaml');
    expect(refusal(missing).problems).toEqual([at(0, 0, '', `there is no file at ${missing}: create it`)]);
    expect(refusal(missing).message).toMatch(new RegExp(`^${missing}:0:0: there is no file at`));
    const folder = join(dir, 'folder.yaml');
    mkdirSync(folder);
    expect(refusal(folder).problems).toEqual([at(0, 0, '', /is a directory: pass the path of the configuration file/)]);
    expect(problems('')).toEqual([at(1, 1, '', /^the file is empty/)]);
  });
});
