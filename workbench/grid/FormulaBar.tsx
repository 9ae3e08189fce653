/**
 * The bars above the grid, as Excel's: the name box (the selection's address), the formula bar (the active cell's
 * formula or value, or the text being typed in it), and a line for the active cell's error message. Excel shows an
 * add-in function's error message in the menu of the cell's error indicator
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors); here it is a line under the bar.
 */
export function FormulaBar({ address, text, cellMessage }: { address: string; text: string; cellMessage: string }) {
  return (
    <>
      <div className="bar">
        <div className="name-box" aria-label="Selected cell" data-testid="selection" role="status">
          {address}
        </div>
        <input className="formula-bar" aria-label="Formula bar" readOnly value={text} />
      </div>
      <div className="cell-message" data-testid="cell-message" role="status" aria-label="Message of the selected cell" style={cellMessage ? { padding: '2px 8px', borderBottom: '1px solid #d1d1d1', color: '#a4262c' } : undefined}>
        {cellMessage}
      </div>
    </>
  );
}
