import type { ServerResponse } from 'node:http';

/** An HTML (or CSS) answer of the authorization server, with the headers every one of its pages carries. */
export interface Page {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const STYLESHEET_PATH = '/oauth/assets/sign-in.css';

/**
 * No script at all, styles only from this server, never framed (clickjacking), no referrer leaking the
 * interaction's address. Forms may post here and follow the redirect back to the add-in's own origins.
 */
export function pageHeaders(clientOrigins: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'", "style-src 'self'", `form-action 'self' ${clientOrigins.join(' ')}`.trim(),
      "frame-ancestors 'none'", "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

export function sendPage(res: ServerResponse, page: Page): void {
  res.writeHead(page.status, page.headers).end(page.body);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function document(title: string, main: string, clientOrigins: string[], status = 200): Page {
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
  return { status, headers: { ...pageHeaders(clientOrigins), 'Content-Type': 'text/html; charset=utf-8' }, body };
}

export interface SignInChoice {
  id: number;
  name: string;
  email: string;
}

/** Who signs in: the active users as radio buttons (none chosen for the user), then Sign in or Cancel. */
export function loginPage(args: { uid: string; csrf: string; clientName: string; users: SignInChoice[]; clientOrigins: string[] }): Page {
  const action = `/oauth/interaction/${encodeURIComponent(args.uid)}`;
  const choices = args.users.map((user) => `<div class="choice">
<input type="radio" id="user-${user.id}" name="user" value="${user.id}" required>
<label for="user-${user.id}"><span class="name">${escapeHtml(user.name)}</span> <span class="email">${escapeHtml(user.email)}</span></label>
</div>`).join('\n');
  return document('Sign in – local platform', `<h1>Sign in</h1>
<p>${escapeHtml(args.clientName)} asks to use the local platform on your behalf. Choose who you are.</p>
<form method="post" action="${action}/login">
<input type="hidden" name="csrf" value="${escapeHtml(args.csrf)}">
<fieldset>
<legend>Sign in as</legend>
${choices || '<p>No active users.</p>'}
</fieldset>
<div class="actions">
<button type="submit" class="primary">Sign in</button>
<button type="submit" formaction="${action}/cancel" formnovalidate>Cancel</button>
</div>
</form>`, args.clientOrigins);
}

export function errorPage(message: string, clientOrigins: string[], status = 400): Page {
  return document('Sign-in could not continue', `<h1>Sign-in could not continue</h1>
<p>${escapeHtml(message)}</p>
<p>Close this window and start again from the add-in.</p>`, clientOrigins, status);
}

export function stylesheet(clientOrigins: string[]): Page {
  return {
    status: 200,
    headers: { ...pageHeaders(clientOrigins), 'Content-Type': 'text/css; charset=utf-8' },
    body: `body { font-family: "Segoe UI", system-ui, sans-serif; margin: 0; color: #1f1f1f; background: #fff; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
fieldset { border: 1px solid #8a8a8a; border-radius: 4px; padding: 0.5rem 1rem 1rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
.choice { display: flex; align-items: baseline; gap: 0.5rem; margin-top: 0.75rem; }
.email { display: block; color: #4d4d4d; font-size: 0.9rem; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { font: inherit; padding: 0.4rem 1.2rem; border-radius: 4px; border: 1px solid #616161; background: #fff; color: #1f1f1f; cursor: pointer; }
button.primary { background: #0f5cad; border-color: #0f5cad; color: #fff; }
:focus-visible { outline: 3px solid #0f5cad; outline-offset: 2px; }
button.primary:focus-visible { outline-color: #1f1f1f; }
@media (forced-colors: active) { button.primary { border-color: ButtonText; } }
`,
  };
}
