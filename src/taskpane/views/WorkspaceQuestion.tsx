import { useState } from 'react';
import { sheetAddress } from '../../core/a1';
import type { RoomHow } from '../../placements/make-room';
import type { WorkbookPlacement } from '../../placements/placement-service';
import type { PaneQuestion } from '../../pane/pane-state';
import { useI18n } from '../i18n';
import { convertWordsOf } from '../i18n/convert-words';
import { QuestionBar, type QuestionAnswer } from './QuestionBar';

export interface WorkspaceQuestionProps {
  question: PaneQuestion;
  /** The placement's report title, for the disconnect question. */
  title: string;
  onDisconnect(entry: WorkbookPlacement, clearCells: boolean): void;
  /** Convert the placement to RS.VALUE formulas (the user said yes). */
  onConvert?(entry: WorkbookPlacement): void;
  /** Overwrite the foreign cells. */
  onOverwrite(): void;
  /** Insert rows (whole, or cells within the result's columns), then write. */
  onMakeRoom(how: RoomHow): void;
  /** Move the placement to the selection (a new placement: place it there). */
  onMove(): void;
  /** Overwrite the hand edits. */
  onOverwriteHandEdits(): void;
  /** Select the hand-edited cells. */
  onLocate(): void;
  onCancel(): void;
  /** The selection's address, shown while the user picks where to move a placement. */
  selection?: string | null;
}

/** The open question with its answers: disconnect (clear the cells or keep them), overwrite, hand edits. */
export function WorkspaceQuestion(props: WorkspaceQuestionProps) {
  const { question, title, onDisconnect, onCancel, selection } = props;
  const { m } = useI18n();
  // The overwrite question's second step (insert rows, or move), for this question only.
  const [step, setStep] = useState<{ of: PaneQuestion; step: 'insert' | 'move' } | null>(null);
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
    case 'convert': {
      const words = convertWordsOf(m);
      const { entry } = question;
      // No answer is primary: Cancel is the default, so Enter converts nothing.
      return (
        <QuestionBar
          intent="warning" title={words.questionTitle(title)} answers={[{ label: words.convert, onClick: () => props.onConvert?.(entry) }]}
          cancelLabel={m.cancel} onCancel={onCancel}
        >
          {words.questionBody(entry.location ? sheetAddress(entry.location.sheetName, entry.location.rect) : entry.placement.resultLocation)}
        </QuestionBar>
      );
    }
    case 'overwrite': {
      const { insertWays, canMove } = question;
      if (current === 'insert' && insertWays.length) {
        const answers: QuestionAnswer[] = [];
        if (insertWays.includes('rows')) answers.push({ label: m.insertWholeRows, onClick: () => props.onMakeRoom('rows'), primary: true });
        if (insertWays.includes('cells')) answers.push({ label: m.shiftCellsDown, onClick: () => props.onMakeRoom('cells'), primary: !insertWays.includes('rows') });
        return (
          <QuestionBar intent="info" title={m.insertRowsForRoom} answers={answers} cancelLabel={m.cancel} onCancel={onCancel}>
            {m.insertRowsBody}
          </QuestionBar>
        );
      }
      if (current === 'move' && canMove) {
        return (
          <QuestionBar intent="info" title={m.moveTitle} answers={[{ label: m.moveHere, onClick: props.onMove, primary: true }]} cancelLabel={m.cancel} onCancel={onCancel}>
            {m.moveBody}
            {selection && <> <span data-testid="move-target">{m.moveSelected(selection)}</span></>}
          </QuestionBar>
        );
      }
      const answers: QuestionAnswer[] = [{ label: m.overwrite, onClick: props.onOverwrite }];
      if (insertWays.length) answers.push({ label: m.insertRowsForRoom, onClick: () => setStep({ of: question, step: 'insert' }) });
      if (canMove) answers.push({ label: m.movePlacement, onClick: () => setStep({ of: question, step: 'move' }) });
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
          answers={[{ label: m.locate, onClick: props.onLocate, primary: true }, { label: m.refreshAnyway, onClick: props.onOverwriteHandEdits }]}
          cancelLabel={m.cancel}
          onCancel={onCancel}
        >
          {m.handEditsBody(list(question.rows, 8), question.rows.length, list(question.cells, 6))}
        </QuestionBar>
      );
  }
}
