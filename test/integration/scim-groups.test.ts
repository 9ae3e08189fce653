/**
 * SCIM 2.0 Groups on the wire, from Cube Cloud's scim.yaml and RFC 7643 §4.2 / RFC 7644 (not from the
 * implementation), with the membership PATCH forms Entra ID and Okta send. Every body is schema-checked.
 */
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { GROUP_URN, PATCH_URN, USER_URN, scimFetch, unique, type ScimAnswer } from '../support/scim-schemas';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

interface Member { value: string; display?: string }
interface User { id: string; userName: string }

const call = (method: string, path: string, body?: unknown, options?: { nonConforming?: boolean }) =>
  scimFetch(t.platform, method, path, body, options);
const patch = (id: string, Operations: unknown[]) => call('PATCH', `/Groups/${id}`, { schemas: [PATCH_URN], Operations });

function expectError(answer: ScimAnswer, status: number, scimType?: string) {
  expect({ status: answer.status, scimType: answer.body?.scimType }).toEqual({ status, scimType: scimType ?? answer.body?.scimType });
}

async function createUser(): Promise<User> {
  const answer = await call('POST', '/Users', { schemas: [USER_URN], userName: `${unique('member')}@example.com` });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function createGroup(members: User[] = []) {
  const answer = await call('POST', '/Groups', { schemas: [GROUP_URN], displayName: unique('Group'), members: members.map((u) => ({ value: u.id })) });
  expect(answer.status).toBe(201);
  return answer.body;
}

/**
 * scim.yaml: a member's `value` is the user's id and `display` their userName; membership is a set. RFC 7643 §4.2
 * also allows `$ref` (the member's URI) and `type` ("User"), checked when present.
 */
function expectMembers(group: { members?: (Member & { $ref?: string; type?: string })[] }, users: User[]) {
  const byValue = (a: Member, b: Member) => a.value.localeCompare(b.value);
  const members = group.members ?? [];
  expect(members.map(({ value, display }) => ({ value, display })).sort(byValue)).toEqual(users.map((u) => ({ value: u.id, display: u.userName })).sort(byValue));
  for (const m of members) {
    if (m.$ref !== undefined) expect(m.$ref).toMatch(new RegExp(`/Users/${m.value}$`));
    if (m.type !== undefined) expect(m.type).toBe('User');
  }
}

/** RFC 7644 §3.5.2: a PATCH answers 200 with the entire Group, and that is what a GET then returns. */
async function patched(id: string, Operations: unknown[]) {
  const answer = await patch(id, Operations);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ id, displayName: expect.any(String), meta: { resourceType: 'Group' } });
  expect((await call('GET', `/Groups/${id}`)).body).toEqual(answer.body);
  return answer.body;
}

