import { ApiError, NetworkError } from '../../src/client/errors';
import { describeFailedCheck } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';

describe("a background check's failure in the pane", () => {
  const en = i18nFor('en-US');
  const de = i18nFor('de-DE');
  const info = { method: 'GET', url: 'https://t.example/x' };

  it('says what failed, why, and what happens next, in the pane\'s language', () => {
    expect(describeFailedCheck(en.m.errors.statusRefreshFailed, new NetworkError('x', info), en)).toBe(
      'Could not update the sync statuses: The platform cannot be reached. Check the address and your connection, then try again. '
      + 'The pane tries again in 3 minutes or when it regains focus.',
    );
    expect(describeFailedCheck(en.m.errors.handEditCheckFailed, Object.assign(new Error('busy'), { code: 'ItemNotFound' }), en)).toBe(
      'Could not check the cells for hand edits: Excel could not do that (ItemNotFound). Refresh the placement to check again.',
    );
    expect(describeFailedCheck(de.m.errors.handEditCheckFailed, new ApiError(503, 'x', info, null), de)).toBe(
      'Die Zellen konnten nicht auf Änderungen von Hand geprüft werden: Die Plattform hatte ein Problem beim Antworten. '
      + 'Versuchen Sie es gleich noch einmal. Aktualisieren Sie die Platzierung, um sie erneut zu prüfen.',
    );
  });

  it('ends a reason without its own full stop as a sentence before going on', () => {
    // 403's words end with the platform's own detail, without a stop.
    expect(describeFailedCheck(en.m.errors.statusRefreshFailed, new ApiError(403, 'Not your workbook', info, null), en)).toBe(
      'Could not update the sync statuses: You do not have permission for this: Not your workbook. The pane tries again in 3 minutes or when it regains focus.',
    );
  });
});
