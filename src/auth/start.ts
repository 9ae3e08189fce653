// Deep import: this page's script stays a few hundred bytes.
import { checkAuthorizationRequest } from '../session/sign-in';

// On to the platform's authorization endpoint, but only for an authorization request of this add-in whose
// answer comes back here: anything else stays on this page (no open redirect).
const target = checkAuthorizationRequest(new URLSearchParams(window.location.search).get('authorize'), window.location.href);
if (target) window.location.replace(target.href);
else document.getElementById('status')!.textContent = 'This sign-in link is not valid. Close this window and sign in again from the add-in.';
