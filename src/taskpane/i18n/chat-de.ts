import type { chatEn } from './chat-en';

/** Die Wörter des Agent-Chats auf Deutsch (neben `Messages`, siehe chat-catalog.ts). */
export const chatDe: typeof chatEn = {
  workbookTab: 'Arbeitsmappe',
  chatTab: 'Agent fragen',
  tabsLabel: 'Bereiche des Aufgabenbereichs',
  heading: 'Agent-Chat',

  notConfigured: 'Um den Agenten der Plattform zu fragen, geben Sie seine Chat-API-URL und seinen Schlüssel in den Einstellungen ein. Ihr Admin findet beides unter Admin → Agents.',
  openSettings: 'Einstellungen öffnen',

  conversation: 'Unterhaltung',
  newConversation: 'Neue Unterhaltung',
  untitled: 'Neue Unterhaltung',
  noConversations: 'Noch keine Unterhaltungen. Stellen Sie eine Frage, um eine zu beginnen.',
  loadingConversation: 'Unterhaltung wird geladen…',
  conversationLog: 'Unterhaltung mit dem Agenten',

  inputLabel: 'Fragen Sie nach Ihren Daten',
  inputPlaceholder: 'Zum Beispiel: Umsatz nach Region im letzten Jahr',
  send: 'Senden',
  stop: 'Anhalten',
  stopping: 'Wird angehalten…',
  tooLong: (length, max) => `Ihre Frage ist ${length} Zeichen lang; der Agent nimmt höchstens ${max}. Kürzen Sie sie, um sie zu senden.`,
  characters: (length, max) => `${length} / ${max}`,

  you: 'Sie',
  agent: 'Agent',
  thinking: 'Der Agent arbeitet…',
  answering: 'Der Agent antwortet…',
  answered: 'Der Agent hat geantwortet.',

  ranQuery: 'Abfrage ausgeführt',
  runningQuery: 'Abfrage läuft…',
  ranTool: (name) => `${name} verwendet`,
  showDetails: 'Details anzeigen',
  hideDetails: 'Details ausblenden',
  measures: 'Kennzahlen',
  dimensions: 'Dimensionen',
  timeDimensions: 'Zeit',
  filters: 'Filter',
  noFilters: 'Keine Filter',
  rowCount: (rows) => `${rows} ${rows === '1' ? 'Zeile' : 'Zeilen'}`,
  limit: 'Zeilenlimit',
  byGranularity: (member, granularity) => `${member} nach ${granularity}`,

  cutOff: 'Die Antwort wurde abgeschnitten: Die Verbindung zum Agenten brach ab, bevor sie fertig war.',
  tryAgain: 'Erneut versuchen',
  stopped: 'Sie haben diese Antwort angehalten.',
  agentProblem: (message) => `Der Agent meldete ein Problem: ${message}`,
  unreadable: (count) => (count === '1' ? 'Ein Teil der Antwort konnte nicht gelesen werden.' : `${count} Teile der Antwort konnten nicht gelesen werden.`),

  placeInSheet: 'In Blatt einfügen',
  placeHint: (address) => `Fügt das Ergebnis bei ${address} als neue Exploration ein, die Sie dann als Bericht speichern können.`,
  placeHintNoSelection: 'Fügt das Ergebnis bei der ausgewählten Zelle als neue Exploration ein, die Sie dann als Bericht speichern können.',
  describeOnly: 'Ihr Admin hat den Agenten auf Beschreiben beschränkt: Er kann keine Ergebnisse in diese Arbeitsmappe einfügen.',
  placeBlocked: 'Schließen Sie zuerst die offene Exploration: Ihr Ergebnis ist noch nicht gespeichert.',
  noDeploymentFor: 'Keine Ihrer Bereitstellungen hat alle Elemente dieser Abfrage, daher kann sie nicht eingefügt werden.',
  downloadRestricted: 'Ihr Administrator hat das Herunterladen von Daten deaktiviert, daher können Antworten nicht in Zellen eingefügt werden.',

  errors: {
    keyRefused: 'Der Agent hat den Chat-API-Schlüssel nicht angenommen. Prüfen Sie den Schlüssel in den Einstellungen.',
    forbidden: 'Der Agent hat abgelehnt: Sie dürfen diesen Agenten oder diese Unterhaltung nicht verwenden.',
    threadGone: 'Diese Unterhaltung gibt es beim Agenten nicht mehr.',
    unreachable: 'Der Agent ist nicht erreichbar. Prüfen Sie die Chat-API-URL in den Einstellungen und Ihre Verbindung, dann versuchen Sie es erneut.',
    troubled: 'Der Agent hatte ein Problem beim Antworten. Versuchen Sie es gleich noch einmal.',
    badAnswer: 'Der Agent hat etwas gesendet, das dieses Add-in nicht lesen kann. Stimmt die Chat-API-URL?',
    notSignedIn: 'Der Agent eines Deployments antwortet mit Ihrer Anmeldung: Melden Sie sich bei der Plattform an (nicht nur bei einer Cube-API), oder geben Sie in den Einstellungen die URL und den Schlüssel eines Agenten an.',
  },

  settings: {
    heading: 'Agent-Chat',
    hint: 'Kopieren Sie beides aus Admin → Agents der Plattform (Chat-API-URL und einen API-Schlüssel). Der Agent eines Deployments (…/deployments/{id}/chat/…) braucht keinen Schlüssel: Er antwortet mit den Rechten Ihrer Anmeldung. Beides bleibt nur auf diesem Computer, nie in der Arbeitsmappe.',
    url: 'Chat-API-URL',
    key: 'Chat-API-Schlüssel',
    save: 'Speichern',
    forget: 'Vergessen',
    saved: 'Gespeichert. Der Chat verwendet jetzt diesen Agenten.',
    forgotten: 'Vergessen.',
    incomplete: 'Geben Sie die Chat-API-URL ein, und den Schlüssel, außer die URL ist der Agent eines Deployments (…/deployments/{id}/chat/…).',
  },
};
