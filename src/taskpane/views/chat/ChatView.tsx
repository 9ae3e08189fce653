import {
  Button, Caption1, Dropdown, Field, MessageBar, MessageBarActions, MessageBarBody, Option, Spinner, Subtitle2, makeStyles, tokens,
} from '@fluentui/react-components';
import { memo, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { CubeQuery } from '../../../contract';
import { turns } from '../../../core/chat-conversation';
import type { ChatController } from '../../../chat/chat-controller';
import type { ChatThreadEntry } from '../../../chat/chat-settings';
import { useI18n } from '../../i18n';
import { useChatWords } from '../../i18n/chat-catalog';
import { ChatComposer } from './ChatComposer';
import { ChatTurnView, type PlaceAbility } from './ChatTurnView';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  threads: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  threadPicker: { flexGrow: 1, minWidth: 0 },
  // Fluent's dropdown is 250 px at least: in a narrow pane it would run under the New conversation button.
  threadDropdown: { minWidth: 0, width: '100%' },
  log: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

export interface ChatViewProps {
  controller: ChatController;
  place: PlaceAbility;
  onPlace(query: CubeQuery): void;
}

/**
 * The agent chat: the user's conversations, the one open (questions, the tool calls the agent made, its answers
 * streaming in), and the question box. It renders the controller's state and asks the controller for everything.
 */
export function ChatView({ controller, place, onPlace }: ChatViewProps) {
  const styles = useStyles();
  const { number } = useI18n();
  const c = useChatWords();
  const subscribe = useCallback((listener: () => void) => controller.subscribe(listener), [controller]);
  const getState = useCallback(() => controller.getState(), [controller]);
  const state = useSyncExternalStore(subscribe, getState);
  const streaming = state.phase === 'streaming' || state.phase === 'stopping';
  const all = turns(state.conversation);
  const logEnd = useRef<HTMLDivElement>(null);
  // Fire and forget (these three and the thread choices below): the controller shows each turn's progress and failure in the conversation.
  const retry = useCallback(() => void controller.retry(), [controller]);
  // Fire and forget: as above.
  const ask = useCallback((text: string) => void controller.ask(text), [controller]);
  // Fire and forget: as above.
  const stop = useCallback(() => void controller.stop(), [controller]);

  // A new question, and its finished answer, are brought into view (not every streamed word: each scroll is a
  // layout). In the next frame, with its own layout, not forced at once while the question is being sent.
  useEffect(() => {
    const frame = requestAnimationFrame(() => logEnd.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [all.length, streaming]);

  return (
    <section className={styles.column} aria-labelledby="chat-heading">
      <Subtitle2 as="h2" id="chat-heading">{c.heading}</Subtitle2>
      <ThreadPicker controller={controller} threads={state.threads} chatId={state.chatId} streaming={streaming} />
      {state.error && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>{state.error}</MessageBarBody>
        </MessageBar>
      )}
      {state.agentProblems.map((problem, i) => (
        <MessageBar key={i} intent="warning" layout="multiline" data-testid="agent-problem">
          <MessageBarBody>{c.agentProblem(problem)}</MessageBarBody>
        </MessageBar>
      ))}
      {state.unreadableLines > 0 && (
        <MessageBar intent="warning" data-testid="unreadable-lines">
          <MessageBarBody>{c.unreadable(number(state.unreadableLines))}</MessageBarBody>
          {!streaming && (
            <MessageBarActions>
              {/* Fire and forget: the controller shows reading the thread back, and its failure, in the conversation. */}
              <Button onClick={() => state.chatId && void controller.openThread(state.chatId)}>{c.tryAgain}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}

      {state.phase === 'loading' && <Spinner size="tiny" label={c.loadingConversation} />}
      {/* The answer streams word by word: the log is busy until it is whole, then read out once. */}
      <div className={styles.log} role="log" aria-label={c.conversationLog} aria-busy={streaming}>
        {all.map((turn, i) => (
          <ChatTurnView
            key={turn.id}
            turn={turn}
            last={i === all.length - 1}
            streaming={streaming}
            stopped={state.stopped}
            place={place}
            onPlace={onPlace}
            onRetry={retry}
          />
        ))}
        <div ref={logEnd} />
      </div>
      <div role="status" className={styles.hidden}>{streaming ? c.answering : all.length ? c.answered : ''}</div>

      <ChatComposer
        streaming={streaming}
        stopping={state.phase === 'stopping'}
        disabled={state.phase === 'loading'}
        onSend={ask}
        onStop={stop}
      />
    </section>
  );
}

interface ThreadPickerProps {
  controller: ChatController;
  threads: ChatThreadEntry[];
  chatId: string | null;
  streaming: boolean;
}

/** The user's conversations with the agent, and a new one. Not drawn again for each streamed word. */
const ThreadPicker = memo(function ThreadPicker({ controller, threads, chatId, streaming }: ThreadPickerProps) {
  const styles = useStyles();
  const c = useChatWords();
  const selected = chatId ?? '';
  const titleOf = (id: string) => threads.find((t) => t.chatId === id)?.title || c.untitled;
  return (
    <>
      <div className={styles.threads}>
        <Field label={c.conversation} className={styles.threadPicker}>
          <Dropdown
            className={styles.threadDropdown}
            value={selected ? titleOf(selected) : c.untitled}
            selectedOptions={selected ? [selected] : []}
            disabled={streaming || threads.length === 0}
            placeholder={c.noConversations}
            // Fire and forget: the controller shows reading the thread back, and its failure, in the conversation.
            onOptionSelect={(_, data) => data.optionValue && data.optionValue !== selected && void controller.openThread(data.optionValue)}
          >
            {threads.map((thread) => (
              <Option key={thread.chatId} value={thread.chatId}>{thread.title || c.untitled}</Option>
            ))}
          </Dropdown>
        </Field>
        <Button disabled={streaming || !chatId} onClick={() => controller.newThread()}>{c.newConversation}</Button>
      </div>
      {threads.length === 0 && !chatId && <Caption1>{c.noConversations}</Caption1>}
    </>
  );
});
