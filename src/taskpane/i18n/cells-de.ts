import type { CellWords } from '../../core/cell-words';

const GRANULARITIES: CellWords['granularities'] = {
  year: 'Jahr', quarter: 'Quartal', month: 'Monat', week: 'Woche', day: 'Tag', hour: 'Stunde', minute: 'Minute', second: 'Sekunde',
};

const two = (n: string) => n.padStart(2, '0');

/**
 * Die Wörter, die in Zellen geschrieben werden, auf Deutsch (`m.cells`). Quartale bleiben „Q1 2025“: so schreiben
 * sie auch deutsche Geschäftsberichte. Datum und Uhrzeit der Quellzeile wie üblich: „26.11.2026, 14:05“.
 */
export const cellsDe: CellWords = {
  total: 'Gesamt',
  measure: 'Kennzahl',
  value: 'Wert',
  filters: (summary) => `Filter: ${summary}`,
  quarter: (quarter, year) => `Q${quarter} ${year}`,
  weekOf: 'Woche ab',
  operators: {
    equals: 'ist', notEquals: 'ist nicht', contains: 'enthält', notContains: 'enthält nicht', startsWith: 'beginnt mit',
    notStartsWith: 'beginnt nicht mit', endsWith: 'endet mit', notEndsWith: 'endet nicht mit', gt: '>', gte: '≥',
    lt: '<', lte: '≤', set: 'ist gesetzt', notSet: 'ist nicht gesetzt', inDateRange: 'zwischen', notInDateRange: 'nicht zwischen',
    beforeDate: 'vor', beforeOrOnDate: 'am oder vor', afterDate: 'nach', afterOrOnDate: 'am oder nach',
  },
  and: 'und',
  or: 'oder',
  not: 'nicht',
  granularities: GRANULARITIES,
  sourceLine: (report, when, user) => `Report Sync · ${report} · aktualisiert am ${when} von ${user}`,
  dateTime: (day, month, year, time) => `${two(day)}.${two(month)}.${year}, ${time}`,
};
