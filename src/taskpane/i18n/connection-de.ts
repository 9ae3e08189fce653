import { originOf, type ConnectedTo } from '../../core/connected-to';
import type { ConnectionWords } from './connection-en';

/** Die Wörter für Fehler, die nennen, womit der Bereich verbunden ist, auf Deutsch (dieselben Einträge wie Englisch). */
export function connectionDe(to: ConnectedTo): ConnectionWords {
  const cube = to.kind === 'cube' ? originOf(to.apiUrl) : null;
  const pasted = to.kind === 'cube' && to.token === 'pasted';
  const it = cube === null ? 'Die Plattform' : `Die Cube-Bereitstellung unter ${cube}`;
  const recordedAt = cube === null ? 'auf der Plattform' : 'in dieser Arbeitsmappe';
  return {
    failures: {
      unreachable: cube === null
        ? 'Die Plattform ist nicht erreichbar. Prüfen Sie die Adresse und Ihre Verbindung und versuchen Sie es erneut.'
        : `${it} ist nicht erreichbar. Prüfen Sie, ob sie läuft und ob Ihre Verbindung steht, und versuchen Sie es erneut.`,
      unauthorized: pasted
        ? `${it} hat das Token nicht angenommen. Versuchen Sie es erneut und fügen Sie ein neues Token ein, wenn danach gefragt wird.`
        : `${it} hat Ihre Anmeldung nicht angenommen. Melden Sie sich erneut an.`,
      serverTrouble: `${it} hatte ein Problem beim Antworten. Versuchen Sie es gleich noch einmal.`,
      badAnswer: `${it} hat eine Antwort gesendet, die dieses Add-In nicht versteht. Stimmt die Adresse?`,
      corsRefused: (origin, addinOrigin) => cube === null
        ? `${origin} hat geantwortet, sendet aber keine CORS-Header für dieses Add-In (${addinOrigin}). Ist es die Plattform, verwenden Sie ${addinOrigin} als ihre Adresse (der Server des Add-Ins leitet Anfragen an sie weiter), oder erlauben Sie ${addinOrigin} in der CORS-Einstellung der Plattform.`
        : `Die Cube-Bereitstellung unter ${origin} hat geantwortet, lässt die Adresse dieses Add-Ins aber nicht zu; fügen Sie ${addinOrigin} zu ihrer CORS-Einstellung hinzu (http.cors in cube.js).`,
      insecureAddress: (origin) =>
        `${pasted ? 'Das Token' : 'Ihre Anmeldung'} wird nicht an ${origin} gesendet: Verwenden Sie https:// (http:// nur für diesen Computer).`,
      moveNotUndone: (oldRange, newRange) => cube === null
        ? `Die Platzierung konnte nicht verschoben werden: Sie steht weiterhin in ${oldRange}, aber die Plattform konnte nicht benachrichtigt werden und verzeichnet sie noch in ${newRange}. Aktualisieren Sie sie, damit ihr Ort verzeichnet wird; fragt das Add-In nach Änderungen von Hand, überschreiben Sie sie (es ist ihr früheres Ergebnis).`
        : `Die Platzierung konnte nicht verschoben werden: Sie steht weiterhin in ${oldRange}, aber ihr Eintrag in dieser Arbeitsmappe konnte nicht geändert werden und nennt noch ${newRange}. Aktualisieren Sie sie, damit ihr Ort verzeichnet wird; fragt das Add-In nach Änderungen von Hand, überschreiben Sie sie (es ist ihr früheres Ergebnis).`,
      moveNotUndoneCells: (oldRange, newRange, cells) => cube === null
        ? `Die Platzierung konnte nicht verschoben werden: Sie steht weiterhin in ${oldRange}, aber die Plattform verzeichnet sie noch in ${newRange}, und die neuen Zellen in ${cells} konnten nicht geleert werden. Leeren Sie ${cells} von Hand und aktualisieren Sie dann die Platzierung, damit ihr Ort verzeichnet wird.`
        : `Die Platzierung konnte nicht verschoben werden: Sie steht weiterhin in ${oldRange}, aber ihr Eintrag in dieser Arbeitsmappe nennt noch ${newRange}, und die neuen Zellen in ${cells} konnten nicht geleert werden. Leeren Sie ${cells} von Hand und aktualisieren Sie dann die Platzierung, damit ihr Ort verzeichnet wird.`,
      notTakenBack: (range) =>
        `Der Bericht konnte nicht in ${range} platziert werden, und sein Eintrag ${recordedAt} konnte nicht entfernt werden: Er wird als getrennt angezeigt. Trennen Sie ihn dort.`,
      recordUnconfirmed: (range) => cube === null
        ? `Das Ergebnis in ${range} konnte nicht erfasst werden, und die Plattform konnte nicht sagen, ob es erfasst wurde: Die Zellen wurden wiederhergestellt. Aktualisieren Sie die Platzierung, damit Zellen und Eintrag wieder übereinstimmen.`
        : `Das Ergebnis in ${range} konnte nicht in dieser Arbeitsmappe erfasst werden, und das Add-In konnte nicht feststellen, ob es erfasst wurde: Die Zellen wurden wiederhergestellt. Aktualisieren Sie die Platzierung, damit Zellen und Eintrag wieder übereinstimmen.`,
      placementGone: (range) => `Die Platzierung in ${range} ist ${recordedAt} nicht mehr verzeichnet (sie wurde anderswo getrennt).`,
      keptChanging: (title, attempts) => `„${title}“ wurde während jeder von ${attempts} Aktualisierungen ${recordedAt} geändert. Versuchen Sie es gleich noch einmal.`,
    },
    signIn: {
      dialogFailed: `Das Anmeldefenster konnte nicht geöffnet werden. Erlauben Sie Pop-ups für dieses Add-In oder ${cube === null ? 'verwenden Sie ein API-Token' : 'fügen Sie stattdessen ein Token ein'}.`,
      unsupported: (address) => `${address} bietet keine Anmeldung mit einem Konto an. ${cube === null ? 'Verwenden Sie stattdessen ein API-Token.' : 'Fügen Sie stattdessen ein Token ein.'}`,
      otherIssuer: (issuer) => `Diese Adresse gehört zur Anmeldung unter ${issuer}. Verwenden Sie ${issuer} als Adresse und melden Sie sich dann an.`,
      refused: (reason) => `${cube === null ? 'Die Plattform' : 'Der Identitätsanbieter'} hat die Anmeldung abgelehnt: ${reason}`,
    },
  };
}
