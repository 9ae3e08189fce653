/**
 * SCIM 2.0 Users on the wire, from Cube Cloud's scim.yaml and RFC 7643/7644 (not from the implementation).
 * Every request body and answer is checked against scim.yaml's schemas by `scimFetch`.
 */
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { PATCH_URN, USER_URN, scimFetch, unique, type ScimAnswer } from '../support/scim-schemas';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, options?: { nonConforming?: boolean; raw?: string }) =>
  scimFetch(t.platform, method, path, body, options);
const patch = (id: string, Operations: unknown[], nonConforming = false) =>
  call('PATCH', `/Users/${id}`, { schemas: [PATCH_URN], Operations }, { nonConforming });

function expectError(answer: ScimAnswer, status: number, scimType?: string) {
  expect({ status: answer.status, scimType: answer.body?.scimType }).toEqual({ status, scimType: scimType ?? answer.body?.scimType });
}

async function createUser(extra: Record<string, unknown> = {}) {
  const userName = `${unique('user')}@example.com`;
  const answer = await call('POST', '/Users', {
    schemas: [USER_URN],
    userName,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ value: userName, type: 'work', primary: true }, { value: `home.${userName}`, type: 'home', primary: false }],
    active: true,
    externalId: 'ext-1',
    ...extra,
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** RFC 7644 §3.5.2: a PATCH answers 200 with the entire resource, and that is what a GET then returns. */
async function patched(id: string, Operations: unknown[], nonConforming = false) {
  const answer = await patch(id, Operations, nonConforming);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ id, userName: expect.any(String), meta: { resourceType: 'User' } });
  expect((await call('GET', `/Users/${id}`)).body).toEqual(answer.body);
  return answer.body;
}

