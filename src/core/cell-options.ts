/**
 * A placement's own choices for its cells, kept with the placement in the workbook (the platform's placement
 * record has no field for them; see `src/excel/placement-options.ts`), never a token:
 *
 * - `language`: the language of the words in its cells (Total, the filter summary, the source line…). The pane's
 *   language only chooses it for a new placement; a refresh by someone with another display language keeps it;
 *   the placement's card can switch it.
 * - `titleAndSource`: a title line (the report's title) and a source line (the report, when and by whom it was
 *   refreshed) above the result, part of the placement's cells. A new placement takes the user's setting (off by
 *   default, so the result still starts at the selected cell); the card can switch it.
 *
 * A placement written before these were kept has none: its next refresh writes in the refresher's language, with no
 * title lines (what it did before), and keeps that from then on.
 */
export interface CellOptions {
  /** A catalog language: `en`, `de`. An unknown one is written in English. */
  language: string;
  titleAndSource: boolean;
}

/** The choices as kept in the workbook: short JSON, well within a document setting's size. */
export function storedCellOptions(options: CellOptions): string {
  return JSON.stringify({ language: options.language, titleAndSource: options.titleAndSource });
}

/** The kept choices, or null when there are none or they are not this add-in's. */
export function parseCellOptions(value: unknown): CellOptions | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<CellOptions> | null;
    if (!parsed || typeof parsed.language !== 'string' || !/^[a-z]{2,3}$/.test(parsed.language)) return null;
    return { language: parsed.language, titleAndSource: parsed.titleAndSource === true };
  } catch {
    return null;
  }
}

export function sameCellOptions(a: CellOptions | null | undefined, b: CellOptions | null | undefined): boolean {
  return (a?.language ?? null) === (b?.language ?? null) && (a?.titleAndSource ?? null) === (b?.titleAndSource ?? null);
}
