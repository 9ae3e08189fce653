import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEAM_CONFIG_EXAMPLE } from '../../server/team/config';

/** docs/server.md shows the configuration file the tests load (team-config.test.ts), word for word. */
it('docs/server.md shows the example configuration as the loader knows it', () => {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'server.md'), 'utf8');
  expect(doc).toContain(`\`\`\`yaml\n${TEAM_CONFIG_EXAMPLE.trimEnd()}\n\`\`\``);
});
