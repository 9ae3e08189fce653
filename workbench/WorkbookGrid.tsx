import { Button, FluentProvider, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, webLightTheme } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Rect } from '../src/core/a1';
import { entryFromFormula } from './excel-host/workbook/coercion';
import type { CellData, WorkbookModel } from './excel-host/workbook/workbook-model';
import { addSheet, attempt, clearContents, commitEdit, editable, fillSelection, renameSheet, runMenuAction, select, type GridMessage } from './grid/actions';
import { CellEditor } from './grid/CellEditor';
import { menuItems, selectionForTarget, type MenuAction, type MenuTarget } from './grid/context-menu';
import { editText, startEdit, type EditState } from './grid/editing';
import { GridMenu, type MenuAnchor } from './grid/GridMenu';
import { FillHandle } from './grid/FillHandle';
import { FormulaBar } from './grid/FormulaBar';
import { cellId, GridTable } from './grid/GridTable';
import { gridCommand, type EditorCommand, type GridCommand } from './grid/keyboard';
import { navigate, type NavigationContext } from './grid/navigation';
import { activeCell, cellSelection, extendTo, headerSelection, reconcile, revealCell, selectionAddress, selectionRect, wholeSheet, type GridSelection } from './grid/selection';
import { SheetTabs } from './grid/SheetTabs';
import { useScrollViewport } from './grid/useScrollViewport';
import {
  axisWindow, ColumnLayout, columnExtent, HEADER_HEIGHT, pageRows, revealOffset, revealSpan, ROW_HEADER_WIDTH, ROW_HEIGHT, rowExtent, selectionBox, usedExtent,
} from './grid/viewport';

/**
 * The emulated workbook as a person uses it: name box and formula bar, a grid of the active sheet that renders
 * only the rows and columns in view, sheet tabs, context menus and a message bar for what the workbook refused.
 * Decisions live in ./grid (plain modules); this component wires them to the model and the page.
 */
