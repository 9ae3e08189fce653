import { memo, type KeyboardEventHandler, type MouseEvent, type Ref } from 'react';
import { columnLetters } from '../../src/core/a1';
import type { SheetModel, WorkbookModel } from '../excel-host/workbook/workbook-model';
import { cellView } from './cell-view';
import { tableLook } from './table-look';
import type { MenuTarget } from './context-menu';
import type { MenuAnchor } from './GridMenu';
import { activeCell, addressOf, isWholeColumns, isWholeRows, selectionRect, type GridSelection } from './selection';
import { HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT, type AxisWindow, type ColumnLayout } from './viewport';

export interface GridTableProps {
  model: WorkbookModel;
  sheet: SheetModel;
  /** The workbook's change count (rows render again when it changes). */
  version: number;
  selection: GridSelection;
  rows: AxisWindow & { count: number };
  columns: AxisWindow & { count: number };
  /** Where each column is drawn, at the workbook's widths. */
  layout: ColumnLayout;
  tableRef: Ref<HTMLTableElement>;
  onKeyDown: KeyboardEventHandler<HTMLTableElement>;
  onCellDown(row: number, column: number, extend: boolean): void;
  onCellEnter(row: number, column: number): void;
  onCellDoubleClick(row: number, column: number): void;
  onRowHeader(row: number, extend: boolean): void;
  onColumnHeader(column: number, extend: boolean): void;
  onSelectAll(): void;
  onContextMenu(target: MenuTarget, anchor: MenuAnchor): void;
}

export const cellId = (row: number, column: number) => `wb-cell-${row}-${column}`;

const range = (window: AxisWindow) => Array.from({ length: window.end - window.first }, (_, i) => window.first + i);

/** The cell a mouse event happened in (events are handled once for the whole body, not per cell). */
function eventCell(event: MouseEvent): { row: number; column: number } | null {
  const td = (event.target as HTMLElement).closest<HTMLElement>('td[data-row]');
  return td ? { row: Number(td.dataset.row), column: Number(td.dataset.col) } : null;
}

/** The row header a mouse event happened on. */
function eventRowHeader(event: MouseEvent): number | null {
  const button = (event.target as HTMLElement).closest<HTMLElement>('[data-row-header]');
  return button ? Number(button.dataset.rowHeader) : null;
}

