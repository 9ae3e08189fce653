import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform } from '../../server/app';
import { resultChecksum } from '../../src/core/result-checksum';
import { platformClient } from '../support/local-platform';

describe('a restart of the local platform', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps reports, placements, settings and the dev tokens', async () => {
    const first = await startPlatform({ dataDir, port: 0 });
    const saved = JSON.parse(readFileSync(join(dataDir, 'dev-tokens.json'), 'utf8')) as Record<string, string>;
    expect(saved).toEqual(first.tokens);
    expect(Object.keys(saved).sort()).toEqual(['admin', 'analyst', 'chatApiKey', 'chatApiUrl', 'scim']);
    expect(first.tokens.chatApiUrl).toBe(`${first.url}/api/v1/public/local/agents/1/chat/stream-chat-state`);

    let client = platformClient(first.url, first.tokens.analyst);
    const [deployment] = await client.listDeployments();
    const report = (await client.listReports(deployment!.id, { sortBy: 'name', first: 1 })).items[0]!;
    const written = resultChecksum([['Status', 'Count'], ['completed', 42]]);
    const connected = await client.connectWorkbook(deployment!.id, report.id, {
      externalWorkbookId: 'wb-persist', host: 'EXCEL', sheetId: 's1', sheetName: 'Sheet1', anchorCell: 'C3', workbookName: 'Keep.xlsx',
      resultLocation: 'Sheet1!C3:E9', endResultCell: 'E9', resultChecksum: written,
    });
    const placementId = connected.externalWorkbookPlacements![0]!.id;
    await client.updateSettings({ sheets: { suppressDuplicateValues: true } });
    await first.close();

    const second = await startPlatform({ dataDir, port: 0 });
    // The secrets stay; the Chat API URL follows the port the platform listens on now.
    expect(second.tokens).toEqual({ ...first.tokens, chatApiUrl: `${second.url}/api/v1/public/local/agents/1/chat/stream-chat-state` });
    expect(JSON.parse(readFileSync(join(dataDir, 'dev-tokens.json'), 'utf8'))).toEqual(second.tokens);
    client = platformClient(second.url, second.tokens.analyst);
    const [again] = await client.listDeployments();
    expect(again!.id).toBe(deployment!.id);
    const kept = (await client.listReports(deployment!.id, { externalWorkbookId: 'wb-persist' })).items;
    expect(kept.map((r) => r.id)).toEqual([report.id]);
    expect(kept[0]!.externalWorkbookPlacements![0]).toEqual(expect.objectContaining({
      id: placementId, workbookId: 'wb-persist', anchorCell: 'C3', resultLocation: 'Sheet1!C3:E9', syncStatus: 'UP_TO_DATE',
      queryChecksum: report.currentQueryChecksum, resultChecksum: written,
    }));
    expect(await client.externalDocumentPlacements('wb-persist')).toEqual([expect.objectContaining({ id: placementId, reportId: report.id, access: 'GRANTED' })]);
    expect((await client.getCurrentUser()).settings?.sheets).toEqual({ suppressDuplicateValues: true });
    await second.close();
  });
});
