import type { DragEvent } from 'react';
import type { BuilderAxis } from '../../../core/exploration';

/**
 * Drag and drop between the member list and the axis lists (HTML5). Every drag carries what is dragged as
 * JSON; its kind travels in a type too, since only the types can be read while dragging over a list.
 * Drag and drop is a shortcut only: every move it makes is also a button or a menu item.
 */

const PAYLOAD = 'application/x-builder-drag';
const KIND = 'application/x-builder-kind-';

export interface DragPayload {
  /** The member's name as listed or as on its axis (`cube.member.granularity`). */
  member: string;
  kind: 'measure' | 'dimension' | null;
  /** Where an axis item was dragged from; absent for a member of the list. */
  from?: { axis: BuilderAxis; index: number };
}

export function startDrag(event: DragEvent, payload: DragPayload): void {
  event.dataTransfer.setData(PAYLOAD, JSON.stringify(payload));
  event.dataTransfer.setData('text/plain', payload.member);
  if (payload.kind) event.dataTransfer.setData(`${KIND}${payload.kind}`, payload.kind);
  event.dataTransfer.effectAllowed = 'move';
}

/** Whether the drag is one of the builder's, and fits the axis (a measure only on Measures or Filters). */
export function canDrop(event: DragEvent, axis: BuilderAxis): boolean {
  const types = Array.from(event.dataTransfer.types);
  if (!types.includes(PAYLOAD)) return false;
  if (types.includes(`${KIND}measure`)) return axis === 'measures' || axis === 'filters';
  if (types.includes(`${KIND}dimension`)) return axis !== 'measures';
  return true;
}

export function readDrag(event: DragEvent): DragPayload | null {
  try {
    const parsed = JSON.parse(event.dataTransfer.getData(PAYLOAD)) as DragPayload;
    return typeof parsed?.member === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The insertion index a drop at the pointer means: before the item under it, or after it past its middle. */
export function dropIndex(event: DragEvent, count: number): number {
  const item = (event.target as Element | null)?.closest?.('li[data-index]');
  if (!item) return count;
  const index = Number(item.getAttribute('data-index'));
  const box = item.getBoundingClientRect();
  return event.clientY > box.top + box.height / 2 ? index + 1 : index;
}