export function WorkbookGrid({ model }: { model: WorkbookModel }) {
  // `version` counts changes of the workbook's content (rows render again); the grid's own selection changes
  // only render the frame, headers and the rows whose selection changed.
  const [version, contentChanged] = useReducer((n: number) => n + 1, 0);
  const [, selectionChanged] = useReducer((n: number) => n + 1, 0);
  const selecting = useRef(false);
  useEffect(() => model.onChange(() => (selecting.current ? selectionChanged() : contentChanged())), [model]);
  const [local, setLocal] = useState<GridSelection>();
  const [dragging, setDragging] = useState<GridSelection | null>(null);
  const [edit, setEdit] = useState<EditState | null>(null);
  const [menu, setMenu] = useState<{ target: MenuTarget; anchor: MenuAnchor } | null>(null);
  const [message, setMessage] = useState<GridMessage | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const { ref: scrollRef, viewport } = useScrollViewport<HTMLDivElement>();
  const tableRef = useRef<HTMLTableElement>(null);
  const editRef = useRef<EditState | null>(null);
  const dragRef = useRef<GridSelection | null>(null);
  /** Each sheet's selection, restored when its tab is clicked again (Excel keeps one per sheet). */
  const sheetSelections = useRef(new Map<string, Rect>());
  editRef.current = edit;
  // Excel's Edit mode: while a cell is being typed in, the host refuses the add-in's writes.
  useEffect(() => {
    model.editingCell = edit !== null;
  }, [edit, model]);

  const sheet = model.sheetById(model.activeSheetId)!;
  const committed = reconcile(local, model.selection);
  const shown = dragging ?? committed;
  const active = activeCell(shown);
  const reveal = revealCell(shown);
  // The used range is counted when the workbook changes, not on every scroll frame.
  const used = useMemo(() => (version >= 0 ? usedExtent(sheet.cells.keys()) : { rows: 0, columns: 0 }), [sheet.cells, version]);
  const rowCount = rowExtent(used.rows, reveal.row ?? active.row, Math.ceil((viewport.top + viewport.height) / ROW_HEIGHT));
  // Columns are drawn at the workbook's widths (autofit, say), which change with its content.
  const layout = useMemo(() => (version >= 0 ? new ColumnLayout(sheet.columnWidths) : new ColumnLayout()), [sheet.columnWidths, version]);
  const columnCount = columnExtent(used.columns, reveal.column ?? active.column, layout.columnAt(viewport.left + viewport.width) + 1);
  const rows = { ...axisWindow(viewport.top, viewport.height, ROW_HEIGHT, rowCount), count: rowCount };
  const columns = { ...layout.window(viewport.left, viewport.width, columnCount), count: columnCount };
  const navigation: NavigationContext = {
    filled: (row, column) => {
      const cell = model.cellAt(sheet, row, column);
      return Boolean(cell && (cell.value !== '' || cell.formula));
    },
    used,
    pageRows: pageRows(viewport.height),
  };

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (reveal.row !== null) element.scrollTop = revealOffset(element.scrollTop, element.clientHeight, reveal.row, ROW_HEIGHT, HEADER_HEIGHT);
    if (reveal.column !== null) element.scrollLeft = revealSpan(element.scrollLeft, element.clientWidth, layout.left(reveal.column), layout.width(reveal.column), ROW_HEADER_WIDTH);
  }, [reveal.row, reveal.column, sheet.id, scrollRef, layout]);

  /** The cell as a person reads it: its formula with add-in functions in the workbench's language. */
  const shownCell = (cell: CellData | undefined) => (cell?.formula ? { ...cell, formula: model.calculation.localFormula(cell.formula) } : cell);

  const report = (result: GridMessage | null) => {
    if (result) setMessage(result);
  };
  const focusGrid = () => tableRef.current?.focus({ preventScroll: true });
  const commitSelection = (next: GridSelection) => {
    setLocal(next);
    selecting.current = true;
    try {
      report(attempt(() => select(model, next)));
    } finally {
      selecting.current = false;
    }
  };

  /** Ends the edit: commits (moving as Enter or Tab say), cancels, or switches between Enter and Edit mode. */
  const finishEdit = (command: EditorCommand | null) => {
    const current = editRef.current;
    if (!current) return;
    if (command?.type === 'mode') return setEdit({ ...current, mode: command.mode });
    editRef.current = null;
    setEdit(null);
    if (command?.type !== 'cancel') report(attempt(() => commitEdit(model, current, entryFromFormula)));
    if (command?.type === 'commit') {
      const move: GridCommand = { type: 'move', rows: command.rows, columns: command.columns, extend: false, jump: false, within: true };
      const next = navigate(committed, move, navigation);
      if (next) commitSelection(next);
    }
    if (command) focusGrid();
  };
  // An edit left on a sheet the add-in switched away from is committed there.
  useEffect(() => {
    if (edit && edit.sheetId !== model.activeSheetId) finishEdit(null);
  });

  const beginEdit = (replaceWith?: string) => {
    const refused = attempt(() => editable(model));
    if (refused) return setMessage(refused);
    setEdit(startEdit(sheet.id, active.row, active.column, shownCell(model.cellAt(sheet, active.row, active.column)), replaceWith));
  };

  const startDrag = (next: GridSelection) => {
    finishEdit(null);
    focusGrid();
    if (!dragRef.current) {
      window.addEventListener('mouseup', () => {
        const selection = dragRef.current;
        dragRef.current = null;
        setDragging(null);
        if (selection) commitSelection(selection);
      }, { once: true });
    }
    dragRef.current = next;
    setDragging(next);
  };

  const selectFromHeader = (next: GridSelection) => {
    finishEdit(null);
    focusGrid();
    commitSelection(next);
  };

  const openMenu = (target: MenuTarget, anchor: MenuAnchor) => {
    finishEdit(null);
    const selection = selectionForTarget(target, selectionRect(committed));
    if (selection) commitSelection(selection);
    setMenu({ target, anchor });
  };
  const closeMenu = () => {
    if (!menu) return;
    setMenu(null);
    if (menu.target.kind === 'tab') document.querySelector<HTMLElement>('.tabs [aria-selected="true"]')?.focus();
    else focusGrid();
  };
  const runMenu = (action: MenuAction) => {
    const target = menu?.target;
    closeMenu();
    if (action === 'rename-sheet' && target?.kind === 'tab') return setRenaming(target.sheetId);
    report(attempt(() => runMenuAction(model, action, selectionRect(committed), target?.kind === 'tab' ? target.sheetId : undefined)));
  };

  const activateSheet = (sheetId: string) => {
    finishEdit(null);
    if (sheetId === model.activeSheetId) return;
    sheetSelections.current.set(model.activeSheetId, model.selection);
    const rect = sheetSelections.current.get(sheetId) ?? { top: 0, left: 0, bottom: 0, right: 0 };
    report(attempt(() => {
      model.select(rect, sheetId);
      model.notify();
    }));
  };

  const onGridKey = (event: React.KeyboardEvent<HTMLTableElement>) => {
    const command = gridCommand(event.nativeEvent);
    if (!command) return;
    event.preventDefault();
    const next = navigate(committed, command, navigation);
    if (next) return commitSelection(next);
    switch (command.type) {
      case 'edit': return beginEdit(command.replaceWith);
      case 'clear': return report(attempt(() => clearContents(model, selectionRect(committed))));
      case 'fill': return report(attempt(() => fillSelection(model, selectionRect(committed), command.direction)));
      case 'context-menu': return openMenu({ kind: 'cell', ...active }, document.getElementById(cellId(active.row, active.column)) ?? event.currentTarget);
      case 'leave': return document.querySelector<HTMLElement>('.tabs [aria-selected="true"]')?.focus();
    }
  };

  const rect = selectionRect(shown);
  const box = selectionBox(rect, rowCount, columnCount, layout);
  const activeData = model.cellAt(sheet, active.row, active.column);
  return (
    <FluentProvider theme={webLightTheme} className="workbook">
      <FormulaBar
        address={selectionAddress(sheet.name, rect)}
        text={edit && edit.sheetId === sheet.id ? edit.text : editText(shownCell(activeData))}
        cellMessage={activeData?.error ? activeData.errorMessage ?? '' : ''}
      />
      {message && (
        <MessageBar intent="error" className="message">
          <MessageBarBody>
            <MessageBarTitle>{message.code}</MessageBarTitle>
            {message.message}
          </MessageBarBody>
          <MessageBarActions containerAction={<Button appearance="transparent" aria-label="Dismiss" icon={<DismissRegular />} onClick={() => setMessage(null)} />} />
        </MessageBar>
      )}
      <div className="grid-scroll" ref={scrollRef}>
        <div className="grid-content">
          <GridTable
            model={model}
            sheet={sheet}
            version={version}
            selection={shown}
            rows={rows}
            columns={columns}
            layout={layout}
            tableRef={tableRef}
            onKeyDown={onGridKey}
            onCellDown={(row, column, extend) => startDrag(extend ? extendTo(committed, { row, column }) : cellSelection({ row, column }))}
            onCellEnter={(row, column) => dragRef.current && startDrag(extendTo(dragRef.current, { row, column }))}
            onCellDoubleClick={() => beginEdit()}
            onRowHeader={(row, extend) => selectFromHeader(headerSelection(committed, 'row', row, extend))}
            onColumnHeader={(column, extend) => selectFromHeader(headerSelection(committed, 'column', column, extend))}
            onSelectAll={() => selectFromHeader(wholeSheet())}
            onContextMenu={openMenu}
          />
          <div className="selection-box" aria-hidden="true" style={box} />
          <FillHandle rect={rect} boxOf={(area) => selectionBox(area, rowCount, columnCount, layout)} onFill={(target) => {
            const refused = attempt(() => fillSelection(model, target.rect, target.direction));
            report(refused);
            if (!refused) commitSelection(reconcile(undefined, target.rect));
          }} />
          {edit && edit.sheetId === sheet.id && (
            <CellEditor edit={edit} layout={layout} onChange={(text) => setEdit({ ...edit, text })} onCommand={finishEdit} onBlur={() => finishEdit(null)} />
          )}
        </div>
      </div>
      <SheetTabs
        // Hidden and very hidden sheets have no tab, as in Excel.
        sheets={model.sheets.filter((s) => (s.visibility ?? 'Visible') === 'Visible')}
        activeSheetId={sheet.id}
        renaming={renaming}
        onActivate={activateSheet}
        onAdd={() => {
          report(attempt(() => addSheet(model)));
          focusGrid();
        }}
        onStartRename={setRenaming}
        onRename={(sheetId, name) => {
          const refused = attempt(() => renameSheet(model, sheetId, name));
          report(refused);
          if (!refused) setRenaming(null);
          return !refused;
        }}
        onCancelRename={() => setRenaming(null)}
        onContextMenu={(sheetId, anchor) => openMenu({ kind: 'tab', sheetId }, anchor)}
      />
      {menu && (
        <GridMenu
          items={menuItems(menu.target, selectionRect(committed))}
          anchor={menu.anchor}
          label={menu.target.kind === 'tab' ? 'Sheet' : 'Cells'}
          onAction={runMenu}
          onClose={closeMenu}
        />
      )}
    </FluentProvider>
  );
}
