import { ApiError, NetworkError } from '../../src/client/errors';
import { PlacementAccessDeniedError, PlacementOverlapError, ReportKeptChangingError, UnplaceableReportError } from '../../src/placements/errors';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { builderWordsOf } from '../../src/taskpane/i18n/builder-catalog';
import { builderDe } from '../../src/taskpane/i18n/builder-de';
import { builderEn } from '../../src/taskpane/i18n/builder-en';
import { chatDe } from '../../src/taskpane/i18n/chat-de';
import { chatEn } from '../../src/taskpane/i18n/chat-en';
import { de } from '../../src/taskpane/i18n/de';
import { en } from '../../src/taskpane/i18n/en';
import { previewDe } from '../../src/taskpane/i18n/preview-de';
import { previewEn } from '../../src/taskpane/i18n/preview-en';

/** Every entry of a catalog as text: strings as they are, functions called with sample values. */
function texts(catalog: unknown, path = ''): [string, string][] {
  if (typeof catalog === 'string') return [[path, catalog]];
  if (typeof catalog === 'function') {
    const fn = catalog as (...args: unknown[]) => string;
    return [[path, fn(...Array.from({ length: fn.length }, (_, i) => (i === 1 && fn.length === 3 ? 2 : `«${i}»`)))]];
  }
  return Object.entries(catalog as Record<string, unknown>).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

describe('the catalogs', () => {
  it('German translates every entry English has (the same words only where German uses them too)', () => {
    // With the words kept apart from `Messages` so the initial script carries none (builder-catalog.ts, chat-catalog.ts,
    // preview-words.ts).
    const englishAll = { ...en, builder: builderEn, chat: chatEn, preview: previewEn };
    const germanAll = { ...de, builder: builderDe, chat: chatDe, preview: previewDe };
    const english = new Map(texts(englishAll));
    const german = new Map(texts(germanAll));
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    const same = [...english].filter(([key, value]) => german.get(key) === value).map(([key]) => key);
    // "In Sales Analytics" is German too.
    // "Agent" is German too; the character count is only numbers.
    // Cells: quarters read "Q1 2025" in German business reports too; comparison signs are the same;
    // a time title's sample granularity («1») is no granularity German names (see the cell words' own test);
    // "Minute" is German too.
    expect(same.sort()).toEqual([
      'appName', 'cells.granularities.minute', 'cells.operators.gt', 'cells.operators.gte', 'cells.operators.lt', 'cells.operators.lte', 'cells.quarter', 'chat.agent',
      'chat.characters', 'inDeployment', 'sort.name',
    ]);
    // Every text a function is given appears in what it says, in both languages.
    const argumentsDropped = (catalog: Map<string, string>, source: unknown) =>
      [...catalog].filter(([key, value]) => {
        const entry = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], source);
        if (typeof entry !== 'function' || key === 'settingDefault') return false;
        const expected = Array.from({ length: (entry as () => string).length }, (_, i) => `«${i}»`).filter((_, i) => !(i === 1 && (entry as () => string).length === 3));
        return !expected.every((placeholder) => value.includes(placeholder));
      }).map(([key]) => key);
    expect(argumentsDropped(english, englishAll)).toEqual([]);
    expect(argumentsDropped(german, germanAll)).toEqual([]);
  });

  it('picks German for any German display language and English otherwise, formatting numbers for it', () => {
    expect(i18nFor('de-AT').m).toBe(de);
    // The builder's words, apart from `Messages`, follow the pane's language.
    expect(builderWordsOf(i18nFor('de-AT').m)).toBe(builderDe);
    expect(builderWordsOf(i18nFor('fr-FR').m)).toBe(builderEn);
    expect(i18nFor('de-DE').number(50000)).toBe('50.000');
    expect(i18nFor('fr-FR').m).toBe(en);
    expect(i18nFor('fr-FR').number(50000)).toBe('50,000');
    expect(i18nFor('en-GB').locale).toBe('en-GB');
  });

  it('puts errors in words a person can act on, in the pane\'s language', () => {
    const german = i18nFor('de-DE');
    const info = { method: 'GET', url: 'https://t.example/x' };
    expect(describeError(new NetworkError('x', info), german)).toBe('Die Plattform ist nicht erreichbar. Prüfen Sie die Adresse und Ihre Verbindung und versuchen Sie es erneut.');
    expect(describeError(new ApiError(404, 'Report abc', info, null), german)).toBe('Nicht gefunden: Report abc. Möglicherweise wurde es gelöscht.');
    expect(describeError(new PlacementOverlapError({ title: 'Orders', location: 'Sheet1!B3:D8' }), i18nFor('en-US'))).toBe(
      'The result would cover "Orders" at Sheet1!B3:D8. Choose another cell or move that placement first.',
    );
    expect(describeError(new Error('boom'), german)).toBe(de.errors.unknown);
  });

  it("names the report's owner when access is denied, and says why a report cannot be placed", () => {
    const english = i18nFor('en-US');
    expect(describeError(new PlacementAccessDeniedError({ name: 'Ada Admin', email: 'admin@example.com' }), english)).toBe(
      'You do not have access to this report. Ask Ada Admin (admin@example.com) for access.',
    );
    expect(describeError(new PlacementAccessDeniedError({ name: null, email: 'admin@example.com' }), english)).toBe(en.errors.accessDenied('admin@example.com'));
    expect(describeError(new PlacementAccessDeniedError({ name: null, email: null }), english)).toBe(en.errors.accessDeniedNoOwner);
    expect(describeError(new UnplaceableReportError('Raw export', { kind: 'sql-only' }), i18nFor('de-DE'))).toBe(
      '„Raw export“ kann nicht eingefügt werden: der Bericht ist in SQL definiert und kann nicht in Zellen eingefügt werden.',
    );
    expect(describeError(new ReportKeptChangingError('Orders', 3), english)).toBe('"Orders" changed on the platform during each of 3 refreshes. Try again in a moment.');
  });
});
