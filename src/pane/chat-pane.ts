import type { ChatController, ChatStreaming } from '../chat/chat-controller';
import { chatUrlDeployment, type ChatSettings, type ChatThreadStore } from '../chat/chat-settings';
import { Store } from './store';

/**
 * The agent chat of this pane's user and settings: made when both are there and the chat is first shown (`show()`;
 * the pane's start loads nothing of it), reading back the thread open last, and kept while the pane shows other
 * things (a streaming answer carries on behind the builder). New settings make it again; the old one is disposed.
 */

/** The client the controller talks to the agent through, and the address its threads are kept under. */
export type AgentClient = ChatStreaming & { readonly streamUrl: string };

export interface ChatUserIdentity {
  email: string;
}

export interface ChatPaneDeps {
  /** Makes the client reaching the agent at `settings` for `user` (async: the client's code may load then). */
  createClient(settings: ChatSettings, user: ChatUserIdentity): Promise<AgentClient>;
  /** The user's threads with the agent at `streamUrl`, as the pane keeps them. */
  threads(streamUrl: string, userEmail: string): ChatThreadStore;
  user: ChatUserIdentity;
  /** Where the chat reaches its agent; null until set in Settings. */
  settings: ChatSettings | null;
  /** Puts a failure into words the user can act on. */
  describe(error: unknown): string;
}

export interface ChatPaneState {
  controller: ChatController | null;
  /** Why the chat could not be made, in words. */
  error: string | null;
  /** Settings are there and the chat is on its way. */
  loading: boolean;
}

// The chat's controller is loaded when the agent is first set up, not with the pane.
const loadController = () => import('../chat/chat-controller');

/** A deployment's agent answers with the user's own Cube token, and this pane has no platform to ask for one. */
export class ChatSignInRequiredError extends Error {
  override readonly name = 'ChatSignInRequiredError';
}

/** The signed-in user's Cube token of a deployment, kept fresh (the platform's `POST /deployments/{id}/token`); null without a platform. */
export type DeploymentTokens = (deploymentId: number) => (() => Promise<string>) | null;

/**
 * With an API key, chat.yaml asks who the user is: an account's own user is named by `sessionSettings.internalId`,
 * which Cube's Chat API docs define as the internal user's email. A deployment's agent (no key) takes the user's own
 * Cube token of that deployment as `X-Cube-Auth-Token`, which names them itself. The client's code loads here, not
 * with the pane.
 */
export async function createChatClient(settings: ChatSettings, user: ChatUserIdentity, tokens?: DeploymentTokens): Promise<AgentClient> {
  const { ChatClient } = await import('../client/chat-client');
  const deploymentId = chatUrlDeployment(settings.chatApiUrl);
  if (deploymentId === null && settings.apiKey !== null) {
    return new ChatClient({
      chatApiUrl: settings.chatApiUrl,
      credentials: { kind: 'api-key', apiKey: settings.apiKey },
      sessionSettings: { internalId: user.email, email: user.email },
    });
  }
  // chat.yaml: a deployment's agent "accepts only Cube token authentication".
  const token = deploymentId === null ? null : tokens?.(deploymentId);
  if (!token) throw new ChatSignInRequiredError('A deployment\'s agent answers with your sign-in: sign in to its platform, or set an agent\'s URL and key');
  return new ChatClient({ chatApiUrl: settings.chatApiUrl, credentials: { kind: 'cube-token', token } });
}

export class ChatPane extends Store<ChatPaneState> {
  private settings: ChatSettings | null;
  private wanted = false;
  /** Bumped by each new making (or disposal): a making overtaken is dropped. */
  private generation = 0;

  constructor(private readonly deps: ChatPaneDeps) {
    super(stateOf(null, null, deps.settings));
    this.settings = deps.settings;
  }

  /** The chat tab was shown: the chat is made, if its settings are there. */
  show(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.make();
  }

  /** New settings (or none): the chat made for the old ones goes, and one for these is made if the tab was shown. */
  setSettings(settings: ChatSettings | null): void {
    if (settings === this.settings) return;
    this.settings = settings;
    this.make();
  }

  /** The pane went: the chat stops reading. */
  dispose(): void {
    this.generation += 1;
    this.getState().controller?.dispose();
    this.update(stateOf(null, null, null));
  }

  private make(): void {
    const generation = ++this.generation;
    this.getState().controller?.dispose();
    const settings = this.settings;
    this.update(stateOf(null, null, settings));
    if (!settings || !this.wanted) return;
    // Fire and forget: `build` keeps its failure in the state, in words.
    void this.build(settings, generation);
  }

  private async build(settings: ChatSettings, generation: number): Promise<void> {
    const current = () => generation === this.generation;
    try {
      const [client, { ChatController: Controller }] = await Promise.all([this.deps.createClient(settings, this.deps.user), loadController()]);
      if (!current()) return;
      const controller = new Controller({ client, store: this.deps.threads(client.streamUrl, this.deps.user.email), describe: this.deps.describe });
      this.update(stateOf(controller, null, settings));
      // Fire and forget: the controller shows a failure to read the thread back in its own state.
      void controller.open();
    } catch (error) {
      if (current()) this.update(stateOf(null, this.deps.describe(error), settings));
    }
  }
}

function stateOf(controller: ChatController | null, error: string | null, settings: ChatSettings | null): ChatPaneState {
  return { controller, error, loading: settings !== null && controller === null && error === null };
}
