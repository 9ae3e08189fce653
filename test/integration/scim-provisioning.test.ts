import { OAuthClient, type OAuthTokens } from '../../src/client/oauth-client';
import {
  SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA, ScimGroup, ScimGroupListResponse, ScimUser, type Policy, type Report,
} from '../../src/contract';
import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { CLIENT_ID, refreshRaw, signInByHand } from '../support/oauth-login';

/**
 * An identity provider's day (Entra ID, Okta) against the SCIM API, end to end: create a user, add them to a
 * group by PATCH, see the group's rights in their `users/me` policies and in what they may read, rename them,
 * deactivate by PATCH (their OAuth session and data tokens end), reactivate (no old session comes back), remove
 * them from the group, delete them. The steps run in order and share the user.
 */
describe("SCIM provisioning: an identity provider's day", () => {
  const SCIM_JSON = 'application/scim+json';
  const USER_NAME = 'dana.dayfield@example.com';
  const RENAMED = 'dana.nightfield@example.com';
  const EMAIL = 'dana.dayfield@corp.example.com';
  let t: TestPlatform;
  let base: string;
  beforeAll(async () => {
    t = await startTestPlatform();
    base = t.platform.url;
  });
  afterAll(() => t.close());

  /** One SCIM call with the SCIM token, as the provisioning service sends it. */
  async function scim(method: string, path: string, body?: unknown) {
    const response = await fetch(`${base}/api/scim/v2${path}`, {
      method,
      headers: { Authorization: `Bearer ${t.platform.tokens.scim}`, Accept: SCIM_JSON, ...(body === undefined ? {} : { 'Content-Type': SCIM_JSON }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (text) expect(response.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as unknown };
  }
  /** A PATCH (RFC 7644 §3.5.2) that must succeed: 200 with the resource, or 204. */
  async function patch(resource: 'Users' | 'Groups', id: string, ...operations: { op: string; path: string; value?: unknown }[]) {
    const answer = await scim('PATCH', `/${resource}/${id}`, { schemas: [SCIM_PATCH_SCHEMA], Operations: operations });
    expect([200, 204]).toContain(answer.status);
    if (answer.status === 200) (resource === 'Users' ? ScimUser : ScimGroup).parse(answer.body);
  }
  const getUser = async (id: string) => ScimUser.parse((await scim('GET', `/Users/${id}`)).body);
  async function createUser(userName: string, email: string, externalId: string) {
    const sent = ScimUser.parse({
      schemas: [SCIM_USER_SCHEMA], userName, name: { givenName: 'Dana', familyName: 'Dayfield' },
      emails: [{ value: email, primary: true, type: 'work' }], active: true, externalId,
    });
    const answer = await scim('POST', '/Users', sent);
    expect(answer.status).toBe(201);
    const created = ScimUser.parse(answer.body);
    expect(created.id).toMatch(/^\d+$/);
    expect(answer.headers.get('location')).toBe(`${base}/api/scim/v2/Users/${created.id}`);
    expect(created).toMatchObject({ userName, active: true, externalId, emails: [expect.objectContaining({ value: email })] });
    return created.id!;
  }
  async function group(displayName: string) {
    const answer = await scim('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "${displayName}"`)}`);
    expect(answer.status).toBe(200);
    const list = ScimGroupListResponse.parse(answer.body);
    expect(list.Resources.map((g) => g.displayName)).toEqual([displayName]);
    return list.Resources[0]!.id!;
  }
  const members = async (groupId: string) => ScimGroup.parse((await scim('GET', `/Groups/${groupId}`)).body).members ?? [];
  /** A group's policies, read through the test hook (it answers the ones it replaces): put back unchanged. */
  async function groupPolicies(displayName: string): Promise<Policy[]> {
    const policies = await t.platform.testing.setGroupPolicies(displayName, []);
    await t.platform.testing.setGroupPolicies(displayName, policies);
    return policies;
  }

  const canon = (policies: readonly Policy[]) =>
    [...new Set(policies.map((p) => JSON.stringify([p.resourceType, [...p.actions].sort(), [...p.resources].sort()])))].sort();
  const me = (token: string) => platformClient(base, token).getCurrentUser();
  const apiStatus = (token: string) => me(token).then(() => 200, (e: { status?: number }) => e.status);
  const dataToken = async (accessToken: string, deploymentId = t.salesDeploymentId) =>
    (await platformClient(base, accessToken).issueDeploymentToken(deploymentId, 600)).cubeApiToken;
  const dataStatus = async (cubeApiToken: string) => (await fetch(`${base}/cubejs-api/v1/meta`, { headers: { Authorization: cubeApiToken } })).status;
  const refresh = (refreshToken: string) => refreshRaw(base, refreshToken);
  const refusedStatus = (call: Promise<unknown>) => call.then(() => 200, (e: { status?: number }) => e.status);
  /** Everything issued to one sign-in that must end with it. */
  const expectSessionEnded = async (session: { tokens: OAuthTokens; data: string }) => {
    expect(await apiStatus(session.tokens.accessToken)).toBe(401);
    expect(await refresh(session.tokens.refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect([401, 403]).toContain(await dataStatus(session.data));
  };

  const READ = ['ReportRead', 'ReportEdit', 'ReportManage', 'All'];
  const grants = (policies: readonly Policy[], type: string, id: number, actions: string[]) =>
    policies.some((p) => p.resourceType === type && p.actions.some((a) => actions.includes(a)) && (p.resources.includes(String(id)) || p.resources.includes('*')));
  /** api.yaml `Policy`: a report is readable through a grant on it, on a folder on its path, or on its deployment. */
  const mayRead = (policies: readonly Policy[], report: Report) =>
    grants(policies, 'Report', report.id, READ) || grants(policies, 'Deployment', report.deploymentId, READ)
    || (report.folderPath ?? []).some((f) => grants(policies, 'Folder', f.id, READ) || grants(policies, 'ReportFolder', f.id, READ));
  async function allReports(accessToken: string, deploymentId: number): Promise<number[]> {
    const ids: number[] = [];
    for await (const report of platformClient(base, accessToken).iterateReports(deploymentId, { first: 100 })) ids.push(report.id);
    return ids.sort((a, b) => a - b);
  }

  // What the day builds up, step by step.
  let userId = '';
  let analystsId = '';
  let authorsId = '';
  let analystsPolicies: Policy[] = [];
  let session: { tokens: OAuthTokens; data: string };
  let report: { deploymentId: number; id: number };

  it('creates a user who signs in with no rights and reads nothing', async () => {
    userId = await createUser(USER_NAME, EMAIL, 'entra-oid-dana');
    expect(await getUser(userId)).toMatchObject({ id: userId, userName: USER_NAME, active: true, name: { givenName: 'Dana', familyName: 'Dayfield' } });
    const { tokens } = await signInByHand(base, Number(userId));
    const user = await me(tokens.accessToken);
    expect(user).toMatchObject({ id: Number(userId), username: USER_NAME, email: EMAIL, isAdmin: false });
    expect(user.userPolicies ?? []).toEqual([]);
    expect(await platformClient(base, tokens.accessToken).listDeployments()).toEqual([]);
    expect([403, 404]).toContain(await refusedStatus(platformClient(base, tokens.accessToken).listReports(t.salesDeploymentId)));
    expect([403, 404]).toContain(await refusedStatus(dataToken(tokens.accessToken)));
  });

  it("adds them to Analysts by PATCH: the group's policies become theirs, and so does what they grant to read", async () => {
    analystsId = await group('Analysts');
    analystsPolicies = await groupPolicies('Analysts');
    expect(analystsPolicies.length).toBeGreaterThan(0);
    // The seeded analyst is in Analysts: its rights are among hers.
    expect(canon((await t.analyst.getCurrentUser()).userPolicies ?? [])).toEqual(expect.arrayContaining(canon(analystsPolicies)));
    await patch('Groups', analystsId, { op: 'add', path: 'members', value: [{ value: userId }] });
    expect(await members(analystsId)).toContainEqual(expect.objectContaining({ value: userId }));

    const { tokens } = await signInByHand(base, Number(userId));
    const user = await me(tokens.accessToken);
    expect(canon(user.userPolicies ?? [])).toEqual(canon(analystsPolicies));
    const client = platformClient(base, tokens.accessToken);
    const all = await t.admin.listDeployments();
    const granted = all.filter((d) => analystsPolicies.some((p) => p.resourceType === 'Deployment' && (p.resources.includes(String(d.id)) || p.resources.includes('*'))));
    expect(granted.length).toBeGreaterThan(0);
    expect((await client.listDeployments()).map((d) => d.id).sort()).toEqual(granted.map((d) => d.id).sort());
    for (const deployment of granted) {
      const everything: Report[] = [];
      for await (const r of t.admin.iterateReports(deployment.id, { first: 100 })) everything.push(r);
      const readable = everything.filter((r) => mayRead(analystsPolicies, r)).map((r) => r.id).sort((a, b) => a - b);
      expect(await allReports(tokens.accessToken, deployment.id)).toEqual(readable);
    }
    expect(await allReports(tokens.accessToken, granted[0]!.id)).not.toEqual([]);
    session = { tokens, data: await dataToken(tokens.accessToken, granted[0]!.id) };
    expect(await dataStatus(session.data)).toBe(200);
  });

  it('adds them to Report authors, whose folder they may fill: they create a report there', async () => {
    authorsId = await group('Report authors');
    await patch('Groups', authorsId, { op: 'Add', path: 'members', value: [{ value: userId }] });
    const authors = await groupPolicies('Report authors');
    const policies = (await me(session.tokens.accessToken)).userPolicies ?? [];
    expect(canon(policies)).toEqual(canon([...analystsPolicies, ...authors]));
    const folderId = authors.filter((p) => p.resourceType === 'Folder' && p.actions.some((a) => ['ReportEdit', 'ReportManage', 'All'].includes(a)))
      .flatMap((p) => p.resources).find((r) => /^\d+$/.test(r));
    expect(folderId).toBeDefined();
    let deploymentId: number | undefined;
    for (const d of await t.admin.listDeployments()) {
      if (await t.admin.folderAncestors(d.id, Number(folderId)).then(() => true, () => false)) deploymentId = d.id;
    }
    expect(deploymentId).toBeDefined();
    const created = await platformClient(base, session.tokens.accessToken).createReport(deploymentId!, { name: 'Quarterly pipeline', folderId: Number(folderId) });
    expect(created).toMatchObject({ userId: Number(userId), folderId: Number(folderId), user: { id: Number(userId), email: EMAIL } });
    report = { deploymentId: deploymentId!, id: created.id };
  });

  it("renames them: same id, same rights; the old userName goes to a new person with none of them", async () => {
    const before = await me(session.tokens.accessToken);
    await patch('Users', userId, { op: 'replace', path: 'userName', value: RENAMED });
    expect(await getUser(userId)).toMatchObject({ id: userId, userName: RENAMED, active: true });
    const after = await me(session.tokens.accessToken);
    expect(after).toMatchObject({ id: Number(userId), username: RENAMED, email: EMAIL });
    expect(canon(after.userPolicies ?? [])).toEqual(canon(before.userPolicies ?? []));
    expect(await members(analystsId)).toContainEqual(expect.objectContaining({ value: userId }));

    const newcomer = await createUser(USER_NAME, 'dana.dayfield.2@corp.example.com', 'entra-oid-dana-2');
    expect(newcomer).not.toBe(userId);
    const { tokens } = await signInByHand(base, Number(newcomer));
    const user = await me(tokens.accessToken);
    expect(user).toMatchObject({ id: Number(newcomer), username: USER_NAME });
    expect(user.userPolicies ?? []).toEqual([]);
    expect(await platformClient(base, tokens.accessToken).listDeployments()).toEqual([]);
    expect([403, 404]).toContain(await refusedStatus(platformClient(base, tokens.accessToken).getReport(report.deploymentId, report.id)));
    for (const groupId of [analystsId, authorsId]) expect((await members(groupId)).map((m) => m.value)).not.toContain(newcomer);
  });

  it('deactivates them by PATCH as Entra sends it: their OAuth session and data tokens end, and they cannot sign in', async () => {
    await patch('Users', userId, { op: 'Replace', path: 'active', value: 'False' });
    expect((await getUser(userId)).active).toBe(false);
    await expectSessionEnded(session);
    await expect(signInByHand(base, Number(userId))).rejects.toThrow();
  });

  it('reactivates them: no old session comes back, a new sign-in works with their group rights', async () => {
    await patch('Users', userId, { op: 'replace', path: 'active', value: true });
    expect((await getUser(userId)).active).toBe(true);
    await expectSessionEnded(session);
    const { tokens } = await signInByHand(base, Number(userId));
    expect(await me(tokens.accessToken)).toMatchObject({ id: Number(userId), username: RENAMED });
    session = { tokens, data: await dataToken(tokens.accessToken, report.deploymentId) };
    expect(await dataStatus(session.data)).toBe(200);
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const renewed = await client.refresh(tokens.refreshToken!);
    session = { tokens: renewed, data: session.data };
    expect(await apiStatus(renewed.accessToken)).toBe(200);
  });

  it('removes them from the groups as Entra sends it: the rights and what they read go with them', async () => {
    for (const groupId of [analystsId, authorsId]) {
      await patch('Groups', groupId, { op: 'remove', path: `members[value eq "${userId}"]` });
      expect((await members(groupId)).map((m) => m.value)).not.toContain(userId);
    }
    const user = await me(session.tokens.accessToken);
    expect(user.userPolicies ?? []).toEqual([]);
    const client = platformClient(base, session.tokens.accessToken);
    expect(await client.listDeployments()).toEqual([]);
    expect([403, 404]).toContain(await refusedStatus(client.issueDeploymentToken(report.deploymentId, 600)));
    // The seeded analyst, still a member, keeps the group's rights.
    expect(canon((await t.analyst.getCurrentUser()).userPolicies ?? [])).toEqual(expect.arrayContaining(canon(analystsPolicies)));
  });

  it('deletes them: 204, gone from SCIM, every token refused; their report stays, its owner blanked', async () => {
    expect((await scim('DELETE', `/Users/${userId}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${userId}`)).status).toBe(404);
    const listed = ScimUser.array().parse(((await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${RENAMED}"`)}`)).body as { Resources: unknown[] }).Resources);
    expect(listed).toEqual([]);
    await expectSessionEnded(session);
    await expect(signInByHand(base, Number(userId))).rejects.toThrow();

    const kept = await t.admin.getReport(report.deploymentId, report.id);
    expect(kept).toMatchObject({ id: report.id, userId: Number(userId), user: { id: Number(userId), email: '' } });
    for (const personal of [EMAIL, USER_NAME, RENAMED, 'Dana', 'Dayfield']) expect(JSON.stringify(kept)).not.toContain(personal);
  });
});
