import { Button, Caption1, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import { answerQuery, type ChatTurn } from '../../../core/chat-conversation';
import type { CubeQuery } from '../../../contract';
import { useChatWords } from '../../i18n/chat-catalog';
import { ChatMarkdown } from './ChatMarkdown';
import { ToolCallDetails } from './ToolCallDetails';

const useStyles = makeStyles({
  turn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  question: {
    alignSelf: 'flex-end', maxWidth: '90%', backgroundColor: tokens.colorBrandBackground2, borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere',
  },
  answer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  who: { color: tokens.colorNeutralForeground2 },
  place: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground2 },
});

/** Whether and how an answer's query can be placed in the sheet. */
export type PlaceAbility =
  | { kind: 'enabled'; hint: string }
  /** `sheetsAgentChatEnabled` is off: the chat describes only. */
  | { kind: 'describe-only' }
  | { kind: 'blocked'; reason: string };

export interface ChatTurnViewProps {
  turn: ChatTurn;
  /** The last turn: the one that streams, and that "Try again" resends. */
  last: boolean;
  streaming: boolean;
  stopped: boolean;
  place: PlaceAbility;
  onPlace(query: CubeQuery): void;
  onRetry(): void;
}

/**
 * A turn is drawn again only when what it shows changed: as an answer streams, frame by frame, the earlier turns
 * of a long conversation stay as they are (`turns()` makes new objects for all of them on every frame).
 */
export const ChatTurnView = memo(TurnView, (before, after) =>
  before.last === after.last && before.streaming === after.streaming && before.stopped === after.stopped
  && before.place === after.place && before.onPlace === after.onPlace && before.onRetry === after.onRetry && sameTurn(before.turn, after.turn));

function sameTurn(a: ChatTurn, b: ChatTurn): boolean {
  return a.id === b.id && a.question?.content === b.question?.content && a.answer?.content === b.answer?.content
    && a.inProcess === b.inProcess && a.cutOff === b.cutOff && a.toolCalls.length === b.toolCalls.length
    && a.toolCalls.every((call, i) => call === b.toolCalls[i]);
}

/** One question and the agent's reply: its tool calls (collapsible), its answer as it streams, and what can be done with it. */
function TurnView({ turn, last, streaming, stopped, place, onPlace, onRetry }: ChatTurnViewProps) {
  const styles = useStyles();
  const c = useChatWords();
  const query = answerQuery(turn);
  const working = last && streaming;
  const answerText = turn.answer?.content ?? '';
  return (
    <article className={styles.turn} aria-label={turn.question ? `${c.you}: ${turn.question.content.slice(0, 80)}` : c.agent}>
      {turn.question && (
        <div className={styles.question}>
          <Caption1 className={styles.who} block>{c.you}</Caption1>
          <Text>{turn.question.content}</Text>
        </div>
      )}
      <div className={styles.answer} data-testid="chat-answer">
        <Caption1 className={styles.who}>{c.agent}</Caption1>
        {turn.toolCalls.map((call) => <ToolCallDetails key={call.id} call={call} />)}
        {answerText ? <ChatMarkdown source={answerText} /> : working && <Spinner size="extra-tiny" label={c.thinking} labelPosition="after" />}
        {last && stopped && <Caption1 className={styles.hint}>{c.stopped}</Caption1>}
      </div>
      {turn.cutOff && (
        <MessageBar intent="warning" layout="multiline" data-testid="chat-cut-off">
          <MessageBarBody>{c.cutOff}</MessageBarBody>
          {last && (
            <MessageBarActions>
              <Button onClick={onRetry} disabled={streaming}>{c.tryAgain}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {query && !turn.inProcess && !turn.cutOff && !(working) && (
        <div className={styles.place}>
          {place.kind === 'enabled' && (
            <>
              <Button appearance="primary" size="small" onClick={() => onPlace(query)}>{c.placeInSheet}</Button>
              <Caption1 className={styles.hint}>{place.hint}</Caption1>
            </>
          )}
          {place.kind === 'blocked' && (
            <>
              <Button appearance="primary" size="small" disabledFocusable>{c.placeInSheet}</Button>
              <Caption1 className={styles.hint}>{place.reason}</Caption1>
            </>
          )}
          {place.kind === 'describe-only' && <Caption1 className={styles.hint} data-testid="describe-only">{c.describeOnly}</Caption1>}
        </div>
      )}
    </article>
  );
}
