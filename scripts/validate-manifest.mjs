/* `npm run validate [manifest…]`: Microsoft's online manifest validation (what `office-addin-manifest validate`
   runs) for manifest.xml and, once built, dist/manifest.xml. That service is often out of reach (offline, CI
   without egress), so then it says so and checks the manifest against the XML schema with xmllint instead.
   Exits 1 for a manifest found invalid, 2 when neither check can run; an unreachable service alone is no failure. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateManifest } from 'office-addin-manifest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Microsoft's schemas in ../shared, with the shared runtime's <Runtimes> they predate (schemas/office-addin-manifest).
const schema = join(root, 'schemas', 'office-addin-manifest', 'OfficeAppManifest.xsd');
const sharedSchemas = join(root, '..', 'shared', 'schemas', 'office-addin-manifest');
const ONLINE_TIMEOUT_MS = 30_000;

/** true or false when Microsoft's service gave a verdict; null (after saying why) when it could not. */
async function validateOnline(file) {
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ONLINE_TIMEOUT_MS / 1000} s`)), ONLINE_TIMEOUT_MS);
    });
    const { isValid, report, status, statusText } = await Promise.race([validateManifest(file), timeout]);
    if (!report) throw new Error(`the service gave no report (HTTP ${status} ${statusText})`);
    for (const issue of [...(report.errors ?? []), ...(report.warnings ?? [])]) {
      console.log(`  ${issue.title ?? 'Issue'}: ${issue.content ?? ''}${issue.line ? ` (line ${issue.line})` : ''}`);
    }
    return isValid;
  } catch (error) {
    const message = String(error.message ?? error);
    // office-addin-manifest says "Unable to contact…" when the request fails; other errors are the manifest's own.
    const unreachable = /^(Unable to contact|no answer within|the service gave no report)/.test(message);
    const lines = message.split('\n').map((line) => line.trim()).filter(Boolean);
    const reason = unreachable ? lines.at(-1) : lines.join(' ');
    console.log(`  Microsoft's online validation ${unreachable ? 'is not reachable from here' : 'could not run'} (${reason}); checking against the schema offline instead.`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The offline check: the manifest against Office's XML schema (../shared/schemas, plus <Runtimes>). */
function validateAgainstSchema(file) {
  if (!existsSync(sharedSchemas)) {
    throw new Error(`Microsoft's manifest schemas are missing at ${sharedSchemas}: clone ../shared beside this repository.`);
  }
  try {
    execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'inherit' });
    return true;
  } catch (error) {
    if (error.code === 'ENOENT') throw new Error('xmllint is not installed: install libxml2-utils (apt-get install libxml2-utils).');
    return false;
  }
}

/** A path as short as it is unambiguous: relative below the working directory, else absolute. */
const shown = (file) => (relative(process.cwd(), file).startsWith('..') ? file : relative(process.cwd(), file));

const manifests = process.argv.length > 2
  ? process.argv.slice(2).map((file) => resolve(file))
  : [join(root, 'manifest.xml'), join(root, 'dist', 'manifest.xml')].filter((file) => existsSync(file));
let invalid = 0;
try {
  for (const file of manifests) {
    if (!existsSync(file)) throw new Error(`There is no manifest at ${file}.`);
    console.log(`${shown(file)}:`);
    const online = await validateOnline(file);
    const valid = online ?? validateAgainstSchema(file);
    console.log(`  ${valid ? 'valid' : 'NOT valid'} (${online === null ? 'offline schema check' : "Microsoft's online validation"})`);
    if (!valid) invalid += 1;
  }
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
process.exitCode = invalid > 0 ? 1 : 0;
