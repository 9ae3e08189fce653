/**
 * The task pane's Content-Security-Policy, written into taskpane.html as a <meta> tag so it holds wherever
 * the built files are served (dev server, test server, production host). The pane keeps an API token in
 * its storage; the policy keeps injected markup from running script or sending that token elsewhere.
 *
 * A <meta> policy cannot carry `frame-ancestors` (nor `sandbox` or reporting): which pages may frame the
 * pane is for the production web server's headers to say (Office's own origins), not for the build.
 */
const OFFICE_JS_ORIGIN = 'https://appsforoffice.microsoft.com';

/**
 * Where a Cube API the user types may be (issue 26, "Every Cube"): any https origin, and a Cube Core running on this
 * computer over plain http (the only http the add-in sends to). A build-time list cannot know a self-hosted
 * deployment's address, so by default the policy does not restrict it; the token is still safe from injected markup,
 * because `script-src` admits no inline or foreign script to send it anywhere. A company that builds the add-in
 * for its own Cube can pin the list (`CUBE_API_ORIGINS`).
 */
const ANY_CUBE_API = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

/**
 * `dev`: Office.js comes from the dev server's /office-js, and `devSocket` (the dev server's live-reload
 * WebSocket, e.g. wss://localhost:3000) is allowed. `platformOrigins`: where the pane may call the platform
 * beyond its own origin (through which the dev server proxies the local platform). `cubeOrigins`: the Cube APIs the
 * pane may connect to straight; null (the default) for any (`ANY_CUBE_API`).
 */
function contentSecurityPolicy({ dev, platformOrigins = [], cubeOrigins = null, devSocket }) {
  const directives = {
    'default-src': ["'self'"],
    // Office.js and the scripts it loads itself come from Microsoft's CDN in production.
    'script-src': dev ? ["'self'"] : ["'self'", OFFICE_JS_ORIGIN],
    // Fluent UI's Griffel inserts <style> elements at run time, and React writes style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The admin's logo may be any https address.
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", ...platformOrigins, ...(cubeOrigins ?? ANY_CUBE_API), ...(dev && devSocket ? [devSocket] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives).map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** PLATFORM_ORIGINS: comma-separated https origins of the platform and its data APIs (empty when unset). */
function platformOriginsFrom(value) {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    const url = new URL(item);
    if (url.protocol !== 'https:') throw new Error(`PLATFORM_ORIGINS must be https origins, got ${item}`);
    return url.origin;
  });
}

/**
 * CUBE_API_ORIGINS: comma-separated origins of the only Cube APIs the pane may connect to (https, or http on
 * loopback); null when unset, for any.
 */
function cubeOriginsFrom(value) {
  if (!value?.trim()) return null;
  return value.split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    const url = new URL(item);
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`CUBE_API_ORIGINS must be https origins (or http on this computer), got ${item}`);
    return url.origin;
  });
}

module.exports = { ANY_CUBE_API, OFFICE_JS_ORIGIN, contentSecurityPolicy, cubeOriginsFrom, platformOriginsFrom };
