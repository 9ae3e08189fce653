import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform, type RunningPlatform } from '../../server/app';
import { Database } from '../../server/store/database';
import type { Policy, Report } from '../../src/contract';
import { platformClient } from '../support/local-platform';
import { rewindToSchema5, SCHEMA_5_ANALYST_POLICIES } from '../support/schema-5';

/**
 * Schema 5 → 6: a data dir from before groups keeps every right it gave. The analyst's rights, hers in schema 5,
 * come from the three seeded groups after; a user with rights of their own keeps them and joins no group.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const start = (dataDir: string): Promise<RunningPlatform> => startPlatform({ dataDir, port: 0 });

/** A policy list as the set of single grants it makes: (resource type, action, resource). */
const grantsOf = (policies: Policy[]) =>
  [...new Set(policies.flatMap((p) => p.actions.flatMap((a) => p.resources.map((r) => `${p.resourceType}/${a}/${r}`))))].sort();

async function readable(p: RunningPlatform, token: string): Promise<string[]> {
  const client = platformClient(p.url, token);
  const names: string[] = [];
  for (const deployment of await client.listDeployments()) {
    for await (const report of client.iterateReports(deployment.id)) names.push(`${deployment.id}:${(report as Report).name}`);
  }
  return names.sort();
}

it('moves the seeded analyst\'s own rights to the seeded groups, changing no one\'s rights', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'groups-migration-'));
  dirs.push(dir);
  let p = await start(dir);
  await p.close();
  const file = join(dir, 'platform.duckdb');
  let db = await Database.open(file);
  const custom: Policy[] = [{ resourceType: 'Report', actions: ['ReportRead'], resources: ['1'] }];
  await db.transaction(async (tx) => {
    await rewindToSchema5(tx);
    // A second analyst, as schema 5's 13 columns held one, with rights of her own that match no group's.
    await tx.run(`INSERT INTO users VALUES (3, 'bea@example.com', 'Bea', NULL, '[]', TRUE, NULL, FALSE, ?, '{"sheets":{}}',
      '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', NULL)`, [JSON.stringify(custom)]);
  });
  await db.close();

  p = await start(dir);
  try {
    const me = await platformClient(p.url, p.tokens.analyst).getCurrentUser();
    expect(grantsOf(me.userPolicies!)).toEqual(grantsOf(SCHEMA_5_ANALYST_POLICIES));
    // What she may read is what schema 5's policies let her read: the same reports, by deployment.
    expect(await readable(p, p.tokens.analyst)).toContain('1:Top 10 customers by revenue');
    expect(await readable(p, p.tokens.analyst)).not.toContain('1:Board pack KPIs');
    const groups = await fetch(`${p.url}/api/scim/v2/Groups`, { headers: { Authorization: `Bearer ${p.tokens.scim}` } })
      .then((r) => r.json() as Promise<{ Resources: { displayName: string; members: { value: string }[] }[] }>);
    expect(groups.Resources.map((g) => [g.displayName, g.members.map((m) => m.value)])).toEqual([
      ['Analysts', ['2']], ['Report authors', ['2']], ['Finance', ['2']],
    ]);
  } finally {
    await p.close();
  }

  db = await Database.open(file);
  const users = await db.read((tx) => tx.all(`SELECT id, policies, deleted_at FROM users ORDER BY id`));
  const schema = await db.read((tx) => tx.one(`SELECT value FROM meta WHERE key = 'schema'`));
  await db.close();
  expect(schema!.value).toBe('6');
  expect(users.map((u) => [Number(u.id), JSON.parse(String(u.policies)), u.deleted_at])).toEqual([
    [1, [{ resourceType: 'Global', actions: ['All'], resources: ['*'] }], null],
    [2, [], null],
    [3, custom, null],
  ]);
});
