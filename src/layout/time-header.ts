import type { Granularity } from '../contract';
import type { CellWords } from '../core/cell-words';

/**
 * A time dimension's header: the model's title and the granularity's word in the placement's language, "Created
 * at · Month" ("Created at · Monat"), so two time dimensions stay apart and an Excel table keeps the header as
 * written. Nothing else is added: a filter shows in the filter summary above the result, never as "(filtered)".
 */
export function timeHeader(title: string, granularity: Granularity, words: Pick<CellWords, 'granularities'>): string {
  return `${title} · ${words.granularities[granularity] ?? granularity}`;
}
