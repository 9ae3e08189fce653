import { useEffect, useReducer } from 'react';
import { columnLetters, rectAddress } from '../core/a1';
import { formatCellValue } from './excel-host/workbook/number-format';
import type { WorkbookModel } from './excel-host/workbook/workbook-model';
import { keyCell } from './excel-host/workbook/workbook-model';

const MIN_ROWS = 40;
const MIN_COLUMNS = 12;
const MAX_RENDERED_ROWS = 300;

/** The simulated workbook as a person sees it: sheet tabs, a grid of the active sheet, a selectable cell. */
export function WorkbookGrid({ model }: { model: WorkbookModel }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => model.onChange(rerender), [model]);

  const sheet = model.sheetById(model.activeSheetId)!;
  let usedRows = 0;
  let usedColumns = 0;
  for (const key of sheet.cells.keys()) {
    const { row, column } = keyCell(key);
    usedRows = Math.max(usedRows, row + 1);
    usedColumns = Math.max(usedColumns, column + 1);
  }
  const rows = Math.min(MAX_RENDERED_ROWS, Math.max(MIN_ROWS, usedRows + 5));
  const columns = Math.max(MIN_COLUMNS, usedColumns + 2);
  const selection = model.selection;

  const select = (row: number, column: number) => {
    model.select({ top: row, left: column, bottom: row, right: column });
    model.notify();
  };

  return (
    <div className="workbook">
      <div className="name-box" aria-label="Selected cell" data-testid="selection">{`${sheet.name}!${rectAddress(selection)}`}</div>
      <div className="grid-scroll">
        <table className="grid" aria-label={`Sheet ${sheet.name}`}>
          <thead>
            <tr>
              <th />
              {Array.from({ length: columns }, (_, c) => <th key={c} scope="col">{columnLetters(c)}</th>)}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, r) => (
              <tr key={r}>
                <th scope="row">{r + 1}</th>
                {Array.from({ length: columns }, (_, c) => {
                  const cell = model.cellAt(sheet, r, c);
                  const selected = r >= selection.top && r <= selection.bottom && c >= selection.left && c <= selection.right;
                  const address = rectAddress({ top: r, left: c, bottom: r, right: c });
                  return (
                    <td
                      key={c}
                      data-cell={address}
                      className={[selected ? 'selected' : '', typeof cell?.value === 'number' ? 'number' : ''].join(' ')}
                      onClick={() => select(r, c)}
                      title={cell?.formula ?? undefined}
                    >
                      {cell ? (cell.formula ? cell.formula : formatCellValue(cell.value, cell.numberFormat)) : ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="tabs" role="tablist" aria-label="Sheets">
        {model.sheets.map((s) => (
          <button
            key={s.id}
            role="tab"
            aria-selected={s.id === model.activeSheetId}
            onClick={() => {
              model.select({ top: 0, left: 0, bottom: 0, right: 0 }, s.id);
              model.notify();
            }}
          >
            {s.name}
          </button>
        ))}
        <button
          aria-label="Add sheet"
          onClick={() => {
            model.select({ top: 0, left: 0, bottom: 0, right: 0 }, model.addSheet().id);
            model.notify();
          }}
        >
          +
        </button>
      </div>
    </div>
  );
}
