import { dataApiBase } from '../../src/client';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

/**
 * Issue 25's input limits over HTTP: integers beyond what the id columns hold (INTEGER: int32) and JSON nested
 * without bound answer a clear 4xx, never the 500 they once did ("bigint out of int64 range", a stack overflow).
 */

let t: TestPlatform;
let d: number;
let reportId: number;
beforeAll(async () => {
  t = await startTestPlatform();
  d = t.salesDeploymentId;
  reportId = (await t.admin.listReports(d, {})).items[0]!.id;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  text: string;
  json: Record<string, unknown>;
}

/** One request as any caller may send it: the body is sent as given, text or JSON. */
async function call(method: string, path: string, body?: unknown, token = t.platform.tokens.admin): Promise<Answer> {
  const response = await fetch(`${t.platform.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Left empty: the assertions on `status` say what went wrong.
  }
  return { status: response.status, text, json };
}
/** A path of the tables below with the Sales deployment (`:d`) and one of its reports (`:r`) filled in. */
const at = (path: string) => path.replace(':d', String(d)).replace(':r', String(reportId));
const scim = (method: string, path: string, body?: unknown) => call(method, `/api/scim/v2${path}`, body, t.platform.tokens.scim);

/** Beyond int64 (the database refused it as a parameter: a 500); the literal must come back, not a rounded float. */
const BEYOND = '99999999999999999999';
/** int64's largest: `Number()` rounds it up to 2^63, again beyond int64. */
const INT64_MAX = '9223372036854775807';

describe('integer path ids beyond the id columns: 404, as any unknown id', () => {
  const placement = { externalWorkbookId: 'wb-limits', resultLocation: 'Sheet1!A1:B2' };
  // Every row has its body (undefined too): a shorter row would hand the test jest's `done` as its body.
  const cases: [string, string, string, unknown][] = [
    ['Deployment', 'GET', '/api/v1/deployments/99999999999999999999', undefined],
    ['Deployment', 'GET', '/api/v1/deployments/99999999999999999999/environments', undefined],
    ['Deployment', 'POST', '/api/v1/deployments/99999999999999999999/token', {}],
    ['Deployment', 'GET', '/api/v1/deployments/99999999999999999999/folders', undefined],
    ['Deployment', 'GET', '/api/v1/deployments/99999999999999999999/folders/1/ancestors', undefined],
    ['Folder', 'GET', '/api/v1/deployments/:d/folders/99999999999999999999/ancestors', undefined],
    ['Deployment', 'GET', '/api/v1/deployments/99999999999999999999/reports', undefined],
    ['Deployment', 'POST', '/api/v1/deployments/99999999999999999999/reports', { name: 'x' }],
    ['Deployment', 'PUT', '/api/v1/deployments/99999999999999999999/reports/by-public-id/LimitsTest01', { name: 'x' }],
    ['Deployment', 'GET', '/api/v1/deployments/99999999999999999999/reports/:r', undefined],
    ['Report', 'GET', '/api/v1/deployments/:d/reports/99999999999999999999', undefined],
    ['Report', 'PUT', '/api/v1/deployments/:d/reports/99999999999999999999', { name: 'x' }],
    ['Report', 'DELETE', '/api/v1/deployments/:d/reports/99999999999999999999', undefined],
    ['Report', 'PUT', '/api/v1/deployments/:d/reports/99999999999999999999/connect-workbook', placement],
    ['Report', 'DELETE', '/api/v1/deployments/:d/reports/99999999999999999999/connect-workbook', placement],
    ['Report', 'PUT', '/api/v1/deployments/:d/reports/99999999999999999999/refresh', placement],
  ];

  it.each(cases)('%s: %s %s', async (kind, method, path, body) => {
    const answer = await call(method, at(path), body);
    expect({ status: answer.status, error: answer.json.error }).toEqual({ status: 404, error: `${kind} ${BEYOND} not found` });
  });

  it('answers int64 itself (which Number() rounds past int64) and the first id past int32 the same way', async () => {
    for (const id of [INT64_MAX, '2147483648']) {
      expect((await call('GET', `/api/v1/deployments/${id}`)).json.error).toBe(`Deployment ${id} not found`);
      const answer = await call('GET', `/api/v1/deployments/${d}/reports/${id}`);
      expect({ status: answer.status, error: answer.json.error }).toEqual({ status: 404, error: `Report ${id} not found` });
    }
  });
});

describe('integer query parameters beyond the columns: 400 naming the parameter', () => {
  it.each([
    ['folderId', '/api/v1/deployments/:d/reports?folderId='],
    ['parentId', '/api/v1/deployments/:d/folders?parentId='],
  ])('%s', async (name, path) => {
    for (const value of [BEYOND, INT64_MAX, '2147483648']) {
      const answer = await call('GET', `${at(path)}${value}`);
      expect({ status: answer.status, error: answer.json.error }).toEqual({ status: 400, error: `'${name}' must be an integer from 0 to 2147483647` });
    }
    // The largest value the column holds is an ordinary (unknown) id, not refused as a bad parameter.
    expect((await call('GET', `${at(path)}2147483647`)).status).not.toBe(400);
  });

  it.each(['startIndex', 'count'])('SCIM %s: not an integer, or beyond int32', async (name) => {
    for (const value of [BEYOND, '2147483648', 'abc', '1.5']) {
      const answer = await scim('GET', `/Users?${name}=${value}`);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400' });
      expect(answer.json.detail).toBe(`'${name}' must be an integer of at most 2147483647`);
    }
    // RFC 7644 §3.4.2.4: below the minimum is clamped, not refused.
    expect((await scim('GET', `/Users?${name}=-5`)).status).toBe(200);
  });
});

describe('integer ids in request bodies beyond the columns: 400 naming the field', () => {
  it.each([
    ['folderId', 'POST', '/api/v1/deployments/:d/reports', { name: 'x' }],
    ['folderId', 'PUT', '/api/v1/deployments/:d/reports/:r', {}],
    ['defaultDeploymentId', 'PATCH', '/api/v1/users/me/settings', {}],
  ])('%s in %s %s', async (field, method, path, body) => {
    const answer = await call(method, at(path), { ...body, [field]: 2147483648 });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(new RegExp(`^Invalid '${field}': .*2147483647`));
  });
});

describe('a data token claiming ids beyond the columns', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['deploymentId', { deploymentId: 1e20, sub: '1' }],
    ['deploymentId', { deploymentId: Number(INT64_MAX), sub: '1' }],
    ['sub', { deploymentId: 1, sub: BEYOND }],
  ])('beyond in %s: 403 as any forged token (its unverified claims pick the secret)', async (_claim, claims) => {
    const base = dataApiBase(await t.admin.getDeployment(d), await t.admin.listEnvironments(d));
    const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, exp: 4_102_444_800 })}.c2lnbmF0dXJl`;
    const answer = await fetch(`${base}/v1/meta`, { headers: { Authorization: forged } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: 'Invalid token' });
  });
});

