// `npm start`: the local platform (sample data, seeded users) and the add-in's dev server, together.
// Ctrl+C stops both. Ports: PLATFORM_PORT (4000) and DEV_SERVER_PORT (3000).
// Fault injection (tests' /__platform/faults, PLATFORM_FAULTS) is off: `PLATFORM_FAULT_INJECTION=1 npm start`
// turns it on, on the platform's own port only (the dev server does not proxy it).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { run } from './child-processes.mjs';
import { DEV_ORIGIN } from './manifest-urls.js';

const platformPort = process.env.PLATFORM_PORT ?? '4000';
const devPort = process.env.DEV_SERVER_PORT ?? '3000';
const dataDir = resolve(process.env.PLATFORM_DATA_DIR ?? '.platform-data');
const origin = `${process.env.DEV_SERVER_HTTP === '1' ? 'http' : 'https'}://localhost:${devPort}`;
// manifest.xml names a fixed address: only a dev server there serves what it names.
const manifestOrigin = DEV_ORIGIN;
// Clients reach the data API through the dev server's proxy, so environments advertise the dev server's origin.
const platform = run('platform', 'The local platform', ['-r', '@swc-node/register', 'server/main.ts'], {
  PLATFORM_PORT: platformPort,
  PLATFORM_DATA_DIR: dataDir,
  PLATFORM_PUBLIC_URL: origin,
});
platform.stdout.once('data', () => {
  run('dev-server', "The add-in's dev server", ['node_modules/webpack/bin/webpack.js', 'serve', '--mode', 'development'], {
    PLATFORM_URL: `http://127.0.0.1:${platformPort}`,
    DEV_SERVER_PORT: devPort,
  });
  const tokens = JSON.parse(readFileSync(resolve(dataDir, 'dev-tokens.json'), 'utf8'));
  process.stdout.write(`
Report Sync is starting.

  Workbench:       ${origin}/#token=${tokens.analyst}&chatUrl=${encodeURIComponent(tokens.chatApiUrl)}&chatKey=${tokens.chatApiKey}
                   (the task pane beside an emulated Excel workbook, signed in as the analyst, the local agent set up)
  The analyst reads the Sales, Finance and Experiments folders and saves, renames and deletes her own
  explorations in "Anna's reports"; the admin may do everything (sign in as Ada Admin, or with the admin token).
  Task pane:       ${origin}/taskpane.html   (platform address: ${origin}, proxied to the local platform)
  Local platform:  http://127.0.0.1:${platformPort}
  Fault injection: ${process.env.PLATFORM_FAULT_INJECTION === '1'
    ? `on, at http://127.0.0.1:${platformPort}/__platform/faults`
    : 'off (PLATFORM_FAULT_INJECTION=1 npm start turns it on)'}
  In the pane, "Sign in" opens the local platform's sign-in page (pick Anna Analyst or Ada Admin);
  "Use an API token instead" takes the analyst token:  ${tokens.analyst}
                                    or the admin token:  ${tokens.admin}
  Agent chat (Settings > Agent chat):   Chat API URL  ${tokens.chatApiUrl}
                                        Chat API key  ${tokens.chatApiKey}

Sideload into Excel (manifest.xml in this folder points at ${manifestOrigin}${manifestOrigin === origin ? '' : `, not at this dev server: unset DEV_SERVER_PORT to sideload`}):
  Excel on the web: Home > Add-ins > More Add-ins > My Add-ins > Upload My Add-in > choose manifest.xml.
  Windows:          share a folder holding manifest.xml, add it under File > Options > Trust Center >
                    Trusted Add-in Catalogs, restart Excel, then Home > Add-ins > Shared Folder.
  Mac:              copy manifest.xml to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef/
                    and restart Excel; it appears under Home > Add-ins.
Then choose "Report Sync" on the Home tab.
`);
});
