import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useEffect, useSyncExternalStore } from 'react';
import type { AppConfigResponse } from '../../../contract';
import type { AnswerPlacing } from '../../../pane/answer-placing';
import type { ChatPane } from '../../../pane/chat-pane';
import { useI18n } from '../../i18n';
import { useChatWords } from '../../i18n/chat-catalog';
import { describeChatError } from './chat-words';
import type { PlaceAbility } from './ChatTurnView';
import { ChatView } from './ChatView';

export interface ChatTabProps {
  /** The agent chat (made when shown and set up). */
  chat: ChatPane;
  /** "Place in sheet" of an answer. */
  answers: AnswerPlacing;
  appConfig: Pick<AppConfigResponse, 'sheetsAgentChatEnabled' | 'restrictDataDownload'>;
  /** The deployment the user browses: an answer is placed in it when its model has the query's members. */
  deploymentId: number;
  selection: string | null;
  onOpenSettings(): void;
}

/**
 * The chat tab: asks for the agent's address when there is none, else the chat. Whether an answer can be
 * placed follows the admin's `sheetsAgentChatEnabled` (off: the chat describes only) and `restrictDataDownload`.
 */
export function ChatTab({ chat: pane, answers, appConfig, deploymentId, selection, onOpenSettings }: ChatTabProps) {
  const i18n = useI18n();
  const c = useChatWords();
  const chat = useSyncExternalStore(pane.subscribe, pane.getState, pane.getState);
  const { finding, problem } = useSyncExternalStore(answers.subscribe, answers.getState, answers.getState);
  // What placing told is the tab's: not told again when it comes back.
  useEffect(() => () => answers.leave(), [answers]);

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

  const place: PlaceAbility = !appConfig.sheetsAgentChatEnabled
    ? { kind: 'describe-only' }
    : appConfig.restrictDataDownload
      ? { kind: 'blocked', reason: c.downloadRestricted }
      : finding
        ? { kind: 'blocked', reason: i18n.m.loading }
        : { kind: 'enabled', hint: selection ? c.placeHint(selection) : c.placeHintNoSelection };

  const placeError = problem && (problem.kind === 'no-deployment' ? c.noDeploymentFor : describeChatError(problem.error, i18n));

  return (
    <>
      {placeError && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{placeError}</MessageBarBody>
        </MessageBar>
      )}
      <ChatView
        controller={chat.controller} place={place}
        // Fire and forget: placing keeps its failure in its state, told above.
        onPlace={(query) => void answers.place(query, deploymentId)}
      />
    </>
  );
}
