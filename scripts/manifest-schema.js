/**
 * The offline manifest check, shared by `npm run validate`, .ci/run and the manifest test, so all three judge alike.
 *
 * First against Microsoft's schemas in ../shared as they are. They date from February 2020 and predate the shared
 * runtime's `<Runtimes>`, which the add-in needs (issue 14: the ribbon's Refresh all and refresh on open run in the
 * pane's shared runtime), so they refuse that one element. That refusal, and only it, is then checked against
 * Microsoft's current definition of the Host that holds it (schemas/office-addin-manifest, citing [MS-OWEMXML]:
 * Runtimes, then AllFormFactors with the custom functions): the manifest is valid when ../shared's schemas find
 * nothing else wrong and the current definition accepts it whole.
 * Any other error from ../shared's schemas fails the manifest.
 */
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const SHARED_SCHEMAS = join(root, '..', 'shared', 'schemas', 'office-addin-manifest');
const SHARED_SCHEMA = join(SHARED_SCHEMAS, 'OfficeAppManifestV1_1.xsd');
const CURRENT_SCHEMA = join(root, 'schemas', 'office-addin-manifest', 'OfficeAppManifest.xsd');
/** How libxml2 words ../shared's refusal of `<Runtimes>` inside a task-pane `<Host>`. */
const RUNTIMES_REFUSED = /Element '\{http:\/\/schemas\.microsoft\.com\/office\/taskpaneappversionoverrides\}Runtimes': This element is not expected\./;

/** xmllint's validity errors for `file` against `schema` (none: valid). */
function schemaErrors(schema, file) {
  try {
    execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'pipe', encoding: 'utf8' });
    return [];
  } catch (error) {
    if (error.code === 'ENOENT') throw new Error('xmllint is not installed: install libxml2-utils (apt-get install libxml2-utils).');
    // libxml2 also notes, as a parser warning, that ../shared's import of the namespace this project's schema
    // already gave is skipped (schemas/office-addin-manifest/OfficeAppManifest.xsd): that is by design, not an error.
    const lines = String(error.stderr ?? '').split('\n').filter((line) => line && !/fails to validate$/.test(line) && !/Schemas parser warning/.test(line));
    return lines.length ? lines : [`xmllint exited ${error.status}`];
  }
}

/**
 * Checks `file` offline. `valid`, and what to tell the user: ../shared's verdict, and where it refused only
 * `<Runtimes>`, the current definition's.
 */
function checkManifestOffline(file) {
  if (!existsSync(SHARED_SCHEMA)) {
    throw new Error(`Microsoft's manifest schemas are missing at ${SHARED_SCHEMAS}: clone ../shared beside this repository.`);
  }
  const shared = schemaErrors(SHARED_SCHEMA, file);
  if (!shared.length) return { valid: true, report: ["valid against ../shared's schemas"] };
  const other = shared.filter((line) => !RUNTIMES_REFUSED.test(line));
  if (other.length) return { valid: false, report: other };
  const current = schemaErrors(CURRENT_SCHEMA, file);
  return {
    valid: current.length === 0,
    report: [
      `../shared's schemas (February 2020) refuse only <Runtimes>, the shared runtime's element, which they predate.`,
      ...(current.length ? current : ['<Runtimes> and the Host around it are valid as [MS-OWEMXML] defines them (schemas/office-addin-manifest), and nothing else is wrong.']),
    ],
  };
}

module.exports = { checkManifestOffline, schemaErrors, SHARED_SCHEMA, CURRENT_SCHEMA };
