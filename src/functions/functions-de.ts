/**
 * The RS functions' German names and help, as Excel shows them where its language is German: functions-de.json,
 * which the build writes from the functions.json Microsoft's plugin generates (scripts/functions-metadata.js).
 * Metadata generated from JSDoc cannot be localized, so the German file is written from this table
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming#localize-custom-functions).
 * Keyed by function id (functions.ts, never changed); `parameters` follow the function's parameters in order.
 * The words are the pane's (src/taskpane/i18n/*-de.ts): Kennzahl, Merkmal, Feld, Bereitstellung. German Excel
 * separates arguments with a semicolon and writes TRUE as WAHR, so the examples do too.
 * The build evaluates this file on its own: it may import types only.
 */
export interface LocalizedFunction {
  name: string;
  description: string;
  parameters: { name: string; description: string }[];
}

export const functionsDe: Record<string, LocalizedFunction> = {
  RS_VALUE: {
    name: 'WERT',
    description: 'Eine geprüfte Zahl: die Kennzahl, gefiltert auf den angegebenen Wert jedes Felds.',
    parameters: [
      { name: 'Kennzahl', description: 'Die Kennzahl, mit ihrem Namen (orders.revenue) oder Titel (Umsatz).' },
      {
        name: 'Feld_und_Wert',
        description: 'Paare aus einem Feld und seinem Wert, z. B. "Region"; "Europa"; "orders.created_at.year"; 2025; ein Wert kann ein Bereich oder eine Matrixkonstante sein, für die Werte zusammen. Ein letzter Eintrag ohne Wert nennt die Bereitstellung.',
      },
    ],
  },
  RS_REPORT: {
    name: 'BERICHT',
    description: 'Das Ergebnis eines gespeicherten Berichts als dynamisches Array, das in die Nachbarzellen überläuft.',
    parameters: [
      { name: 'Bericht', description: 'Name oder Titel des Berichts.' },
      { name: 'Überschriften', description: 'WAHR (Standard), um die Überschriftenzeile mit auszugeben.' },
      { name: 'Bereitstellung', description: 'Die abzufragende Bereitstellung, wenn es nicht die Standardbereitstellung der Arbeitsmappe ist.' },
    ],
  },
  RS_MEMBERS: {
    name: 'ELEMENTE',
    description: 'Die Werte eines Merkmals als Spalte, die nach unten überläuft, in der Reihenfolge der Daten-API.',
    parameters: [
      {
        name: 'Merkmal',
        description: 'Das Merkmal, mit seinem Namen (orders.region) oder Titel (Region); ein Zeitmerkmal mit seiner Zeiteinheit (orders.created_at.month).',
      },
      {
        name: 'Feld_und_Wert',
        description: 'Paare aus einem Feld und seinem Wert, die die Liste filtern; ein Wert kann ein Bereich oder eine Matrixkonstante sein. Ein letzter Eintrag ohne Wert nennt die Bereitstellung.',
      },
    ],
  },
};
