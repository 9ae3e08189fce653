import type { Granularity } from '../contract';
import {
  applySegment, placeMember, removeFilter, removeMember, reorder, setGranularity, replaceFilter, type BuilderAxis, type Exploration, type ExplorationDisplay,
} from '../core/exploration';
import { defaultFilter, type ExplorationFilter } from '../core/exploration-filters';
import type { CatalogMember } from '../core/member-catalog';
import type { BuilderActions } from './builder-model';
import type { ChangeGesture } from './exploration-runs';

/** The view's intents that edit the exploration's definition: its axes, filters, segments, order, limit and display options. */
export type DefinitionEdits = Pick<BuilderActions,
  'add' | 'remove' | 'reorder' | 'setGranularity' | 'setFilter' | 'removeFilter' | 'applySegment' | 'setOrder' | 'setLimit' | 'setDisplay'>;

/**
 * What each editing intent does to the exploration, worked out from the exploration as it is now. The builder
 * hands each result to `change`, which keeps it in the draft and, with auto-run, runs it.
 */
export class ExplorationEditing implements DefinitionEdits {
  constructor(
    /** The exploration as it is now (the builder's state). */
    private readonly exploration: () => Exploration,
    /** A member of the model by name (every cube's and view's), if the model has it. */
    private readonly memberOf: (member: string) => CatalogMember | undefined,
    /** Keeps the changed exploration and runs it: at once for a choice, once typing pauses for typing. */
    private readonly change: (exploration: Exploration, gesture?: ChangeGesture) => void,
  ) {}

  add(member: string, axis: BuilderAxis, index?: number): void {
    const info = this.memberOf(member);
    if (!info) return;
    this.change(placeMember(this.exploration(), info, axis, index, axis === 'filters' ? defaultFilter(member, info.type) : undefined));
  }

  remove(member: string): void {
    this.change(removeMember(this.exploration(), member));
  }

  reorder(axis: BuilderAxis, from: number, to: number): void {
    this.change(reorder(this.exploration(), axis, from, to));
  }

  setGranularity(member: string, granularity: Granularity): void {
    this.change(setGranularity(this.exploration(), member, granularity));
  }

  setFilter(index: number, filter: ExplorationFilter, gesture?: ChangeGesture): void {
    this.change(replaceFilter(this.exploration(), index, filter), gesture);
  }

  removeFilter(index: number): void {
    this.change(removeFilter(this.exploration(), index));
  }

  applySegment(segment: string, applied: boolean): void {
    this.change(applySegment(this.exploration(), segment, applied));
  }

  setOrder(order: Exploration['order']): void {
    this.change({ ...this.exploration(), order });
  }

  setLimit(limit: number | null, gesture?: ChangeGesture): void {
    this.change({ ...this.exploration(), limit: limit !== null && Number.isInteger(limit) && limit > 0 ? limit : null }, gesture);
  }

  setDisplay(display: Partial<ExplorationDisplay>): void {
    const exploration = this.exploration();
    this.change({ ...exploration, display: { ...exploration.display, ...display } });
  }
}
