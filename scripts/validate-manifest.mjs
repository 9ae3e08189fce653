/* `npm run validate [--offline] [manifest…]`: Microsoft's online manifest validation (what `office-addin-manifest
   validate` runs) for manifest.xml and, once built, dist/manifest.xml. That service is often out of reach (offline,
   CI without egress), so then it says so and checks the manifest against the XML schemas with xmllint instead
   (scripts/manifest-schema.js); `--offline` goes straight there. Exits 1 for a manifest found invalid, 2 when
   neither check can run; an unreachable service alone is no failure. */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateManifest } from 'office-addin-manifest';
import manifestSchema from './manifest-schema.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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

/** The offline check (scripts/manifest-schema.js), saying what each schema found. */
function validateAgainstSchema(file) {
  const { valid, report } = manifestSchema.checkManifestOffline(file);
  for (const line of report) console.log(`  ${line}`);
  return valid;
}

/** A path as short as it is unambiguous: relative below the working directory, else absolute. */
const shown = (file) => (relative(process.cwd(), file).startsWith('..') ? file : relative(process.cwd(), file));

const args = process.argv.slice(2);
const offline = args.includes('--offline');
const files = args.filter((arg) => arg !== '--offline');
const manifests = files.length
  ? files.map((file) => resolve(file))
  : [join(root, 'manifest.xml'), join(root, 'dist', 'manifest.xml')].filter((file) => existsSync(file));
let invalid = 0;
try {
  for (const file of manifests) {
    if (!existsSync(file)) throw new Error(`There is no manifest at ${file}.`);
    console.log(`${shown(file)}:`);
    const online = offline ? null : await validateOnline(file);
    const valid = online ?? validateAgainstSchema(file);
    console.log(`  ${valid ? 'valid' : 'NOT valid'} (${online === null ? 'offline schema check' : "Microsoft's online validation"})`);
    if (!valid) invalid += 1;
  }
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
process.exitCode = invalid > 0 ? 1 : 0;
