import type { stopEn } from './stop-en';

/** The words of Stop on a long write, in German (the same entries as English). */
export const stopDe: typeof stopEn = {
  stop: 'Stoppen',
  stopping: 'Wird gestoppt… die Zellen werden wiederhergestellt.',
  stoppedPlacing: (title) => `Gestoppt: ${title} wurde nicht platziert. Die Zellen wurden wiederhergestellt. Platzieren Sie den Bericht erneut, wenn Sie so weit sind.`,
  stoppedRefreshing: (title) => `Gestoppt: ${title} wurde nicht aktualisiert. Die Zellen wurden wiederhergestellt, und die letzte Aktualisierung gilt weiter. Aktualisieren Sie erneut, wenn Sie so weit sind.`,
  writeStopped: 'Sie haben das Schreiben gestoppt. Die Zellen wurden wiederhergestellt, und nichts wurde gespeichert.',
};
