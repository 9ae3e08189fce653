import { useRef, useState, type KeyboardEvent } from 'react';
import type { SheetModel } from '../excel-host/workbook/workbook-model';
import type { MenuAnchor } from './GridMenu';
import { gridCommand } from './keyboard';

export interface SheetTabsProps {
  sheets: SheetModel[];
  activeSheetId: string;
  /** The tab being renamed in place. */
  renaming: string | null;
  onActivate(sheetId: string): void;
  onAdd(): void;
  onStartRename(sheetId: string): void;
  /** Renames; `false` when the model refused (the tab stays in rename mode). */
  onRename(sheetId: string, name: string): boolean;
  onCancelRename(): void;
  onContextMenu(sheetId: string, anchor: MenuAnchor): void;
}

const tabId = (sheetId: string) => `wb-tab-${sheetId.replace(/[^\w-]/g, '')}`;

/** Sheet tabs: click to activate, double-click or F2 to rename in place, right-click or Shift+F10 for the menu, `+` to add. */
export function SheetTabs(props: SheetTabsProps) {
  const focusTab = (index: number) => {
    const sheet = props.sheets[(index + props.sheets.length) % props.sheets.length]!;
    document.getElementById(tabId(sheet.id))?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, sheet: SheetModel, index: number) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      focusTab(index + (event.key === 'ArrowRight' ? 1 : -1));
    } else if (event.key === 'F2') {
      event.preventDefault();
      props.onStartRename(sheet.id);
    } else if (gridCommand(event)?.type === 'context-menu') {
      event.preventDefault();
      props.onContextMenu(sheet.id, event.currentTarget);
    }
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label="Sheets">
        {props.sheets.map((sheet, index) =>
          props.renaming === sheet.id ? (
            <RenameInput key={sheet.id} name={sheet.name} onDone={(name) => props.onRename(sheet.id, name)} onCancel={props.onCancelRename} />
          ) : (
            <button
              key={sheet.id}
              id={tabId(sheet.id)}
              type="button"
              role="tab"
              aria-selected={sheet.id === props.activeSheetId}
              aria-controls="workbook-grid"
              tabIndex={sheet.id === props.activeSheetId ? 0 : -1}
              onClick={() => props.onActivate(sheet.id)}
              onDoubleClick={() => props.onStartRename(sheet.id)}
              onKeyDown={(event) => onTabKey(event, sheet, index)}
              onContextMenu={(event) => {
                event.preventDefault();
                props.onContextMenu(sheet.id, { x: event.clientX, y: event.clientY });
              }}
            >
              {sheet.name}
            </button>
          ),
        )}
      </div>
      <button type="button" className="add-sheet" aria-label="Add sheet" title="New sheet" onClick={props.onAdd}>
        +
      </button>
    </div>
  );
}

/** Enter or leaving the field renames; Escape keeps the old name. */
function RenameInput({ name, onDone, onCancel }: { name: string; onDone(name: string): boolean; onCancel(): void }) {
  const [text, setText] = useState(name);
  // Enter and Escape end the rename; the blur that follows when the field goes away must not end it again.
  const ended = useRef(false);
  const end = (rename: boolean) => {
    if (ended.current) return;
    if (!rename) {
      ended.current = true;
      onCancel();
    } else if (onDone(text.trim())) ended.current = true;
  };
  return (
    <input
      className="rename"
      aria-label={`Rename sheet ${name}`}
      value={text}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') end(event.key === 'Enter');
      }}
      onBlur={() => {
        end(true);
        end(false);
      }}
      size={Math.max(8, text.length + 1)}
    />
  );
}