/** The visible window of a sheet as a table: sticky headers, spacer rows and columns for what is scrolled past. */
export function GridTable(props: GridTableProps) {
  const { model, sheet, selection, rows, columns } = props;
  const rect = selectionRect(selection);
  const active = activeCell(selection);
  const visibleRows = range(rows);
  const visibleColumns = range(columns);
  const activeShown = active.row >= rows.first && active.row < rows.end && active.column >= columns.first && active.column < columns.end;
  const wholeRows = isWholeRows(rect);
  const wholeColumns = isWholeColumns(rect);
  // Spacer rows span every rendered column.
  const span = 1 + (columns.before > 0 ? 1 : 0) + visibleColumns.length + (columns.after > 0 ? 1 : 0);
  const menu = (target: MenuTarget) => (event: MouseEvent) => {
    event.preventDefault();
    props.onContextMenu(target, { x: event.clientX, y: event.clientY });
  };

  return (
    <table
      ref={props.tableRef}
      className="grid"
      role="grid"
      id="workbook-grid"
      aria-label={`Sheet ${sheet.name}`}
      aria-multiselectable="true"
      aria-rowcount={rows.count + 1}
      aria-colcount={columns.count + 1}
      aria-activedescendant={activeShown ? cellId(active.row, active.column) : undefined}
      tabIndex={0}
      onKeyDown={props.onKeyDown}
      // Shift+F10 and the menu key open the grid's own menu (from onKeyDown), never the browser's.
      onContextMenu={(event) => event.target === event.currentTarget && event.preventDefault()}
      style={{ width: ROW_HEADER_WIDTH + props.layout.left(columns.count) }}
    >
      <colgroup>
        <col style={{ width: ROW_HEADER_WIDTH }} />
        {columns.before > 0 && <col style={{ width: columns.before }} />}
        {visibleColumns.map((c) => <col key={c} style={{ width: props.layout.width(c) }} />)}
        {columns.after > 0 && <col style={{ width: columns.after }} />}
      </colgroup>
      <thead>
        <tr style={{ height: HEADER_HEIGHT }} aria-rowindex={1}>
          <th className="corner">
            <button type="button" tabIndex={-1} aria-label="Select all cells" onMouseDown={(event) => {
              event.preventDefault();
              props.onSelectAll();
            }} />
          </th>
          {columns.before > 0 && <th aria-hidden="true" />}
          {visibleColumns.map((c) => (
            <th key={c} scope="col" aria-colindex={c + 2} className={c >= rect.left && c <= rect.right ? (wholeColumns ? 'in-selection whole' : 'in-selection') : undefined}>
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Column ${columnLetters(c)}`}
                onMouseDown={(event) => {
                  event.preventDefault();
                  if (event.button === 0) props.onColumnHeader(c, event.shiftKey);
                }}
                onContextMenu={menu({ kind: 'column', column: c })}
              >
                {columnLetters(c)}
              </button>
            </th>
          ))}
          {columns.after > 0 && <th aria-hidden="true" />}
        </tr>
      </thead>
      <tbody
        onMouseDown={(event) => {
          const header = eventRowHeader(event);
          if (header !== null) {
            event.preventDefault();
            if (event.button === 0) props.onRowHeader(header, event.shiftKey);
            return;
          }
          const cell = eventCell(event);
          // No text selection while dragging over cells; the grid takes focus itself.
          if (cell && event.button === 0) {
            event.preventDefault();
            props.onCellDown(cell.row, cell.column, event.shiftKey);
          }
        }}
        onMouseOver={(event) => {
          const cell = eventCell(event);
          if (cell && event.buttons === 1) props.onCellEnter(cell.row, cell.column);
        }}
        onDoubleClick={(event) => {
          const cell = eventCell(event);
          if (cell) props.onCellDoubleClick(cell.row, cell.column);
        }}
        onContextMenu={(event) => {
          const header = eventRowHeader(event);
          const cell = eventCell(event);
          if (header !== null) menu({ kind: 'row', row: header })(event);
          else if (cell) menu({ kind: 'cell', ...cell })(event);
        }}
      >
        {rows.before > 0 && <tr aria-hidden="true" className="spacer" style={{ height: rows.before }}><td colSpan={span} /></tr>}
        {visibleRows.map((r) => (
          <GridRow
            key={r}
            model={model}
            sheet={sheet}
            version={props.version}
            row={r}
            first={columns.first}
            end={columns.end}
            spacerBefore={columns.before > 0}
            spacerAfter={columns.after > 0}
            selectedFrom={r >= rect.top && r <= rect.bottom ? rect.left : -1}
            selectedTo={r >= rect.top && r <= rect.bottom ? rect.right : -1}
            wholeRow={wholeRows}
            activeColumn={r === active.row ? active.column : -1}
            layout={props.layout}
          />
        ))}
        {rows.after > 0 && <tr aria-hidden="true" className="spacer" style={{ height: rows.after }}><td colSpan={span} /></tr>}
      </tbody>
    </table>
  );
}

interface GridRowProps {
  model: WorkbookModel;
  sheet: SheetModel;
  /** The workbook's change count: a row renders again when the workbook changed. */
  version: number;
  row: number;
  first: number;
  end: number;
  spacerBefore: boolean;
  spacerAfter: boolean;
  /** Selected columns of this row (-1: none). */
  selectedFrom: number;
  selectedTo: number;
  wholeRow: boolean;
  activeColumn: number;
  layout: ColumnLayout;
}

/** The farthest a text may spill over empty cells to its right (Excel stops at the first non-empty one). */
const MAX_SPILL_COLUMNS = 30;

/** One row; unchanged rows are not rendered again while the grid scrolls (props are plain values). */
const GridRow = memo(function GridRow({ model, sheet, row: r, first, end, spacerBefore, spacerAfter, selectedFrom, selectedTo, wholeRow, activeColumn, layout }: GridRowProps) {
  const selectedRow = selectedFrom >= 0;
  const empty = (c: number) => {
    const value = model.cellAt(sheet, r, c)?.value;
    return value === undefined || value === null || value === '';
  };
  // Left-aligned text longer than its cell runs on over the empty cells to its right, as in Excel; the width it may
  // take is theirs up to the first cell with a value.
  const spillWidth = (c: number): number | null => {
    let next = c + 1;
    while (next < end && next - c <= MAX_SPILL_COLUMNS && empty(next)) next += 1;
    return next > c + 1 ? layout.left(next) - layout.left(c) : null;
  };
  return (
    <tr style={{ height: ROW_HEIGHT }} aria-rowindex={r + 2}>
      <th scope="row" className={selectedRow ? (wholeRow ? 'in-selection whole' : 'in-selection') : undefined}>
        <button type="button" tabIndex={-1} aria-label={`Row ${r + 1}`} data-row-header={r}>
          {r + 1}
        </button>
      </th>
      {spacerBefore && <td aria-hidden="true" className="spacer" />}
      {Array.from({ length: end - first }, (_, i) => {
        const c = first + i;
        const own = cellView(model.cellAt(sheet, r, c));
        const look = tableLook(model, sheet, r, c);
        const view = look ? { ...own, bold: own.bold || Boolean(look.bold), background: own.background ?? look.background, color: own.color ?? look.color } : own;
        const selected = selectedRow && c >= selectedFrom && c <= selectedTo;
        const spill = view.align === 'left' && view.text !== '' ? spillWidth(c) : null;
        return (
          <td
            key={c}
            id={cellId(r, c)}
            data-cell={addressOf(r, c)}
            data-row={r}
            data-col={c}
            aria-colindex={c + 2}
            aria-selected={selected}
            className={[selected ? 'selected' : '', c === activeColumn ? 'active' : '', view.align, view.unevaluated ? 'formula' : '', spill ? 'spills' : ''].join(' ').trim() || undefined}
            style={view.bold || view.background || view.color ? { fontWeight: view.bold ? 700 : undefined, background: view.background, color: view.color } : undefined}
            title={view.message ?? (view.formula && model.calculation.localFormula(view.formula))}
          >
            {spill ? <span className="spill" style={{ width: spill }}>{view.text}</span> : view.text}
          </td>
        );
      })}
      {spacerAfter && <td aria-hidden="true" className="spacer" />}
    </tr>
  );
});
