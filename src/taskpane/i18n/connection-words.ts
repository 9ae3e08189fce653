import type { ConnectedTo } from '../../core/connected-to';
import { wordsByCatalog } from './catalog-words';
import { connectionDe } from './connection-de';
import { connectionEn, type ConnectionWords } from './connection-en';
import type { Messages } from './en';

export type { ConnectionWords } from './connection-en';

/**
 * The words that name what the pane is connected to, apart from `Messages`, chosen by the pane's catalog: made for
 * one connection (`connectionWordsOf(m)(to)`), so one catalog speaks for the platform and for any Cube deployment.
 */
export const connectionWordsOf: (m: Messages) => (to: ConnectedTo) => ConnectionWords = wordsByCatalog(connectionEn, connectionDe);
