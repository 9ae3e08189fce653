import type { sharedIdEn } from './shared-id-en';

/** Eine Platzierung, deren ID ein anderer Eintrag der Arbeitsmappe ebenfalls verwendet (siehe shared-id-en.ts). */
export const sharedIdDe: typeof sharedIdEn = {
  sharedId: {
    reason: (others) =>
      `Die ID dieser Platzierung verwendet auch ${others}: Die Arbeitsmappe wurde möglicherweise außerhalb von Report Sync bearbeitet. Keine von beiden wird aktualisiert; trennen Sie eine.`,
    report: (title) => `„${title}“`,
    unreadableReport: 'ein Bericht, den Sie nicht öffnen können',
    refused: (range, others) =>
      `${range} wurde nicht aktualisiert: Seine ID verwendet auch ${others}, die Arbeitsmappe wurde also möglicherweise außerhalb von Report Sync bearbeitet. Trennen Sie eine der beiden Platzierungen.`,
  },
};
