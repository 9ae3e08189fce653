import { useEffect, useState } from 'react';
import type { ChatController } from '../../../chat/chat-controller';
import type { ChatSettings } from '../../../chat/chat-settings';
import type { Connection } from '../../../session/connection';
import { chatThreadStore } from '../../chat-storage';

// The chat's client and controller are loaded when the agent is first set up, not with the pane.
const loadChat = () => Promise.all([import('../../../client/chat-client'), import('../../../chat/chat-controller')]);

/**
 * The agent chat of this connection and these settings: made when both are there and the chat is first shown
 * (`show()`; the pane's start loads nothing of it), reading back the thread open last, and kept while the pane
 * shows other things (a streaming answer carries on behind the builder).
 * With an API key, chat.yaml asks who the user is: an account's own user is named by `sessionSettings.internalId`,
 * which Cube's Chat API docs define as the internal user's email.
 */
export function useChatController(connection: Pick<Connection, 'user'>, settings: ChatSettings | null, describe: (error: unknown) => string) {
  const [wanted, setWanted] = useState(false);
  const [controller, setController] = useState<ChatController | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { user } = connection;

  useEffect(() => {
    setController(null);
    setError(null);
    if (!settings || !wanted) return;
    let made: ChatController | null = null;
    let cancelled = false;
    loadChat().then(
      ([{ ChatClient }, { ChatController: Controller }]) => {
        if (cancelled) return;
        try {
          const client = new ChatClient({
            chatApiUrl: settings.chatApiUrl,
            credentials: { kind: 'api-key', apiKey: settings.apiKey },
            sessionSettings: { internalId: user.email, email: user.email },
          });
          made = new Controller({ client, store: chatThreadStore(client.streamUrl, user.email), describe });
          setController(made);
          void made.open();
        } catch (e) {
          setError(describe(e));
        }
      },
      (e: unknown) => !cancelled && setError(describe(e)),
    );
    return () => {
      cancelled = true;
      made?.dispose();
    };
  }, [settings, wanted, user.email, describe]);

  return { controller, error, loading: settings !== null && controller === null && error === null, show: () => setWanted(true) };
}
