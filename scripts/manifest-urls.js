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

function manifestFor(xml, origin) {
  return xml.split(DEV_ORIGIN).join(origin);
}

module.exports = { DEV_ORIGIN, productionOrigin, manifestFor };
