import { ApiError, ScimClient } from '../../src/client';
import { SCIM_ERROR_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA, type ScimUser } from '../../src/contract';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const scimAs = (token: string) => new ScimClient({ baseUrl: t.platform.url, token: () => token, sleep: noSleep });

async function analystId(): Promise<string> {
  const list = await t.scim.listUsers({ filter: 'userName eq "analyst@example.com"' });
  return list.Resources[0]!.id!;
}

describe('SCIM Users', () => {
  it('lists users as a ListResponse and filters by userName', async () => {
    const list = await t.scim.listUsers();
    expect(list.schemas).toEqual([SCIM_LIST_SCHEMA]);
    expect(list.totalResults).toBe(2);
    expect(list.Resources.map((u) => u.userName).sort()).toEqual(['admin@example.com', 'analyst@example.com']);
    expect(list.Resources[0]!.schemas).toEqual([SCIM_USER_SCHEMA]);
    // SCIM ids are strings; this platform's are its users' integer ids, the same as the Platform API's `User.id`.
    const me = await t.analyst.getCurrentUser();
    expect(list.Resources.every((u) => /^\d+$/.test(u.id ?? ''))).toBe(true);
    expect(list.Resources.find((u) => u.userName === 'analyst@example.com')!.id).toBe(String(me.id));
    const filtered = await t.scim.listUsers({ filter: 'userName eq "ANALYST@example.com"' });
    expect(filtered.totalResults).toBe(1);
    expect(filtered.Resources[0]).toMatchObject({ userName: 'analyst@example.com', active: true, name: { givenName: 'Anna', familyName: 'Analyst' } });
  });

  it('accepts an administrator Platform token, refuses other users (403) and no token (401)', async () => {
    await expect(scimAs(t.platform.tokens.admin).listUsers()).resolves.toMatchObject({ totalResults: 2 });
    await expect(scimAs(t.platform.tokens.analyst).listUsers()).rejects.toMatchObject({ status: 403 });
    const response = await fetch(`${t.platform.url}/api/scim/v2/Users`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ schemas: [SCIM_ERROR_SCHEMA], status: '401', detail: expect.any(String) });
  });

  it('answers 404 with the SCIM Error object, status as a string, for GET and PUT', async () => {
    // An id that is not an integer names no user, and neither does an integer no user has.
    for (const missing of ['no-such-id', '999999']) {
      for (const call of [() => t.scim.getUser(missing), () => t.scim.replaceUser(missing, { userName: 'x@example.com' })]) {
        const error = (await call().catch((e: unknown) => e)) as ApiError;
        expect(error).toBeInstanceOf(ApiError);
        expect(error.status).toBe(404);
        expect(error.body).toEqual({ schemas: [SCIM_ERROR_SCHEMA], status: '404', detail: expect.stringContaining(missing) });
      }
    }
    const raw = await fetch(`${t.platform.url}/api/scim/v2/Users/no-such-id`, { headers: { Authorization: `Bearer ${t.platform.tokens.scim}` } });
    expect(raw.headers.get('content-type')).toMatch(/application\/scim\+json/);
  });

  it('replaces every attribute, ignores id and meta on input, keeps meta.created and moves meta.lastModified', async () => {
    const id = await analystId();
    const before = await t.scim.getUser(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = await t.scim.replaceUser(id, {
      schemas: [SCIM_USER_SCHEMA],
      id: 'attempted-new-id',
      userName: 'anna.analyst@example.com',
      emails: [{ value: 'anna@example.com', primary: true }],
      externalId: 'idp-42',
      meta: { resourceType: 'User', created: '2000-01-01T00:00:00.000Z', lastModified: '2000-01-01T00:00:00.000Z', location: 'x' },
    });
    expect(replaced.id).toBe(id);
    expect(replaced.userName).toBe('anna.analyst@example.com');
    expect(replaced.name).toBeUndefined();
    expect(replaced.active).toBe(true);
    expect(replaced.externalId).toBe('idp-42');
    expect(replaced.meta!.created).toBe(before.meta!.created);
    expect(Date.parse(replaced.meta!.lastModified)).toBeGreaterThan(Date.parse(before.meta!.lastModified));
    expect(replaced.meta!.location).toBe(`${t.platform.url}/api/scim/v2/Users/${id}`);
    expect(await t.scim.getUser(id)).toEqual(replaced);
    const me = await t.analyst.getCurrentUser();
    expect(me).toMatchObject({ id: Number(id), username: 'anna.analyst@example.com', email: 'anna@example.com', firstName: null });
  });

  it('accepts a replace whose read-only id and meta are partial or of another shape, and ignores them', async () => {
    // The analyst, under whatever userName the tests before gave them.
    const before = await t.scim.listUsers().then((l) => l.Resources.find((u) => u.userName !== 'admin@example.com')!);
    const id = before.id!;
    // Identity providers echo back what they last read, often only part of `meta`.
    const response = await fetch(`${t.platform.url}/api/scim/v2/Users/${id}`, {
      method: 'PUT', headers: { Authorization: `Bearer ${t.platform.tokens.scim}`, 'Content-Type': 'application/scim+json' },
      body: JSON.stringify({ schemas: [SCIM_USER_SCHEMA], id: 12_345, userName: before.userName, active: true, meta: { resourceType: 'User' } }),
    });
    expect(response.status).toBe(200);
    const replaced = (await response.json()) as ScimUser;
    expect(replaced.id).toBe(id);
    expect(replaced.meta).toMatchObject({ resourceType: 'User', created: before.meta!.created, location: `${t.platform.url}/api/scim/v2/Users/${id}` });
    expect(await t.scim.getUser(id)).toEqual(replaced);
  });

  it('rejects a replace without userName (400) and a userName another user has (409)', async () => {
    const id = await t.scim.listUsers().then((l) => l.Resources.find((u) => u.userName !== 'admin@example.com')!.id!);
    const missing = await fetch(`${t.platform.url}/api/scim/v2/Users/${id}`, {
      method: 'PUT', headers: { Authorization: `Bearer ${t.platform.tokens.scim}`, 'Content-Type': 'application/scim+json' },
      body: JSON.stringify({ active: true }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: '400' });
    await expect(t.scim.replaceUser(id, { userName: 'admin@example.com' })).rejects.toMatchObject({ status: 409 });
  });

  it('deactivates a user: their Platform token answers 401 until they are active again', async () => {
    const id = await t.scim.listUsers().then((l) => l.Resources.find((u) => u.userName !== 'admin@example.com')!);
    await t.scim.replaceUser(id.id!, { userName: id.userName, active: false });
    await expect(t.analyst.getCurrentUser()).rejects.toMatchObject({ status: 401 });
    await expect(t.analyst.listDeployments()).rejects.toMatchObject({ status: 401 });
    await t.scim.replaceUser(id.id!, { userName: id.userName });
    await expect(t.analyst.getCurrentUser()).resolves.toMatchObject({ id: Number(id.id) });
  });
});
