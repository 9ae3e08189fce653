import type { BuilderState } from '../../../builder/builder-model';
import { reportTitle } from '../../../core/report-definition';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { QuestionBar } from '../QuestionBar';

export interface CloseQuestionProps {
  state: Pick<BuilderState, 'opened' | 'hasCells' | 'resultLocation'>;
  /** Closes, dropping the changes (`clearCells`: an unsaved draft's cells are emptied too). */
  onDiscard(clearCells: boolean): void;
  onKeepEditing(): void;
}

/**
 * Close with unsaved changes asks first. "Keep editing" is the default (primary and focused, so Enter loses
 * nothing); discarding is the other, secondary choice: an opened report's changes (its saved result goes back
 * into its cells), or an unsaved exploration, whose cells stay as plain cells or are cleared.
 */
export function CloseQuestion({ state, onDiscard, onKeepEditing }: CloseQuestionProps) {
  const b = useBuilderWords();
  const { opened } = state;
  const draftCells = !opened && state.hasCells;
  const answers = draftCells
    ? [{ label: b.discardKeepCells, onClick: () => onDiscard(false) }, { label: b.discardClearCells, onClick: () => onDiscard(true) }]
    : [{ label: b.discardChanges, onClick: () => onDiscard(false) }];
  const body = opened ? b.closeOpened(reportTitle(opened.report)) : draftCells ? b.closeDraft(state.resultLocation ?? '…') : b.closeNothingWritten;
  return (
    <QuestionBar intent="warning" title={b.closeTitle} answers={answers} cancelLabel={b.keepEditing} onCancel={onKeepEditing}>
      {body}
    </QuestionBar>
  );
}
