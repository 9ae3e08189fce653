// Copies the docs' screenshots from the last browser-test run (test-results/screenshots) to docs/screenshots, where
// docs/gallery.md and docs/functions.md show them. Run after `npm test`: `npm run screenshots`.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOWN = [
  'sign-in-dialog', 'browse-folder', 'browse-subfolder', 'workbook-home-across-deployments', 'browse-load-more', 'placed', 'pivot-with-totals', 'hand-edit-warning', 'refresh-all-one-failed',
  'refresh-all-stopped', 'settings', 'german', 'dark-theme', 'high-contrast-dark', 'keyboard-only', 'session-ended', 'workbench',
  'builder-revenue-by-region', 'builder-not-run', 'builder-saved', 'builder-open-from-cell', 'builder-no-save-right', 'builder-keyboard-only',
  'builder-german', 'chat-answer', 'chat-placed', 'chat-stopped', 'chat-restored', 'chat-describe-only', 'chat-german', 'chat-keyboard',
  'outside-office', 'report-search-spinner', 'settings-hints', 'live-hand-edit', 'german-cells', 'stop-large-write-progress', 'stop-large-write-stopped',
  'insert-rows', 'move-placement', 'excel-table', 'live-status-moved', 'live-damaged', 'refresh-rows-changed', 'refresh-on-open',
  'ribbon-refresh-all', 'ribbon-refresh-waits', 'excel-table-card-choice',
  'stop-keeps-hand-edit', 'question-in-view', 'report-preview', 'shared-columns', 'title-source-lines', 'german-refresh-english-placement',
  'first-run-chat-place', 'builder-analyst-saves', 'builder-close-asks', 'builder-seeded-report',
  'cube-connect', 'cube-connect-cors', 'cube-token-expired', 'cube-both-kinds', 'cube-sign-in', 'cube-browse',
  'cube-out-of-date', 'cube-hand-edit', 'cube-reopened', 'consent-bar', 'hostile-duplicate-ids',
];
const from = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const to = join(import.meta.dirname, '..', 'docs', 'screenshots');
mkdirSync(to, { recursive: true });
const missing = SHOWN.filter((name) => !existsSync(join(from, `${name}.png`)));
if (missing.length) {
  console.error(`Run the browser tests first; missing: ${missing.join(', ')}`);
  process.exit(1);
}
for (const name of SHOWN) copyFileSync(join(from, `${name}.png`), join(to, `${name}.png`));
console.log(`Copied ${SHOWN.length} screenshots to docs/screenshots.`);
