import { forgetChatThreads, saveChatSettings } from '../storage/chat-storage';
import { forgetCubeConnections } from '../storage/cube-connection-storage';
import { saveSettings } from '../storage/settings-storage';

/**
 * The connections the pane keeps in the add-in's own storage, as a page that mounts it sets them up or clears them
 * (the workbench: a connection in its address, a reset that tests start from).
 */

/**
 * Keeps a connection given in a page address's fragment (`hash`, as `npm start` prints the workbench's address): an
 * API key (`token`) for the platform at `baseUrl`, and the local agent's Chat API URL and key (`chatUrl`, `chatKey`)
 * for the chat. True when the fragment gave one: the page then clears it, so no key stays in its address.
 */
export function rememberConnectionFromFragment(hash: string, baseUrl: string): boolean {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('token');
  const [chatApiUrl, apiKey] = [fragment.get('chatUrl'), fragment.get('chatKey')];
  if (chatApiUrl && apiKey) saveChatSettings({ chatApiUrl, apiKey });
  if (token) saveSettings({ kind: 'api-key', baseUrl, accessToken: token });
  return Boolean(token || chatApiUrl);
}

/** Forgets every saved connection: the platform's, the agent's and its chat threads, the Cube APIs' and their settings. */
export function forgetSavedConnections(): void {
  saveSettings(null);
  saveChatSettings(null);
  forgetChatThreads();
  forgetCubeConnections();
}
