import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import type { CubeQuery } from '../../../contract';
import type { ChatController } from '../../../chat/chat-controller';
import { deploymentForQuery, type AnswerTarget } from '../../../chat/chat-placement';
import type { Connection } from '../../../session/connection';
import type { Workspace } from '../../../placements/workspace-parts';
import { useI18n } from '../../i18n';
import { useChatWords } from '../../i18n/chat-catalog';
import { describeChatError } from './chat-words';
import type { PlaceAbility } from './ChatTurnView';
import { ChatView } from './ChatView';

export interface ChatTabProps {
  chat: { controller: ChatController | null; error: string | null; loading: boolean };
  connection: Connection;
  workspace: Workspace;
  /** The deployment the user browses: an answer is placed in it when its model has the query's members. */
  deploymentId: number;
  selection: string | null;
  onOpenSettings(): void;
  /** Opens the answer's query as a new exploration in that deployment, placed at the selection. */
  onPlace(target: AnswerTarget, query: CubeQuery): void;
}

/**
 * The chat tab: asks for the agent's address when there is none, else the chat. Whether an answer can be
 * placed follows the admin's `sheetsAgentChatEnabled` (off: the chat describes only) and `restrictDataDownload`.
 */
export function ChatTab({ chat, connection, workspace, deploymentId, selection, onOpenSettings, onPlace }: ChatTabProps) {
  const i18n = useI18n();
  const c = useChatWords();
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);

  if (chat.error) {
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{chat.error}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={onOpenSettings}>{c.openSettings}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  if (chat.loading) return <Spinner size="tiny" label={c.loadingConversation} />;
  if (!chat.controller) {
    return (
      <MessageBar intent="info" layout="multiline" data-testid="chat-not-configured">
        <MessageBarBody>{c.notConfigured}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={onOpenSettings}>{c.openSettings}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }

  const { appConfig } = connection;
  const place: PlaceAbility = !appConfig.sheetsAgentChatEnabled
    ? { kind: 'describe-only' }
    : appConfig.restrictDataDownload
      ? { kind: 'blocked', reason: c.downloadRestricted }
      : finding
        ? { kind: 'blocked', reason: i18n.m.loading }
        : { kind: 'enabled', hint: selection ? c.placeHint(selection) : c.placeHintNoSelection };

  const placeAnswer = async (query: CubeQuery) => {
    setPlaceError(null);
    setFinding(true);
    try {
      const ids = connection.deployments.map((d) => d.id);
      const target = await deploymentForQuery(workspace.data, ids, deploymentId, query);
      if (target === null) setPlaceError(c.noDeploymentFor);
      else onPlace(target, query);
    } catch (e) {
      setPlaceError(describeChatError(e, i18n));
    } finally {
      setFinding(false);
    }
  };

  return (
    <>
      {placeError && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{placeError}</MessageBarBody>
        </MessageBar>
      )}
      <ChatView controller={chat.controller} place={place} onPlace={(query) => void placeAnswer(query)} />
    </>
  );
}
