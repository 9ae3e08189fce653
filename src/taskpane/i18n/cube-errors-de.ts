import type { cubeErrorsEn } from './cube-errors-en';

/** Die Wörter für Fehler einer Cube-API-Verbindung und der in der Arbeitsmappe gespeicherten Berichte (`m.cubeErrors`). */
export const cubeErrorsDe: typeof cubeErrorsEn = {
  addressEmpty: 'Geben Sie die Adresse der Cube-API ein, etwa https://cube.example.com/cubejs-api.',
  addressNotUrl: (address) => `„${address}“ ist keine Webadresse: Geben Sie sie in dieser Form ein: https://cube.example.com/cubejs-api.`,
  addressScheme: (address) => `„${address}“ ist keine Webadresse: Eine Cube-API-Adresse beginnt mit https://, etwa https://cube.example.com/cubejs-api.`,
  addressCredentials: 'Lassen Sie Benutzername und Kennwort aus der Adresse weg: Das Token wird gesondert angegeben.',
  addressQuery: (from) => `Lassen Sie den Teil ab „${from}“ weg: Die Cube-API-Adresse endet mit ihrem Pfad, etwa https://cube.example.com/cubejs-api.`,
  addressInsecure: (origin) => `Das Token würde unverschlüsselt an ${origin} gehen: Verwenden Sie https:// (http:// nur für diesen Computer).`,

  tokenEmpty: 'Fügen Sie das Cube-API-Token ein.',
  tokenMalformed: (why) => `Das ist kein Cube-API-Token (ein JWT aus drei durch Punkte getrennten Teilen): ${why}. Fügen Sie das ganze Token ein.`,
  tokenMalformedWhy: {
    parts: (count) => `Es hat ${count} Teile`,
    onePart: 'Es hat 1 Teil',
    characters: 'Es enthält Zeichen, die ein Token nicht haben kann (möglicherweise wurde es abgeschnitten oder umbrochen)',
    header: 'Sein Header ist nicht lesbar',
    noAlgorithm: 'Sein Header nennt keinen Algorithmus (alg)',
    claims: 'Seine Claims sind nicht lesbar',
  },
  tokenMalformedUnsaid: 'Das ist kein Cube-API-Token (ein JWT aus drei durch Punkte getrennten Teilen). Fügen Sie das ganze Token ein.',
  tokenEncrypted: 'Das ist ein verschlüsseltes Token (JWE); Cube nimmt ein signiertes Token (JWT): Bitten Sie um eines, das mit dem API-Secret signiert ist.',
  tokenUnsigned: 'Dieses Token ist nicht signiert; Cube lehnt unsignierte Tokens ab: Bitten Sie um eines, das mit dem API-Secret signiert ist.',
  tokenBadExpiry: 'Die Ablaufzeit (exp) dieses Tokens ist keine Zahl, und Cube lehnt ein solches Token ab: Bitten Sie um ein neues.',
  tokenExpired: (when) => `Dieses Token ist am ${when} abgelaufen; bitten Sie um ein neues.`,
  tokenExpiredUndated: 'Dieses Token ist abgelaufen; bitten Sie um ein neues.',
  tokenNotYetValid: (when) => `Dieses Token ist erst ab ${when} gültig; verwenden Sie es dann, oder bitten Sie um eines, das jetzt gültig ist.`,
  tokenNotYetValidUndated: 'Dieses Token ist noch nicht gültig; verwenden Sie es später, oder bitten Sie um eines, das jetzt gültig ist.',

  deploymentAt: (origin) => `die Cube-Bereitstellung unter ${origin}`,
  theDeployment: 'die Cube-Bereitstellung',

  tokenNeededExpired: (deployment) => `Das Token für ${deployment} ist abgelaufen, und es wurde kein neues angegeben: Fügen Sie ein neues Token ein, um fortzufahren.`,
  oidcProblem: (problem, issuer) => ({
    'issuer-address': `„${issuer}“ ist keine vollständige https://-Adresse eines Ausstellers (einfaches http:// nur für diesen Computer): Geben Sie den Aussteller mit https:// davor ein.`,
    'no-discovery': `${issuer} antwortet nicht als OpenID-Connect-Anbieter (kein Discovery-Dokument für diesen Aussteller, oder kein PKCE): Prüfen Sie die Adresse des Ausstellers mit Ihrem Administrator.`,
    'no-id-token': `${issuer} hat kein ID-Token ausgegeben: Die Bereitstellung nimmt das ID-Token, also muss die Anmeldung den Bereich openid anfordern. Wenden Sie sich an Ihren Administrator.`,
    'token-not-jwt': `Das Token von ${issuer} kann Cube nicht prüfen (kein JWT mit Ablaufzeit): Ihr Administrator kann den Anbieter JWT-Zugriffstoken für die Cube-API ausstellen lassen oder das ID-Token senden lassen.`,
    'token-refused': `Die Cube-Bereitstellung hat das Token von ${issuer} abgelehnt: Ihr CUBEJS_JWK_URL muss die Schlüssel dieses Anbieters nennen, CUBEJS_JWT_ISSUER ${issuer} und CUBEJS_JWT_AUDIENCE die Zielgruppe des Tokens. Wenden Sie sich an Ihren Administrator.`,
  })[problem],
  signInNeeded: (deployment) => `Die Anmeldung für ${deployment} ist abgelaufen, und Sie haben sich nicht erneut angemeldet: Melden Sie sich an, um fortzufahren.`,
  tokenNeededRefused: (deployment) => `Das Token für ${deployment} wurde abgelehnt, und es wurde kein neues angegeben: Fügen Sie ein neues Token ein, um fortzufahren.`,

  unreachable: (origin) => `Unter ${origin} hat nichts geantwortet: Prüfen Sie die Adresse und ob die Cube-Bereitstellung läuft.`,
  unreachableBecause: (origin, why) => `Unter ${origin} hat nichts geantwortet (${why}): Prüfen Sie die Adresse und ob die Cube-Bereitstellung läuft.`,
  unreachableWhy: {
    host: 'diesen Hostnamen gibt es nicht',
    port: 'an diesem Port wartet nichts',
    cut: 'die Verbindung wurde unterbrochen',
    certificate: 'seinem Zertifikat wird nicht vertraut',
  },
  cors: (origin, addinOrigin) =>
    `${origin} hat geantwortet, lässt aber keine Anfragen von diesem Add-In zu (keine CORS-Header für ${addinOrigin}): Fügen Sie ${addinOrigin} zur CORS-Einstellung der Cube-Bereitstellung hinzu (http.cors in cube.js).`,
  corsNoAddinOrigin: (origin) =>
    `Die Cube-Bereitstellung unter ${origin} lässt die Adresse dieses Add-Ins nicht zu; fügen Sie sie zu ihrer CORS-Einstellung hinzu (http.cors in cube.js).`,
  timeout: (origin, seconds) => `Die Cube-Bereitstellung unter ${origin} hat nicht innerhalb von ${seconds} s geantwortet: Prüfen Sie die Adresse oder versuchen Sie es später erneut.`,
  usuallyAt: (origin) => ` (eine Cube-REST-API liegt meist unter ${origin}/cubejs-api)`,
  notFound: (apiUrl, hint) => `Unter ${apiUrl} gibt es keine Cube-REST-API: ${apiUrl}/v1/meta hat mit 404 Not Found geantwortet. Prüfen Sie die Adresse${hint}.`,
  html: (origin, hint) => `${origin} hat mit einer Webseite geantwortet, nicht mit der Cube-REST-API: Prüfen Sie die Adresse${hint}.`,
  notCube: (apiUrl, hint) => `${apiUrl}/v1/meta hat geantwortet, aber nicht so, wie eine Cube-REST-API antwortet: Prüfen Sie die Adresse${hint}.`,
  tokenRefused: (origin) =>
    `Die Cube-Bereitstellung unter ${origin} hat dieses Token abgelehnt: Es ist vielleicht mit einem anderen Secret signiert oder abgelaufen; bitten Sie um ein neues und fügen Sie es ein.`,
  tokenNotReceived: (origin) =>
    `Die Cube-Bereitstellung unter ${origin} hat das Token nicht erhalten: Etwas dazwischen (ein Proxy oder Gateway) entfernt den Authorization-Header; bitten Sie dessen Administrator, ihn durchzulassen.`,
  refused: (origin, status) =>
    `${origin} hat die Anfrage abgelehnt (${status}); vielleicht ist es nicht die Cube-REST-API, oder etwas davor verlangt eigene Zugangsdaten. Prüfen Sie die Adresse.`,
  serverFailed: (origin, status) => `Die Cube-Bereitstellung unter ${origin} konnte nicht antworten (${status}); versuchen Sie es später erneut oder wenden Sie sich an ihren Administrator.`,
  serverOdd: (origin, status) =>
    `Die Cube-Bereitstellung unter ${origin} hat anders geantwortet, als Cube es tut (${status}); versuchen Sie es später erneut oder wenden Sie sich an ihren Administrator.`,

  otherDeployment: (deployment, connected) =>
    `Die in dieser Arbeitsmappe gespeicherten Berichte gehören zur verbundenen Cube-Bereitstellung (${connected}), nicht zur Bereitstellung ${deployment}.`,
  reportNotFound: (report) => `Diese Arbeitsmappe enthält keinen Bericht ${report} mehr: Möglicherweise wurde er gelöscht. Laden Sie die Berichte der Arbeitsmappe neu.`,
  placementNotFound: (address, report) => `Diese Arbeitsmappe enthält keine Platzierung ${address} des Berichts ${report} mehr: Möglicherweise wurde sie getrennt.`,
  foldersUnavailable: 'In dieser Arbeitsmappe gespeicherte Berichte liegen in keinem Ordner.',
  partGone: 'Was diese Arbeitsmappe zum Bericht gespeichert hatte, wurde inzwischen von jemand anderem oder etwas anderem entfernt. Laden Sie die Berichte der Arbeitsmappe neu und versuchen Sie es erneut.',
  partsUnsupported: (requirement) =>
    `Diese Excel-Version kann keine Berichte in der Arbeitsmappe speichern (sie benötigt ${requirement}). Aktualisieren Sie Excel, oder verwenden Sie Excel im Web oder Microsoft 365.`,

  part: (id) => `benutzerdefinierter XML-Teil ${id}`,
  aPart: 'ein benutzerdefinierter XML-Teil',
  partReportNamed: (name, part) => `Der in dieser Arbeitsmappe gespeicherte Bericht „${name}“ (${part})`,
  partReportUnnamed: (part) => `Ein in dieser Arbeitsmappe gespeicherter Bericht (${part})`,
  partMalformed: (report, detail) => `${report} kann nicht gelesen werden: Sein XML ist nicht wohlgeformt (${detail}). Das Add-In hat ihn unverändert gelassen.`,
  partInvalid: (report, detail) => `${report} kann nicht gelesen werden: ${detail}. Das Add-In hat ihn unverändert gelassen.`,
  partForeign: (part, detail) => `Dieser Teil der Arbeitsmappe (${part}) ist kein Report-Sync-Bericht (${detail}). Das Add-In hat ihn unverändert gelassen.`,
  partNewerNamed: (name, format) =>
    `Der Bericht „${name}“ dieser Arbeitsmappe wurde mit einer neueren Version des Add-Ins gespeichert${format}; aktualisieren Sie das Add-In, um diesen Bericht zu öffnen oder zu bearbeiten. Bis dahin bleibt er unverändert.`,
  partNewerUnnamed: (format) =>
    `Ein in dieser Arbeitsmappe gespeicherter Bericht wurde mit einer neueren Version des Add-Ins gespeichert${format}; aktualisieren Sie das Add-In, um diesen Bericht zu öffnen oder zu bearbeiten. Bis dahin bleibt er unverändert.`,
  partFormat: (version) => ` (Format ${version})`,
  partUnwritableNamed: (name, detail) => `Der Bericht „${name}“ konnte nicht in der Arbeitsmappe gespeichert werden: ${detail}.`,
  partUnwritableUnnamed: (detail) => `Der Bericht konnte nicht in der Arbeitsmappe gespeichert werden: ${detail}.`,
};
