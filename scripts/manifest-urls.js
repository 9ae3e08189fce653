/**
 * The manifest is written against the dev server; a production build swaps that origin for the public one.
 * Shared by webpack.config.js and the manifest tests, so what is tested is what is built.
 */
const DEV_ORIGIN = 'https://localhost:3000';

/** The public origin of a production build: https, no trailing slash. */
function productionOrigin(value) {
  const url = new URL(value);
  if (url.protocol !== 'https:') throw new Error(`ADDIN_PUBLIC_URL must be https, got ${value}`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * `extraDomains`: the platform hosts the add-in talks to directly, added as AppDomains so Office lets the
 * sign-in dialog open the tenant's page (PLATFORM_APP_DOMAINS, comma-separated https origins).
 */
function manifestFor(xml, origin, extraDomains = []) {
  const swapped = xml.split(DEV_ORIGIN).join(origin);
  const domains = extraDomains.map((value) => {
    const url = new URL(value);
    if (url.protocol !== 'https:') throw new Error(`PLATFORM_APP_DOMAINS must be https origins, got ${value}`);
    return url.origin;
  });
  const originOf = new URL(origin).origin;
  const added = [...new Set(domains)].filter((d) => d !== originOf).map((d) => `\n    <AppDomain>${d}</AppDomain>`).join('');
  return swapped.replace('</AppDomain>', `</AppDomain>${added}`);
}

/** PLATFORM_APP_DOMAINS as a list (empty when unset). */
function appDomainsFrom(value) {
  return (value ?? '').split(',').map((d) => d.trim()).filter(Boolean);
}

module.exports = { DEV_ORIGIN, productionOrigin, manifestFor, appDomainsFrom };
