import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { sameSecret } from '../auth';
import type { PlatformContext } from '../context';
import { primaryEmail, userRecord } from '../store/rows';
import { displayName } from './account';
import type { CompanySignInFlow } from './company-sign-in';
import { saveImplicitGrant } from './grant';
import type { OAuthKeys } from './keys';
import { errorPage, loginPage, sendPage, type SignInChoice } from './pages';

const MAX_FORM_BYTES = 16 * 1024;

export interface InteractionOptions {
  provider: Provider;
  /** The platform's own origin: the only one the login form may be posted from. */
  origin: string;
  clientOrigins: string[];
  /** The cookie keys, the same in every process of a team server: the CSRF key is derived from them. */
  keys: OAuthKeys;
  /** Sign-in through the company's OpenID Connect provider, which replaces the picker when given. */
  company?: CompanySignInFlow;
}

/** The CSRF key's label: the same cookie key gives the same CSRF key in every process, and no other key. */
const CSRF_KEY_LABEL = 'report-sync oauth interaction csrf v1';

/**
 * The login step oidc-provider hands over to (`/oauth/interaction/:uid`): the page, then Sign in or Cancel.
 * A post must carry the interaction cookie oidc-provider set for this uid (the session binding: SameSite
 * keeps it off cross-site posts), the page's CSRF token (an HMAC of the uid under a key derived from the shared
 * cookie key, so a page one process served may be posted to another) and come from the platform's own origin.
 * With company sign-in, the page sends the browser to the company's provider instead, and there is nothing to post.
 */
export function interactionHandler(ctx: PlatformContext, options: InteractionOptions) {
  const key = createHmac('sha256', options.keys.cookieKeys[0]!).update(CSRF_KEY_LABEL).digest();
  const csrfFor = (uid: string) => createHmac('sha256', key).update(uid).digest('base64url');
  const fail = (res: ServerResponse, message: string, status = 400) => sendPage(res, errorPage(message, options.clientOrigins, status));

  return async function handleInteraction(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = /^\/oauth\/interaction\/([\w-]+)(?:\/(login|cancel))?$/.exec(path);
    const method = (req.method ?? 'GET').toUpperCase();
    if (!match || (method !== (match[2] ? 'POST' : 'GET'))) return fail(res, 'There is no such page.', 404);
    const [, uid, step] = match as unknown as [string, string, 'login' | 'cancel' | undefined];
    // No picker to post to: who signs in is the company provider's to say.
    if (step && options.company) return fail(res, 'There is no such page.', 404);

    let form: URLSearchParams | null = null;
    if (step) {
      if (!postedFromOwnOrigin(req, options.origin)) return fail(res, 'This form may only be sent from the platform’s own sign-in page.', 403);
      form = await readForm(req);
      if (!form || !sameSecret(form.get('csrf') ?? '', csrfFor(uid))) return fail(res, 'The form is out of date. Start again from the add-in.', 403);
    }
    // No interaction cookie (another browser, a cross-site post) or an expired interaction: SessionNotFound.
    const details = await options.provider.interactionDetails(req, res).catch((error: Error) => {
      if (error.name === 'SessionNotFound') return null;
      throw error;
    });
    // The cookie names the interaction this browser started; a page for another uid is not its own.
    if (!details || details.uid !== uid) return fail(res, 'This sign-in has expired or was started in another window.');

    if (!step && options.company) return options.company.start(res, uid);
    if (!step) {
      const page = loginPage({ uid, csrf: csrfFor(uid), clientName: 'Report Sync', users: await activeUsers(ctx), clientOrigins: options.clientOrigins });
      return sendPage(res, page);
    }
    if (step === 'cancel') {
      await options.provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled sign-in.' }, { mergeWithLastSubmission: false });
      return;
    }
    const chosen = (await activeUsers(ctx)).find((user) => String(user.id) === form?.get('user'));
    if (!chosen) return fail(res, 'That user cannot sign in: choose one of the active users.');
    const accountId = String(chosen.id);
    const grantId = await saveImplicitGrant(options.provider, accountId, details.params);
    await options.provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };
}

async function activeUsers(ctx: PlatformContext): Promise<SignInChoice[]> {
  const rows = await ctx.db.read((tx) => tx.all(`SELECT * FROM users WHERE active ORDER BY id`));
  return rows.map(userRecord).map((user) => ({
    id: user.id,
    name: displayName(user),
    email: primaryEmail(user),
  }));
}

/**
 * The page sends `Referrer-Policy: no-referrer`, which makes browsers send `Origin: null` on its form posts
 * (Fetch standard, "append a request Origin header"); then the browser's own `Sec-Fetch-Site` must say the
 * post came from this origin. Any other origin, or a post that says neither, is refused.
 */
function postedFromOwnOrigin(req: IncomingMessage, origin: string): boolean {
  const sent = req.headers.origin;
  if (sent === origin) return true;
  return (sent === undefined || sent === 'null') && req.headers['sec-fetch-site'] === 'same-origin';
}

/** The posted form (urlencoded, small), or null when it is anything else. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