/** JSON text nested `depth` arrays deep around `1`. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const TOO_DEEP = /nested more than 64 levels deep \(the limit is 64\)/;

describe('JSON nesting in bodies: capped at 64 levels, checked before anything recurses', () => {
  it('refuses a body nested 10,000 deep with 400 naming the limit', async () => {
    const answer = await call('POST', `/api/v1/deployments/${d}/reports`, `{"name":"deep","meta":{"m":${nested(10_000)}}}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/^Request body is /);
    expect(answer.json.error).toMatch(TOO_DEEP);
  });

  it('takes a body exactly 64 levels deep and refuses one 65 deep', async () => {
    // The body, `meta` and `m` are three levels; the array nest is the rest.
    const at = await call('POST', `/api/v1/deployments/${d}/reports`, `{"name":"at the limit","meta":{"m":${nested(62)}}}`);
    expect(at.status).toBe(200);
    const past = await call('POST', `/api/v1/deployments/${d}/reports`, `{"name":"past the limit","meta":{"m":${nested(63)}}}`);
    expect({ status: past.status, error: past.json.error }).toEqual({ status: 400, error: 'Request body is nested more than 64 levels deep (the limit is 64)' });
  });

  it('refuses a jsonQuery (JSON as text inside the body) nested 10,000 deep, on create and update', async () => {
    const jsonQuery = `{"measures":["orders.count"],"filters":${nested(10_000)}}`;
    const created = await call('POST', `/api/v1/deployments/${d}/reports`, { name: 'deep query', jsonQuery });
    expect({ status: created.status, error: created.json.error }).toEqual({ status: 400, error: `'jsonQuery' is nested more than 64 levels deep (the limit is 64)` });
    const updated = await call('PUT', `/api/v1/deployments/${d}/reports/${reportId}`, { jsonQuery });
    expect({ status: updated.status, error: updated.json.error }).toEqual({ status: 400, error: `'jsonQuery' is nested more than 64 levels deep (the limit is 64)` });
    const upserted = await call('PUT', `/api/v1/deployments/${d}/reports/by-public-id/DeepQuery001`, { name: 'deep', jsonQuery });
    expect(upserted.status).toBe(400);
    expect(upserted.json.error).toMatch(TOO_DEEP);
  });

  it('refuses a data API query nested deep, in a GET query string and in a POST body', async () => {
    const base = dataApiBase(await t.admin.getDeployment(d), await t.admin.listEnvironments(d));
    const { cubeApiToken } = await t.admin.issueDeploymentToken(d);
    const headers = { Authorization: cubeApiToken, 'Content-Type': 'application/json' };
    const query = `{"measures":["orders.count"],"filters":${nested(1_000)}}`;
    const get = await fetch(`${base}/v1/load?query=${encodeURIComponent(query)}`, { headers });
    expect(get.status).toBe(400);
    expect(((await get.json()) as { error: string }).error).toMatch(TOO_DEEP);
    const post = await fetch(`${base}/v1/load`, { method: 'POST', headers, body: `{"query":{"measures":["orders.count"],"filters":${nested(10_000)}}}` });
    expect(post.status).toBe(400);
    expect(((await post.json()) as { error: string }).error).toMatch(TOO_DEEP);
  });
});

describe('SCIM: deep input refused, undefined attributes not kept', () => {
  const analyst = async () => {
    const list = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "analyst@example.com"')}`);
    return (list.json.Resources as { id: string; userName: string }[])[0]!;
  };

  it('refuses an email with an extra field nested 10,000 deep: 400 in SCIM\'s error shape', async () => {
    const { id } = await analyst();
    const body = `{"userName":"analyst@example.com","emails":[{"value":"analyst@example.com","x":${nested(10_000)}}]}`;
    const answer = await scim('PUT', `/Users/${id}`, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400' });
    expect(answer.json.detail).toMatch(TOO_DEEP);
  });

  it('drops attributes it does not define, at the top and inside an email', async () => {
    const { id, userName } = await analyst();
    const answer = await scim('PUT', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      nickName: 'not defined here',
      emails: [{ value: userName, primary: true, type: 'work', extra: { deep: [[[['kept?']]]] } }],
    });
    expect(answer.status).toBe(200);
    const read = await scim('GET', `/Users/${id}`);
    expect(read.json.emails).toEqual([{ value: userName, primary: true, type: 'work' }]);
    expect(read.json).not.toHaveProperty('nickName');
  });
});
