import { join } from 'node:path';
import { OAuthClient } from '../../src/client/oauth-client';
import { CLIENT_ID } from '../support/oauth-login';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

interface StoredSettings {
  kind: string;
  accessToken: string;
  refreshToken: string | null;
}
const stored = () => bench.page.evaluate(() => JSON.parse(localStorage.getItem('report-sync.connection') ?? 'null') as StoredSettings | null);
const signOutButton = () => bench.page.getByRole('button', { name: 'Sign out' });

test('sign in through the OAuth dialog as Anna Analyst; a reload keeps the session; sign-out revokes it', async () => {
  const origin = bench.workbench.server.url;
  await bench.page.goto(`${origin}/workbench.html`);
  await bench.page.evaluate(() => (window as unknown as { workbench: { reset(): void } }).workbench.reset());
  await bench.page.reload();

  // The dialog (a popup standing in for Office's) opens the add-in's start page, which goes on to the platform.
  const [dialog] = await Promise.all([bench.page.context().waitForEvent('page'), bench.page.getByRole('button', { name: 'Sign in' }).click()]);
  await dialog.getByRole('radio', { name: /Anna Analyst/ }).waitFor();
  expect(new URL(dialog.url()).pathname).toMatch(/^\/oauth\/interaction\//);
  expect(await dialog.getByRole('group', { name: 'Sign in as' }).isVisible()).toBe(true);
  expect(await axeViolations(dialog, null)).toEqual([]);
  await dialog.getByRole('radio', { name: /Anna Analyst/ }).check();
  await dialog.screenshot({ path: join(screenshots, 'oauth-login-page.png') });
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await signOutButton().waitFor();
  if (!dialog.isClosed()) await dialog.waitForEvent('close');

  // The tokens live in the add-in's own storage only, never in the workbook.
  const session = await stored();
  expect(session).toMatchObject({ kind: 'oauth', accessToken: expect.any(String), refreshToken: expect.any(String) });
  const workbook = await bench.page.evaluate(() => JSON.stringify((window as unknown as { workbench: { model: { toJSON(): unknown } } }).workbench.model.toJSON()));
  expect(workbook).not.toContain(session!.accessToken);
  expect(workbook).not.toContain(session!.refreshToken);

  await bench.page.reload();
  await signOutButton().waitFor();
  expect(await bench.page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);

  const refreshToken = (await stored())!.refreshToken!;
  // Sign-out revokes the refresh token, then the access token (RFC 7009).
  const revoked = bench.page.waitForResponse((r) => r.url().endsWith('/oauth/revoke') && Boolean(r.request().postData()?.includes('token_type_hint=access_token')));
  await signOutButton().click();
  await bench.page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await stored()).toBeNull();
  expect((await revoked).status()).toBe(200);
  // Revoked on the platform: the refresh token the pane had no longer renews anything.
  const client = await OAuthClient.discover(origin, { clientId: CLIENT_ID });
  await expect(client.refresh(refreshToken)).rejects.toMatchObject({ reason: 'expired', code: 'invalid_grant' });
  await bench.page.screenshot({ path: join(screenshots, 'signed-out.png') });
});

/** Signs in through the dialog as Anna Analyst; `trigger` is what opens the dialog. */
async function signInAsAnna(trigger: () => Promise<void>) {
  const [dialog] = await Promise.all([bench.page.context().waitForEvent('page'), trigger()]);
  await dialog.getByRole('radio', { name: /Anna Analyst/ }).check();
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  if (!dialog.isClosed()) await dialog.waitForEvent('close');
}

const editStored = (patch: Partial<StoredSettings & { expiresAt: number }>) =>
  bench.page.evaluate((p) => localStorage.setItem('report-sync.connection', JSON.stringify({ ...JSON.parse(localStorage.getItem('report-sync.connection')!), ...p })), patch);

test('renews the access token before it expires and silently on a 401; a revoked sign-in asks again and the work carries on', async () => {
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html`);
  await bench.page.evaluate(() => (window as unknown as { workbench: { reset(): void } }).workbench.reset());
  await bench.page.reload();
  await signInAsAnna(() => bench.page.getByRole('button', { name: 'Sign in' }).click());
  await signOutButton().waitFor();
  const first = (await stored())!;

  // An access token about to expire is renewed before it is sent (the refresh token rotates).
  await editStored({ expiresAt: Date.now() });
  await bench.page.reload();
  await signOutButton().waitFor();
  const renewed = (await stored())!;
  expect(renewed.accessToken).not.toBe(first.accessToken);
  expect(renewed.refreshToken).not.toBe(first.refreshToken);

  // One the platform refuses (401) is renewed without asking the user.
  await editStored({ accessToken: 'no-longer-valid' });
  await bench.page.reload();
  await signOutButton().waitFor();
  expect((await stored())!.accessToken).not.toBe('no-longer-valid');
  expect(await bench.page.getByText('Your session has ended').count()).toBe(0);

  // The platform ends the whole sign-in: the next request asks the user, and carries on once they are back.
  const client = await OAuthClient.discover(bench.workbench.server.url, { clientId: CLIENT_ID });
  await client.revoke((await stored())!.refreshToken!, 'refresh_token');
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('Monthly revenue');
  const alert = bench.page.getByRole('alert').filter({ hasText: 'Your session has ended' });
  await alert.waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);
  await signInAsAnna(() => alert.getByRole('button', { name: 'Sign in' }).click());
  await bench.page.locator('[aria-label="Reports"] li', { hasText: 'Monthly revenue' }).first().waitFor();
  expect(await bench.page.getByText('Your session has ended').count()).toBe(0);
});

test("inside Office's dialog the callback page answers through messageParent, to the add-in's origin only", async () => {
  const origin = bench.workbench.server.url;
  /** What the callback page sends on a host with or without DialogOrigin 1.1. */
  const answer = async (dialogOrigin: boolean) => {
    const dialog = await bench.page.context().newPage();
    // A stand-in for the dialog's Office.context, as Office provides it to a dialog page (in place of office.js).
    await dialog.route('**/office-js/office.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await dialog.addInitScript((supported) => {
      const sent: unknown[][] = [];
      Object.assign(window, {
        sent,
        Office: {
          onReady: (callback: () => void) => Promise.resolve().then(callback),
          context: { requirements: { isSetSupported: () => supported }, ui: { messageParent: (...args: unknown[]) => sent.push(args) } },
        },
      });
    }, dialogOrigin);
    await dialog.goto(`${origin}/auth/callback.html?code=abc&state=xyz&iss=${encodeURIComponent(origin)}`);
    await dialog.getByText('Signed in. You can close this window.').waitFor();
    const sent = await dialog.evaluate(() => (window as unknown as { sent: unknown[][] }).sent);
    await dialog.close();
    return sent;
  };
  const message = JSON.stringify({ type: 'report-sync:authorization-response', params: { code: 'abc', state: 'xyz', iss: origin } });
  expect(await answer(true)).toEqual([[message, { targetOrigin: origin }]]);
  expect(await answer(false)).toEqual([[message]]);
});

test('the start page redirects only to an authorization request of this add-in', async () => {
  const origin = bench.workbench.server.url;
  await bench.page.goto(`${origin}/auth/start.html?authorize=${encodeURIComponent('https://evil.example/phish')}`);
  await bench.page.getByText('This sign-in link is not valid').waitFor();
  expect(new URL(bench.page.url()).origin).toBe(origin);
});
