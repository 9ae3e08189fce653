export interface LocalizedText {
  locale: string;
  value: string;
}

/**
 * The admin's title for the display language (`creatorMode.localizedTitles`): an exact locale match first
 * (`de-AT`), then the same language (`de`), else null so the pane keeps its own words.
 */
export function localizedTitle(titles: readonly LocalizedText[] | null | undefined, displayLanguage: string): string | null {
  if (!titles?.length) return null;
  const wanted = displayLanguage.toLowerCase();
  const language = wanted.split('-')[0];
  const exact = titles.find((t) => t.locale.toLowerCase() === wanted);
  const sameLanguage = titles.find((t) => t.locale.toLowerCase().split('-')[0] === language);
  const value = (exact ?? sameLanguage)?.value.trim();
  return value || null;
}
