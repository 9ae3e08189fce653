import type { convertEn } from './convert-en';

/** The words of "Convert to formulas", in German (the same entries as English). */
export const convertDe: typeof convertEn = {
  action: 'In Formeln umwandeln',
  questionTitle: (title) => `„${title}“ in Formeln umwandeln?`,
  questionBody: (cells) =>
    `Die Zellen ${cells} werden zu RS.WERT-Formeln über ihren Überschriften, vorher geprüft, dass sie dieselben Zahlen ergeben. Die Platzierung wird entfernt: Aktualisieren schreibt diese Zellen nicht mehr, und Sie können Zeilen verschieben und eigene Berechnungen ergänzen. Das lässt sich im Aufgabenbereich nicht rückgängig machen.`,
  convert: 'Umwandeln',
  converting: (title) => `„${title}“ wird in Formeln umgewandelt …`,
  converted: (title, location, formulas) => `„${title}“ besteht jetzt aus ${formulas} RS.WERT-Formeln in ${location}. Die Platzierung wurde entfernt.`,
  differs: (title, cell, now, answer) =>
    `„${title}“ wurde nicht umgewandelt: Die Formel für ${cell} ergibt ${answer}, die Zelle zeigt ${now}. Aktualisieren Sie die Platzierung und versuchen Sie es erneut. Es wurde nichts geschrieben.`,
  fails: (title, cell, reason) => `„${title}“ wurde nicht umgewandelt: Die Formel für ${cell} schlägt fehl (${reason}). Es wurde nichts geschrieben.`,
  empty: 'eine leere Zelle',
  refused: (title, reason) => `„${title}“ lässt sich nicht in Formeln umwandeln: ${reason}. Es wurde nichts geschrieben.`,
  reasons: {
    filterOperator: (member, operator) => `sein Filter auf ${member} (${operator}) ist nicht „gleich“, und RS.WERT filtert nur mit „gleich“`,
    filterValues: (member) => `sein Filter auf ${member} braucht genau einen Wert, und RS.WERT nimmt einen je Merkmal`,
    filterLogic: 'seine Filter sind mit „und“/„oder“ verknüpft, was RS.WERT nicht ausdrücken kann',
    measureFilter: (member) => `er filtert nach der Kennzahl ${member}, was RS.WERT nicht ausdrücken kann`,
    dateRange: (member) => `er hat einen Datumsbereich auf ${member}, das keine Zeile oder Spalte des Berichts ist`,
    segments: (segments) => `er verwendet Segmente (${segments}), die RS.WERT nicht ausdrücken kann`,
    rowsCut: 'eine Zeilenbegrenzung kann Zeilen auslassen',
    totals: 'er zeigt Summen, die aus anderen Abfragen stammen als ihre Zellen',
    granularity: (member, granularity) => `${member} ist nach ${granularity}; RS.WERT nimmt Jahre, Quartale, Monate, Wochen und Tage`,
    noMeasures: 'er hat keine Kennzahlen',
    emptyMember: (cell) => `die Überschrift in ${cell} hat keinen Wert`,
    shape: 'seine Zellen sind nicht so angeordnet wie der Bericht jetzt: aktualisieren Sie ihn zuerst',
    ungrouped: 'er listet Zeilen einzeln auf (ungruppiert)',
    edited: (cells) => `Zellen wurden seit der letzten Aktualisierung von Hand geändert (${cells}): aktualisieren Sie ihn zuerst`,
  },
};