describe('create (RFC 7644 §3.3)', () => {
  it('answers 201 with the User and a Location equal to meta.location, and stores no unknown attribute', async () => {
    const before = Date.now();
    const userName = `${unique('new')}@example.com`;
    const sent = { schemas: [USER_URN], userName, name: { givenName: 'Ada', familyName: 'Lovelace' }, emails: [{ value: userName, type: 'work', primary: true }], active: true, externalId: 'idp-7', favouriteColour: 'teal' };
    const answer = await call('POST', '/Users', sent);
    expect(answer.status).toBe(201);
    const user = answer.body;
    expect(user).toMatchObject({ userName, name: sent.name, emails: sent.emails, active: true, externalId: 'idp-7', meta: { resourceType: 'User' } });
    expect(user.id).toEqual(expect.stringMatching(/.+/));
    expect(answer.headers.get('location')).toBe(user.meta.location);
    expect(user.meta.location).toMatch(new RegExp(`/Users/${user.id}$`));
    expect(Date.parse(user.meta.created)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(user.meta.created)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(user).not.toHaveProperty('favouriteColour');
    const got = await call('GET', `/Users/${user.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(user);
    expect(got.body).not.toHaveProperty('favouriteColour');
  });

  it('answers 409 uniqueness for a taken userName, compared case-insensitively (RFC 7643 §4.1.1 caseExact false)', async () => {
    const user = await createUser();
    for (const taken of [user.userName, user.userName.toUpperCase(), 'Admin@Example.COM']) {
      expectError(await call('POST', '/Users', { schemas: [USER_URN], userName: taken }), 409, 'uniqueness');
    }
    const list = await call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
    expect(list.body.totalResults).toBe(1);
  });

  it('answers 400 invalidValue for a User without its required userName (RFC 7644 §3.12)', async () => {
    expectError(await call('POST', '/Users', { schemas: [USER_URN], name: { givenName: 'No' } }, { nonConforming: true }), 400, 'invalidValue');
  });
});

describe('get and replace (RFC 7644 §3.4.1, §3.5.1)', () => {
  it('answers 404 with the SCIM Error for an id no user has', async () => {
    expectError(await call('GET', '/Users/999999'), 404);
  });

  it('replaces every attribute, keeping id and meta.created', async () => {
    const user = await createUser();
    const userName = `${unique('renamed')}@example.com`;
    const answer = await call('PUT', `/Users/${user.id}`, { schemas: [USER_URN], userName, emails: [{ value: userName, type: 'work', primary: true }], active: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: user.id, userName, emails: [{ value: userName, type: 'work', primary: true }], active: false });
    expect(answer.body).not.toHaveProperty('name');
    expect(answer.body).not.toHaveProperty('externalId');
    expect(answer.body.meta.created).toBe(user.meta.created);
    expect((await call('GET', `/Users/${user.id}`)).body).toEqual(answer.body);
  });

  it('answers 409 uniqueness for a replace to another user\'s userName in another case', async () => {
    const [a, b] = [await createUser(), await createUser()];
    expectError(await call('PUT', `/Users/${b.id}`, { schemas: [USER_URN], userName: a.userName.toUpperCase() }), 409, 'uniqueness');
    expect((await call('GET', `/Users/${b.id}`)).body.userName).toBe(b.userName);
  });
});

describe('PATCH (RFC 7644 §3.5.2)', () => {
  it('adds with a path, without a path (merging complex values), and appends to a multi-valued attribute', async () => {
    const user = await createUser();
    expect((await patched(user.id, [{ op: 'add', path: 'name.givenName', value: 'Grace' }])).name).toEqual({ givenName: 'Grace', familyName: 'Lovelace' });
    const merged = await patched(user.id, [{ op: 'add', value: { externalId: 'ext-2', name: { familyName: 'Hopper' } } }]);
    expect(merged).toMatchObject({ externalId: 'ext-2', name: { givenName: 'Grace', familyName: 'Hopper' } });
    const appended = await patched(user.id, [{ op: 'add', path: 'emails', value: [{ value: 'grace@other.test', type: 'other' }] }]);
    expect(appended.emails).toEqual([...user.emails, { value: 'grace@other.test', type: 'other' }]);
  });

  it('replaces with a path and without one, applying operations in order', async () => {
    const user = await createUser();
    const userName = `${unique('replaced')}@example.com`;
    const answer = await patched(user.id, [
      { op: 'replace', path: 'userName', value: userName },
      { op: 'replace', value: { active: false, externalId: 'ext-3' } },
      { op: 'replace', path: 'externalId', value: 'ext-4' },
    ]);
    expect(answer).toMatchObject({ userName, active: false, externalId: 'ext-4', name: user.name, emails: user.emails });
    // §3.5.2.3: sub-attributes of a complex attribute not in "value" are left unchanged.
    expect((await patched(user.id, [{ op: 'replace', value: { name: { familyName: 'Byron' } } }])).name).toEqual({ givenName: 'Ada', familyName: 'Byron' });
  });

  it('removes an attribute, a sub-attribute, and the values a filter selects (§3.5.2.2)', async () => {
    const user = await createUser();
    const answer = await patched(user.id, [
      { op: 'remove', path: 'externalId' },
      { op: 'remove', path: 'name.givenName' },
      { op: 'remove', path: 'emails[type eq "home"]' },
    ]);
    expect(answer).not.toHaveProperty('externalId');
    expect(answer.name).toEqual({ familyName: 'Lovelace' });
    expect(answer.emails).toEqual([user.emails[0]]);
  });

  it('replaces emails[type eq "work"].value, keeping the other emails and sub-attributes (§3.5.2.3)', async () => {
    const user = await createUser();
    const answer = await patched(user.id, [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'moved@example.net' }]);
    expect(answer.emails).toEqual([{ value: 'moved@example.net', type: 'work', primary: true }, user.emails[1]]);
  });

  it('takes attribute names in any case and paths prefixed with the User schema URN (RFC 7643 §2.1, RFC 7644 §3.10)', async () => {
    const user = await createUser();
    const userName = `${unique('cased')}@example.com`;
    const answer = await patched(user.id, [
      { op: 'replace', path: 'UserName', value: userName },
      { op: 'replace', path: `${USER_URN}:name.familyName`, value: 'Byron' },
      { op: 'replace', path: 'Emails[Type eq "work"].Value', value: userName },
      { op: 'add', value: { ExternalId: 'ext-cased' } },
    ]);
    expect(answer).toMatchObject({ userName, name: { givenName: 'Ada', familyName: 'Byron' }, externalId: 'ext-cased' });
    expect(answer.emails[0]).toEqual({ value: userName, type: 'work', primary: true });
    for (const key of ['UserName', 'ExternalId', `${USER_URN}:name.familyName`]) expect(answer).not.toHaveProperty([key]);
  });

  it('takes Entra ID\'s {op: "Replace", path: "active", value: "False"} (capitalized op, string boolean)', async () => {
    const user = await createUser();
    expect((await patched(user.id, [{ op: 'Replace', path: 'active', value: 'False' }], true)).active).toBe(false);
    expect((await patched(user.id, [{ op: 'Replace', path: 'active', value: 'True' }], true)).active).toBe(true);
  });
});

describe('PATCH errors (RFC 7644 §3.5.2, §3.12)', () => {
  it('answers 400 invalidSyntax or invalidValue (Table 9 fits both) for a body that is not a PatchOp, changing nothing', async () => {
    const user = await createUser();
    // [body, conforms to scim.yaml's PatchOp]: only the second does (scim.yaml does not constrain `schemas`).
    const bodies: [unknown, boolean][] = [
      [{ Operations: [{ op: 'replace', path: 'active', value: false }] }, false],
      [{ schemas: [USER_URN], Operations: [{ op: 'replace', path: 'active', value: false }] }, true],
      [{ schemas: [PATCH_URN] }, false],
      [{ schemas: [PATCH_URN], Operations: { op: 'replace', path: 'active', value: false } }, false],
      [{ schemas: [PATCH_URN], Operations: [{ op: 'move', path: 'active', value: false }] }, false],
      [{ schemas: [PATCH_URN], Operations: [{ path: 'active', value: false }] }, false],
    ];
    for (const [body, conforms] of bodies) {
      const answer = await call('PATCH', `/Users/${user.id}`, body, { nonConforming: !conforms });
      expect({ body, status: answer.status, scimType: ['invalidSyntax', 'invalidValue'].includes(answer.body?.scimType) }).toEqual({ body, status: 400, scimType: true });
    }
    expectError(await call('PATCH', `/Users/${user.id}`, undefined, { raw: '{"schemas": [' }), 400);
    expect((await call('GET', `/Users/${user.id}`)).body).toEqual(user);
  });

  it('answers 400 invalidPath for a path to an attribute Users do not have, or a malformed one', async () => {
    const user = await createUser();
    for (const operation of [
      { op: 'replace', path: 'favouriteColour', value: 'teal' },
      { op: 'add', path: 'members', value: [{ value: user.id }] },
      { op: 'remove', path: 'name.nickname' },
      { op: 'replace', path: 'emails[type eq "work"', value: 'x@example.com' },
    ]) expectError(await patch(user.id, [operation]), 400, 'invalidPath');
  });

  it('answers 400 mutability for changes to id or meta, atomically (§3.5.2: the whole PATCH fails)', async () => {
    const user = await createUser();
    for (const operation of [
      { op: 'replace', path: 'id', value: '999999' },
      { op: 'remove', path: 'id' },
      { op: 'replace', path: 'meta.created', value: '2000-01-01T00:00:00Z' },
      { op: 'add', path: 'meta.lastModified', value: '2000-01-01T00:00:00Z' },
    ]) expectError(await patch(user.id, [{ op: 'replace', path: 'externalId', value: 'changed' }, operation]), 400, 'mutability');
    expect((await call('GET', `/Users/${user.id}`)).body).toEqual(user);
  });

  it('answers 400 noTarget for a remove without path, or a filter that matches nothing (§3.5.2.2, §3.5.2.3)', async () => {
    const user = await createUser({ emails: [{ value: 'only@example.com', type: 'work', primary: true }] });
    expectError(await patch(user.id, [{ op: 'remove' }]), 400, 'noTarget');
    expectError(await patch(user.id, [{ op: 'remove', path: 'emails[type eq "home"]' }]), 400, 'noTarget');
    expectError(await patch(user.id, [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'h@example.com' }]), 400, 'noTarget');
    expect((await call('GET', `/Users/${user.id}`)).body).toEqual(user);
  });

  it('answers 404 for a PATCH of an id no user has', async () => {
    expectError(await patch('999999', [{ op: 'replace', path: 'active', value: false }]), 404);
  });
});

describe('delete (RFC 7644 §3.6)', () => {
  it('answers 204 with no body; the user is then gone, and the userName comes back with a new id', async () => {
    const user = await createUser();
    const deleted = await call('DELETE', `/Users/${user.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await call('GET', `/Users/${user.id}`), 404);
    expectError(await call('DELETE', `/Users/${user.id}`), 404);
    expectError(await patch(user.id, [{ op: 'replace', path: 'active', value: false }]), 404);
    const listed = await call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
    expect(listed.body.totalResults).toBe(0);
    const again = await call('POST', '/Users', { schemas: [USER_URN], userName: user.userName });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(user.id);
    expect((await createUser()).id).not.toBe(user.id);
    expectError(await call('GET', `/Users/${user.id}`), 404);
  });
});
