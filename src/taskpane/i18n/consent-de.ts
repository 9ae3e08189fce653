import type { consentEn } from './consent-en';

/** The words of the consent bar, in German (the same entries as English). */
export const consentDe: typeof consentEn = {
  title: 'Diese Arbeitsmappe möchte Ihre Daten abfragen',
  intro: 'Sie wurde außerhalb dieser Kopie von Report Sync erstellt oder geändert. Nichts darin läuft mit Ihren Zugangsdaten, bevor Sie es zulassen.',
  reportsHeading: 'Berichte, die sie ausführen würde',
  members: (list) => `Elemente: ${list}`,
  filters: (list) => `Filter: ${list}`,
  sheetsHeading: 'Blätter, in die sie schreiben würde',
  hidden: 'ausgeblendet',
  veryHidden: 'sehr ausgeblendet: nur Code kann es einblenden',
  refreshOnOpen: 'Sie möchte bei jedem Öffnen aktualisiert werden.',
  formulas: 'Ihre RS-Formeln fragen Zahlen ab.',
  allow: 'Zulassen',
  notNow: 'Nicht jetzt',
  declined: 'Die Abfragen dieser Arbeitsmappe warten: Aktualisieren beim Öffnen, „Alle aktualisieren“ und ihre Formeln senden nichts, bis Sie sie zulassen.',
  reconsider: 'Prüfen und zulassen',
  ribbonDeclined: '„Alle aktualisieren“ im Menüband wurde nicht ausgeführt: Sie haben für die Abfragen dieser Arbeitsmappe „Nicht jetzt“ gewählt. Wählen Sie „Prüfen und zulassen“, um sie auszuführen.',
};
