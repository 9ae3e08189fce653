import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Rect } from '../../src/core/a1';
import type { FillDirection } from '../excel-host/workbook/fill';

/**
 * The fill handle: "the small green square in the lower-right corner of the selected cell or range", dragged down
 * or right to copy the selection into the cells it is dragged over (Fill data automatically in worksheet cells,
 * https://support.microsoft.com/en-us/office/fill-data-automatically-in-worksheet-cells-74e31bdd-d993-45da-aa82-35a236c5b5db).
 * The dragged-over area shows as a dashed outline; on release the area is filled (fill.ts) and selected. Excel
 * would continue a series (1, 2 → 3, 4); here every drag copies, as Ctrl+D does. Dragging up or left does nothing.
 */

export interface FillTarget {
  rect: Rect;
  direction: FillDirection;
}

/** Where a drag from `rect`'s corner to `cell` fills: down or right, whichever the pointer went further. */
export function fillTarget(rect: Rect, cell: { row: number; column: number }): FillTarget | null {
  const down = cell.row - rect.bottom;
  const right = cell.column - rect.right;
  if (down > 0 && down >= right) return { rect: { ...rect, bottom: cell.row }, direction: 'Down' };
  if (right > 0) return { rect: { ...rect, right: cell.column }, direction: 'Right' };
  return null;
}

/** The grid cell under the pointer (cells carry `data-row`/`data-col`). */
function cellAt(x: number, y: number): { row: number; column: number } | null {
  const td = document.elementFromPoint(x, y)?.closest<HTMLElement>('td[data-row]');
  return td ? { row: Number(td.dataset.row), column: Number(td.dataset.col) } : null;
}

export interface FillHandleProps {
  /** The selection. */
  rect: Rect;
  /** Where an area is drawn over the grid (the selection box's geometry). */
  boxOf(rect: Rect): CSSProperties;
  onFill(target: FillTarget): void;
}

const SIZE = 7;

export function FillHandle({ rect, boxOf, onFill }: FillHandleProps) {
  const [target, setTarget] = useState<FillTarget | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  const box = boxOf(rect) as { top: number; left: number; width: number; height: number };

  const startDrag = (event: React.MouseEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    let latest: FillTarget | null = null;
    const move = (e: MouseEvent) => {
      const cell = cellAt(e.clientX, e.clientY);
      latest = cell ? fillTarget(rect, cell) : latest;
      setTarget(latest);
    };
    const up = () => {
      stop.current?.();
      setTarget(null);
      if (latest) onFill(latest);
    };
    stop.current = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      stop.current = null;
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return (
    <>
      {target && <div className="fill-preview" aria-hidden="true" style={{ ...boxOf(target.rect), position: 'absolute', zIndex: 1, boxSizing: 'border-box', border: '2px dashed #0f6cbd', pointerEvents: 'none' }} />}
      <div
        className="fill-handle"
        // A mouse control, as Excel's is; the keyboard fills with Ctrl+D and Ctrl+R.
        aria-hidden="true"
        title="Drag down or right to fill"
        onMouseDown={startDrag}
        style={{
          position: 'absolute', zIndex: 3, width: SIZE, height: SIZE, boxSizing: 'border-box', background: '#0f6cbd', border: '1px solid #fff', cursor: 'crosshair',
          top: box.top + box.height - SIZE / 2 - 1, left: box.left + box.width - SIZE / 2 - 1,
        }}
      />
    </>
  );
}
