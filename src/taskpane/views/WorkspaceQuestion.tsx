import { useState } from 'react';
import type { RoomHow } from '../../placements/make-room';
import type { WorkbookPlacement } from '../../placements/placement-service';
import { useI18n } from '../i18n';
import { QuestionBar, type QuestionAnswer } from './QuestionBar';

/** What the pane asks before it goes on; nothing has been written while a question is open. */
export type Question =
  | { kind: 'disconnect'; entry: WorkbookPlacement }
  | {
    kind: 'overwrite'; target: string; foreignCells: string[]; proceed(): void;
    /** Room to grow: the ways rows can be inserted (none offered when empty), then the write. */
    insert?: { ways: RoomHow[]; proceed(how: RoomHow): void };
    /** Moves the placement to the selection (a new placement: places it there). */
    move?(): void;
  }
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; proceed(): void; locate(): void };

export interface WorkspaceQuestionProps {
  question: Question;
  /** The placement's report title, for the disconnect question. */
  title: string;
  onDisconnect(entry: WorkbookPlacement, clearCells: boolean): void;
  onCancel(): void;
  /** The selection's address, shown while the user picks where to move a placement. */
  selection?: string | null;
}

/** The open question with its answers: disconnect (clear the cells or keep them), overwrite, hand edits. */
export function WorkspaceQuestion({ question, title, onDisconnect, onCancel, selection }: WorkspaceQuestionProps) {
  const { m } = useI18n();
  // The overwrite question's second step (insert rows, or move), for this question only.
  const [step, setStep] = useState<{ of: Question; step: 'insert' | 'move' } | null>(null);
  const current = step?.of === question ? step.step : null;
  const list = (items: readonly (string | number)[], max: number) => `${items.slice(0, max).join(', ')}${items.length > max ? ` ${m.andMore}` : ''}`;
  switch (question.kind) {
    case 'disconnect':
      return (
        <QuestionBar
          intent="info"
          title={m.disconnectTitle(title)}
          answers={[
            { label: m.disconnectAndClear, onClick: () => onDisconnect(question.entry, true) },
            { label: m.keepCells, onClick: () => onDisconnect(question.entry, false), primary: true },
          ]}
          cancelLabel={m.cancel}
          onCancel={onCancel}
        >
          {m.disconnectBody(question.entry.placement.resultLocation)}
        </QuestionBar>
      );
    case 'overwrite': {
      const { insert, move } = question;
      if (current === 'insert' && insert) {
        const answers: QuestionAnswer[] = [];
        if (insert.ways.includes('rows')) answers.push({ label: m.insertWholeRows, onClick: () => insert.proceed('rows'), primary: true });
        if (insert.ways.includes('cells')) answers.push({ label: m.shiftCellsDown, onClick: () => insert.proceed('cells'), primary: !insert.ways.includes('rows') });
        return (
          <QuestionBar intent="info" title={m.insertRowsForRoom} answers={answers} cancelLabel={m.cancel} onCancel={onCancel}>
            {m.insertRowsBody}
          </QuestionBar>
        );
      }
      if (current === 'move' && move) {
        return (
          <QuestionBar intent="info" title={m.moveTitle} answers={[{ label: m.moveHere, onClick: move, primary: true }]} cancelLabel={m.cancel} onCancel={onCancel}>
            {m.moveBody}
            {selection && <> <span data-testid="move-target">{m.moveSelected(selection)}</span></>}
          </QuestionBar>
        );
      }
      const answers: QuestionAnswer[] = [{ label: m.overwrite, onClick: question.proceed, primary: true }];
      if (insert?.ways.length) answers.push({ label: m.insertRowsForRoom, onClick: () => setStep({ of: question, step: 'insert' }) });
      if (move) answers.push({ label: m.movePlacement, onClick: () => setStep({ of: question, step: 'move' }) });
      return (
        <QuestionBar
          intent="warning"
          title={m.notEmptyTitle}
          answers={answers}
          cancelLabel={m.cancel}
          onCancel={onCancel}
        >
          {m.notEmptyBody(question.target, list(question.foreignCells, 5))}
        </QuestionBar>
      );
    }
    case 'hand-edits':
      return (
        <QuestionBar
          intent="warning"
          title={m.handEditsTitle}
          answers={[{ label: m.locate, onClick: question.locate }, { label: m.refreshAnyway, onClick: question.proceed, primary: true }]}
          cancelLabel={m.cancel}
          onCancel={onCancel}
        >
          {m.handEditsBody(list(question.rows, 8), question.rows.length, list(question.cells, 6))}
        </QuestionBar>
      );
  }
}
