import { localizedTitle } from '../../src/core/localized-title';

describe('localizedTitle', () => {
  const titles = [{ locale: 'en-US', value: 'Reports' }, { locale: 'de-DE', value: 'Berichte' }, { locale: 'de-AT', value: 'Auswertungen' }];

  it('takes the exact locale, then the same language, else none', () => {
    expect(localizedTitle(titles, 'de-AT')).toBe('Auswertungen');
    expect(localizedTitle(titles, 'DE-de')).toBe('Berichte');
    expect(localizedTitle(titles, 'de-CH')).toBe('Berichte');
    expect(localizedTitle(titles, 'en-GB')).toBe('Reports');
    expect(localizedTitle(titles, 'fr-FR')).toBeNull();
    expect(localizedTitle(undefined, 'en-US')).toBeNull();
    expect(localizedTitle([{ locale: 'en-US', value: '  ' }], 'en-US')).toBeNull();
  });
});