describe('seeded groups and listing', () => {
  it('lists the seeded groups, each member naming a user by id with their userName as display', async () => {
    const list = await call('GET', '/Groups');
    expect(list.status).toBe(200);
    const names = list.body.Resources.map((g: { displayName: string }) => g.displayName);
    expect(names).toEqual(expect.arrayContaining(['Analysts', 'Report authors', 'Finance']));
    expect(list.body.totalResults).toBe(list.body.Resources.length);
    for (const group of list.body.Resources) {
      expect(group.meta.location).toMatch(new RegExp(`/Groups/${group.id}$`));
      for (const member of group.members ?? []) {
        const user = await call('GET', `/Users/${member.value}`);
        expect(user.status).toBe(200);
        expect(member.display).toBe(user.body.userName);
      }
    }
  });

  it('leaves members out with excludedAttributes=members, keeping id and displayName (RFC 7644 §3.9)', async () => {
    const group = await createGroup([await createUser()]);
    const list = await call('GET', '/Groups?excludedAttributes=members');
    expect(list.body.Resources.length).toBeGreaterThanOrEqual(4);
    for (const g of list.body.Resources) {
      expect(g).not.toHaveProperty('members');
      expect(g).toMatchObject({ id: expect.any(String), displayName: expect.any(String) });
    }
    const one = await call('GET', `/Groups/${group.id}?excludedAttributes=members`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('members');
    expect(one.body).toMatchObject({ id: group.id, displayName: group.displayName });
    expect((await call('GET', `/Groups/${group.id}`)).body.members).toHaveLength(1);
  });
});

describe('create, get, replace (RFC 7644 §3.3, §3.4.1, §3.5.1)', () => {
  it('answers 201 with the Group and a Location equal to meta.location; GET returns the same', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const displayName = unique('Created');
    const answer = await call('POST', '/Groups', { schemas: [GROUP_URN], displayName, members: [{ value: a.id }, { value: b.id }] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ displayName, meta: { resourceType: 'Group' } });
    expect(answer.headers.get('location')).toBe(answer.body.meta.location);
    expect(answer.body.meta.location).toMatch(new RegExp(`/Groups/${answer.body.id}$`));
    expectMembers(answer.body, [a, b]);
    const got = await call('GET', `/Groups/${answer.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(answer.body);
  });

  it('answers 409 uniqueness for a taken displayName, and 400 invalidValue without one', async () => {
    const group = await createGroup();
    expectError(await call('POST', '/Groups', { schemas: [GROUP_URN], displayName: group.displayName }), 409, 'uniqueness');
    expectError(await call('POST', '/Groups', { schemas: [GROUP_URN], displayName: 'Analysts' }), 409, 'uniqueness');
    expectError(await call('POST', '/Groups', { schemas: [GROUP_URN], members: [] }, { nonConforming: true }), 400, 'invalidValue');
  });

  it('answers 404 for an id no group has', async () => {
    expectError(await call('GET', '/Groups/999999'), 404);
    expectError(await call('PUT', '/Groups/999999', { schemas: [GROUP_URN], displayName: unique('Nobody') }), 404);
    expectError(await patch('999999', [{ op: 'add', path: 'members', value: [] }]), 404);
  });

  it('replaces the full membership list with PUT', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const group = await createGroup([a]);
    const displayName = unique('Replaced');
    const answer = await call('PUT', `/Groups/${group.id}`, { schemas: [GROUP_URN], displayName, members: [{ value: b.id }, { value: c.id }] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: group.id, displayName });
    expect(answer.body.meta.created).toBe(group.meta.created);
    expectMembers(answer.body, [b, c]);
    expect((await call('GET', `/Groups/${group.id}`)).body).toEqual(answer.body);
    const emptied = await call('PUT', `/Groups/${group.id}`, { schemas: [GROUP_URN], displayName });
    expect(emptied.status).toBe(200);
    expectMembers(emptied.body, []);
  });
});

describe('PATCH membership (RFC 7644 §3.5.2)', () => {
  it('adds members, without duplicating one already there (§3.5.2.1)', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const group = await createGroup([a]);
    expectMembers(await patched(group.id, [{ op: 'add', path: 'members', value: [{ value: b.id }] }]), [a, b]);
    expectMembers(await patched(group.id, [{ op: 'add', path: 'members', value: [{ value: b.id }, { value: c.id }] }]), [a, b, c]);
    expectMembers(await patched(group.id, [{ op: 'add', path: 'members', value: [{ value: a.id }] }]), [a, b, c]);
  });

  it('removes one member with Entra ID\'s path members[value eq "<id>"] (§3.5.2.2)', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const group = await createGroup([a, b]);
    expectMembers(await patched(group.id, [{ op: 'remove', path: `members[value eq "${a.id}"]` }]), [b]);
  });

  it('removes the listed members with Okta\'s path members and value [{value}], and all with no value', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const group = await createGroup([a, b, c]);
    expectMembers(await patched(group.id, [{ op: 'remove', path: 'members', value: [{ value: a.id }] }]), [b, c]);
    // §3.5.2.2: a multi-valued attribute with no filter (and here no value) loses all its values.
    expectMembers(await patched(group.id, [{ op: 'remove', path: 'members' }]), []);
  });

  it('replaces displayName with a path and without one, keeping the members', async () => {
    const a = await createUser();
    const group = await createGroup([a]);
    const first = unique('Renamed');
    expect((await patched(group.id, [{ op: 'replace', path: 'displayName', value: first }])).displayName).toBe(first);
    const second = unique('Renamed');
    const answer = await patched(group.id, [{ op: 'replace', value: { displayName: second } }]);
    expect(answer.displayName).toBe(second);
    expectMembers(answer, [a]);
  });

  it('replaces the membership with op replace on members', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const group = await createGroup([a]);
    expectMembers(await patched(group.id, [{ op: 'replace', path: 'members', value: [{ value: b.id }] }]), [b]);
  });

  it('answers 400 invalidValue for a member id no user has, changing nothing', async () => {
    const a = await createUser();
    const group = await createGroup([a]);
    const unknown = [{ value: '999999' }];
    expectError(await patch(group.id, [{ op: 'add', path: 'members', value: unknown }]), 400, 'invalidValue');
    expectError(await call('PUT', `/Groups/${group.id}`, { schemas: [GROUP_URN], displayName: group.displayName, members: unknown }), 400, 'invalidValue');
    expectError(await call('POST', '/Groups', { schemas: [GROUP_URN], displayName: unique('Ghosts'), members: unknown }), 400, 'invalidValue');
    expect((await call('GET', `/Groups/${group.id}`)).body).toEqual(group);
  });
});

describe('delete (RFC 7644 §3.6)', () => {
  it('answers 204 with no body; the group is gone and its member user is not', async () => {
    const a = await createUser();
    const group = await createGroup([a]);
    const deleted = await call('DELETE', `/Groups/${group.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await call('GET', `/Groups/${group.id}`), 404);
    expectError(await call('DELETE', `/Groups/${group.id}`), 404);
    const user = await call('GET', `/Users/${a.id}`);
    expect(user.status).toBe(200);
    expect(user.body.userName).toBe(a.userName);
  });

  it('drops a deleted user from the groups they were in', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const group = await createGroup([a, b]);
    expect((await call('DELETE', `/Users/${a.id}`)).status).toBe(204);
    expectMembers((await call('GET', `/Groups/${group.id}`)).body, [b]);
  });
});
