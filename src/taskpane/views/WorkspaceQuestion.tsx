import type { WorkbookPlacement } from '../../placement/placement-service';
import { useI18n } from '../i18n';
import { QuestionBar } from './QuestionBar';

/** What the pane asks before it goes on; nothing has been written while a question is open. */
export type Question =
  | { kind: 'disconnect'; entry: WorkbookPlacement }
  | { kind: 'overwrite'; target: string; foreignCells: string[]; proceed(): void }
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; proceed(): void; locate(): void };

export interface WorkspaceQuestionProps {
  question: Question;
  /** The placement's report title, for the disconnect question. */
  title: string;
  onDisconnect(entry: WorkbookPlacement, clearCells: boolean): void;
  onCancel(): void;
}

/** The open question with its answers: disconnect (clear the cells or keep them), overwrite, hand edits. */
export function WorkspaceQuestion({ question, title, onDisconnect, onCancel }: WorkspaceQuestionProps) {
  const { m } = useI18n();
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
    case 'overwrite':
      return (
        <QuestionBar
          intent="warning"
          title={m.notEmptyTitle}
          answers={[{ label: m.overwrite, onClick: question.proceed, primary: true }]}
          cancelLabel={m.cancel}
          onCancel={onCancel}
        >
          {m.notEmptyBody(question.target, list(question.foreignCells, 5))}
        </QuestionBar>
      );
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
