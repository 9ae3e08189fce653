import { addressOf } from './selection';
import type { EditState } from './editing';
import { editorCommand, type EditorCommand } from './keyboard';
import { HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT, type ColumnLayout } from './viewport';

/**
 * The in-cell editor, laid over the cell being edited (it stays while the grid scrolls its rows away).
 * It widens with its text, as Excel's does.
 */
export function CellEditor({ edit, layout, onChange, onCommand, onBlur }: {
  edit: EditState;
  layout: ColumnLayout;
  onChange(text: string): void;
  onCommand(command: EditorCommand): void;
  onBlur(): void;
}) {
  return (
    <input
      className="cell-editor"
      aria-label={`Edit cell ${addressOf(edit.row, edit.column)}`}
      value={edit.text}
      spellCheck={false}
      autoComplete="off"
      autoFocus
      ref={(input) => {
        // The caret goes to the end when the editor opens.
        if (input && input.dataset.opened !== 'true') {
          input.dataset.opened = 'true';
          input.setSelectionRange(input.value.length, input.value.length);
        }
      }}
      style={{
        top: HEADER_HEIGHT + edit.row * ROW_HEIGHT,
        left: ROW_HEADER_WIDTH + layout.left(edit.column),
        height: ROW_HEIGHT,
        width: `max(${layout.width(edit.column)}px, ${edit.text.length + 2}ch)`,
      }}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        const command = editorCommand(event, edit.mode);
        if (!command) return;
        event.preventDefault();
        onCommand(command);
      }}
      onBlur={onBlur}
    />
  );
}
