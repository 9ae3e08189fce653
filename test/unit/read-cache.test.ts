import { ReadCache, writtenTable } from '../../server/store/read-cache';

describe('writtenTable', () => {
  it.each([
    ['SELECT * FROM users WHERE id = ?', null],
    ['  WITH x AS (SELECT 1) SELECT * FROM x', null],
    ['INSERT INTO placements VALUES (?)', 'placements'],
    ['INSERT OR REPLACE INTO oauth_store VALUES (?)', 'oauth_store'],
    ['UPDATE reports SET last_viewed_at = ? WHERE id = ?', 'reports'],
    ['update "placements" SET a = 1 RETURNING *', 'placements'],
    ['\n  DELETE FROM oauth_store WHERE expires_at <= ?', 'oauth_store'],
    ['CREATE TABLE IF NOT EXISTS meta (key VARCHAR)', '*'],
    ['ALTER TABLE users ADD COLUMN x INTEGER', '*'],
    ['CHECKPOINT', '*'],
  ])('%s → %s', (sql, table) => {
    expect(writtenTable(sql)).toBe(table);
  });
});

describe('ReadCache', () => {
  it('forgets only the answers read from a written table', () => {
    const cache = new ReadCache();
    cache.set('user 1', ['users', 'groups'], { id: 1 });
    cache.set('deployment 1', ['deployments'], { id: 1 });
    cache.invalidate(new Set(['groups'] as const));
    expect(cache.get('user 1')).toBeUndefined();
    expect(cache.get('deployment 1')).toEqual({ value: { id: 1 } });
  });

  it('forgets everything after a statement whose target is not told', () => {
    const cache = new ReadCache();
    cache.set('deployment 1', ['deployments'], { id: 1 });
    cache.invalidate(new Set(['*'] as const));
    expect(cache.get('deployment 1')).toBeUndefined();
  });

  it('keeps an answer that is nothing (a token no one has) apart from no answer', () => {
    const cache = new ReadCache();
    cache.set('api key x', ['access_tokens'], undefined);
    expect(cache.get('api key x')).toEqual({ value: undefined });
    expect(cache.get('api key y')).toBeUndefined();
  });
});
