import { i18nFor } from '../../src/taskpane/i18n';
import { paneNoticeWords } from '../../src/taskpane/pane-messages';

describe("the pane's notice after a write", () => {
  const written = (rows: { now: number; was: number | null } | null) =>
    paneNoticeWords({ kind: 'written', title: 'Orders by status', location: 'Sheet1!B3:D7', rows, cutAt: null, table: null }, i18nFor('en-US'));

  it('says how the row count changed, only when it did', () => {
    expect(written({ now: 4, was: 6 })).toBe('Orders by status is in Sheet1!B3:D7. 4 rows, was 6.');
    expect(written({ now: 6, was: 6 })).toBe('Orders by status is in Sheet1!B3:D7.');
    expect(written(null)).toBe('Orders by status is in Sheet1!B3:D7.');
  });
});
