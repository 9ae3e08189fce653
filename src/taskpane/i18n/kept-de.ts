import type { KeptMessages } from './kept-en';

/** Die Wörter der in der Arbeitsmappe gespeicherten Berichte (`m.kept`). */
export const keptDe: KeptMessages = {
  foldersUnavailable: 'In dieser Arbeitsmappe gespeicherte Berichte liegen in keinem Ordner: Ordner gibt es nur auf der verwalteten Plattform.',
  noneKept: 'In dieser Arbeitsmappe sind noch keine Berichte gespeichert. Erstellen Sie eine Abfrage und speichern Sie sie, um hier einen Bericht zu behalten.',
  actions: 'Mehr',
  actionsFor: (title: string) => `Weitere Aktionen für ${title}`,
  rename: 'Umbenennen…',
  duplicate: 'Duplizieren',
  delete: 'Löschen…',
  openInBuilder: 'Im Abfrage-Editor öffnen',
  renameHeading: (title: string) => `${title} umbenennen`,
  renameSubmit: 'Umbenennen',
  deleteTitle: (title: string) => `${title} löschen?`,
  deleteBody: 'Der Bericht wird für alle, die diese Arbeitsmappe öffnen, aus ihr entfernt. Das kann nicht rückgängig gemacht werden.',
  deleteBodyPlaced: {
    one: (count: string) => `Er ist ${count}-mal in dieser Arbeitsmappe platziert. Diese Platzierung wird mit ihm entfernt: Ihre Zellen behalten die angezeigten Werte, werden aber nicht mehr aktualisiert. Das kann nicht rückgängig gemacht werden.`,
    other: (count: string) => `Er ist ${count}-mal in dieser Arbeitsmappe platziert. Diese Platzierungen werden mit ihm entfernt: Ihre Zellen behalten die angezeigten Werte, werden aber nicht mehr aktualisiert. Das kann nicht rückgängig gemacht werden.`,
  },
  deleteConfirm: 'Bericht löschen',
  cancel: 'Abbrechen',
  dismiss: 'Schließen',
  renamed: (title: string) => `Umbenannt in ${title}.`,
  duplicated: (title: string) => `Dupliziert als ${title}.`,
  deleted: (title: string) => `${title} wurde gelöscht.`,
  unavailableList: 'Berichte, die nicht gelesen werden können',
  unnamed: 'Unbenannter Bericht',
  homeWorkbook: 'Bericht in dieser Arbeitsmappe gespeichert',
  homePlatform: 'Bericht auf der Plattform',
};
