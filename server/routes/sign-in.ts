import { newSecret, tokenHash } from '../auth';
import type { PlatformContext } from '../context';
import { HttpError, requireLoopback, type ApiRequest, type ApiResponse, type Router } from '../http';
import { userRecord } from '../store/rows';
import { authenticate, bearerToken } from './auth';

/**
 * The local platform's sign-in page, opened by the add-in in an Office dialog. It stands in for a tenant's
 * single sign-on: a seeded (active) user is picked, the platform issues a Platform API token for them, and
 * the page hands it to the add-in with `messageParent`. Loopback only, as the whole local platform is.
 */
const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const loopbackOnly = (request: ApiRequest) => requireLoopback(request, 'Signing in to the local platform');

async function page(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  loopbackOnly(request);
  const users = (await ctx.db.read((tx) => tx.all(`SELECT * FROM users WHERE active ORDER BY user_name`))).map(userRecord);
  const choices = users
    .map((user, index) => {
      const name = [user.givenName, user.familyName].filter(Boolean).join(' ') || user.userName;
      return `<label class="choice"><input type="radio" name="username" value="${escapeHtml(user.userName)}"${index === 0 ? ' checked' : ''}>
        <span><strong>${escapeHtml(name)}</strong><br><small>${escapeHtml(user.userName)}</small></span></label>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to the local platform</title>
<style>
  body { font-family: "Segoe UI", system-ui, sans-serif; margin: 0; padding: 24px; color: #242424; background: #fff; }
  h1 { font-size: 20px; font-weight: 600; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #616161; }
  fieldset { border: 0; padding: 0; margin: 0 0 16px; display: grid; gap: 8px; }
  legend { font-weight: 600; margin-bottom: 8px; }
  .choice { display: flex; gap: 8px; align-items: flex-start; padding: 8px; border: 1px solid #d1d1d1; border-radius: 4px; }
  button { font: inherit; padding: 6px 16px; border-radius: 4px; border: 1px solid #d1d1d1; background: #fff; }
  button[type=submit] { background: #0f6cbd; border-color: #0f6cbd; color: #fff; }
  :focus-visible { outline: 2px solid #000; outline-offset: 2px; }
  [role=alert] { color: #b10e1c; }
  @media (prefers-color-scheme: dark) {
    body { background: #292929; color: #fff; } p { color: #d6d6d6; } .choice { border-color: #666; }
    button { background: #3d3d3d; color: #fff; border-color: #666; } [role=alert] { color: #ff9a9e; }
    :focus-visible { outline-color: #fff; }
  }
</style>
<script src="/office-js/office.js"></script>
<script src="/auth/sign-in.js" defer></script>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p>Local platform: choose who you are. A real tenant asks for your company account here.</p>
  <form id="sign-in">
    <fieldset><legend>Account</legend>
${choices}
    </fieldset>
    <div id="status" role="alert"></div>
    <button type="submit">Sign in</button>
    <button type="button" id="cancel">Cancel</button>
  </form>
</main>
</body>
</html>`;
  return { status: 200, body: html, contentType: 'text/html', headers: PAGE_HEADERS };
}

/** Hands the result to the add-in: through Office's dialog channel inside Office, else to the opening window. */
const PAGE_SCRIPT = `"use strict";
(function () {
  var form = document.getElementById('sign-in');
  var status = document.getElementById('status');
  function tell(message) {
    var text = JSON.stringify(message);
    try {
      if (typeof Office !== 'undefined' && Office.context && Office.context.ui && Office.context.ui.messageParent) {
        Office.context.ui.messageParent(text);
        return;
      }
    } catch (e) { /* not inside an Office dialog: fall through to the window that opened this page */ }
    var target = window.parent !== window ? window.parent : window.opener;
    if (target) target.postMessage(text, location.origin);
  }
  document.getElementById('cancel').addEventListener('click', function () { tell({ type: 'report-sync:cancelled' }); });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var choice = form.querySelector('input[name=username]:checked');
    if (!choice) { status.textContent = 'Choose an account.'; return; }
    status.textContent = '';
    fetch('/auth/sign-in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: choice.value }) })
      .then(function (response) { return response.json().then(function (body) { return { ok: response.ok, body: body }; }); })
      .then(function (answer) {
        if (!answer.ok) { status.textContent = answer.body.error || 'Sign-in failed.'; return; }
        tell({ type: 'report-sync:signed-in', accessToken: answer.body.accessToken });
      })
      .catch(function () { status.textContent = 'The platform cannot be reached. Try again.'; });
  });
  if (typeof Office !== 'undefined') Office.onReady();
})();
`;

async function signIn(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  loopbackOnly(request);
  const username = (request.body as { username?: unknown } | undefined)?.username;
  if (typeof username !== 'string' || !username) throw new HttpError(400, 'username is required');
  return ctx.db.transaction(async (tx) => {
    const row = await tx.one(`SELECT * FROM users WHERE user_name = ?`, [username]);
    const user = row ? userRecord(row) : null;
    if (!user || !user.active) throw new HttpError(401, 'No active user with that name');
    const accessToken = `plt_${newSecret()}`;
    await tx.run(`INSERT INTO access_tokens VALUES (?, 'platform', ?, ?)`, [tokenHash(accessToken), user.id, `sign-in ${ctx.now().toISOString()}`]);
    return { status: 200, body: { accessToken } };
  });
}

/** Revokes the token the request carries (a signed-in session ends; API tokens are revoked elsewhere). */
async function signOut(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authenticate(ctx, request);
  const token = bearerToken(request)!;
  await ctx.db.transaction((tx) => tx.run(`DELETE FROM access_tokens WHERE token_hash = ? AND label LIKE 'sign-in %'`, [tokenHash(token)]));
  return { status: 204 };
}

export function signInRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/auth/sign-in', (r) => page(ctx, r))
    .add('GET', '/auth/sign-in.js', async (r) => {
      loopbackOnly(r);
      return { status: 200, body: PAGE_SCRIPT, contentType: 'text/javascript', headers: { 'X-Content-Type-Options': 'nosniff' } };
    })
    .add('POST', '/auth/sign-in', (r) => signIn(ctx, r))
    .add('POST', '/auth/sign-out', (r) => signOut(ctx, r));
}
