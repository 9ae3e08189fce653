import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';

/** The local platform's sign-in page and its token issue, as the add-in's dialog uses them. */
describe('local platform sign-in', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(() => t.close());

  const signIn = (username: unknown) =>
    fetch(`${t.platform.url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username }) });

  it('serves a page listing the active seeded users, with a strict content security policy', async () => {
    const response = await fetch(`${t.platform.url}/auth/sign-in`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('value="admin@example.com"');
    expect(html).toContain('value="analyst@example.com"');
    expect(html).toContain('<script src="/auth/sign-in.js"');
    const script = await fetch(`${t.platform.url}/auth/sign-in.js`).then((r) => r.text());
    expect(script).toContain('messageParent');
  });

  it('issues a Platform API token for the chosen user, which sign-out revokes', async () => {
    const response = await signIn('analyst@example.com');
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    const client = platformClient(t.platform.url, accessToken);
    expect((await client.getCurrentUser()).username).toBe('analyst@example.com');
    await client.signOut();
    await expect(client.getCurrentUser()).rejects.toMatchObject({ status: 401 });
  });

  it('refuses unknown or deactivated users and a missing name; sign-out leaves long-lived API tokens alone', async () => {
    expect((await signIn('nobody@example.com')).status).toBe(401);
    expect((await signIn(undefined)).status).toBe(400);
    const users = await t.scim.listUsers({ filter: 'userName eq "analyst@example.com"' });
    const analyst = users.Resources[0]!;
    await t.scim.replaceUser(analyst.id!, { ...analyst, active: false });
    try {
      expect((await signIn('analyst@example.com')).status).toBe(401);
    } finally {
      await t.scim.replaceUser(analyst.id!, { ...analyst, active: true });
    }
    await t.admin.signOut();
    expect((await t.admin.getCurrentUser()).username).toBe('admin@example.com');
  });
});
