import { Button, Caption1, Text, makeStyles, mergeClasses, tokens, useId } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DismissRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { BuilderAxis } from '../../../core/exploration';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { canDrop, dropIndex, readDrag, startDrag, type DragPayload } from './dnd';

const useStyles = makeStyles({
  zone: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalXS, borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
  },
  over: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalXXS,
    borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  dropBefore: { boxShadow: `0 -3px 0 0 ${tokens.colorBrandStroke1}` },
  dropAtEnd: { boxShadow: `0 3px 0 0 ${tokens.colorBrandStroke1}` },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, cursor: 'grab' },
  grip: { display: 'flex', color: tokens.colorNeutralForeground3, flexShrink: 0 },
  title: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  body: { paddingInlineStart: tokens.spacingHorizontalL, paddingBlockEnd: tokens.spacingVerticalXS },
  empty: { color: tokens.colorNeutralForeground2 },
});

export interface AxisItem {
  /** The member as on the axis (`cube.member.granularity` for a grouped time member). */
  name: string;
  label: string;
  kind: 'measure' | 'dimension' | null;
}

export interface AxisListProps {
  axis: BuilderAxis;
  items: AxisItem[];
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
  removeLabel(item: AxisItem): string;
  /** A member of the list or an item of another axis was dropped here, to go at `index`. */
  onDropMember(payload: DragPayload, index: number): void;
  /** What an item shows under its title (a granularity, a filter's condition). */
  renderBody?(item: AxisItem, index: number): ReactNode;
}

type Control = 'up' | 'down' | 'remove';

/**
 * One axis (Rows, Columns, Measures, Filters): its items in order, each with Move up, Move down and Remove,
 * and a drop zone for members dragged from the list or from another axis. Focus follows the item moved, or
 * goes to its neighbour when one is removed.
 */
export function AxisList({ axis, items, onMove, onRemove, removeLabel, onDropMember, renderBody }: AxisListProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const headingId = useId(`axis-${axis}`);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfter = useRef<{ index: number; control: Control } | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const signature = items.map((item) => item.name).join('\n');
  // Stable keys (a member may be filtered twice): its name and how often it came before.
  const keys = items.map((item, index) => `${item.name}#${items.slice(0, index).filter((other) => other.name === item.name).length}`);

  useEffect(() => {
    const request = focusAfter.current;
    if (!request) return;
    focusAfter.current = null;
    const rows = listRef.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    const row = rows[Math.min(request.index, rows.length - 1)];
    if (!row) {
      headingRef.current?.focus();
      return;
    }
    const order: Control[] = request.control === 'up' ? ['up', 'down', 'remove'] : request.control === 'down' ? ['down', 'up', 'remove'] : ['remove'];
    for (const control of order) {
      const button = row.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [signature]);

  const move = (from: number, to: number, control: Control) => {
    focusAfter.current = { index: to, control };
    onMove(from, to);
  };
  const remove = (index: number) => {
    focusAfter.current = { index, control: 'remove' };
    onRemove(index);
  };

  const onDragOver = (event: DragEvent) => {
    if (!canDrop(event, axis)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(dropIndex(event, items.length));
  };
  const onDrop = (event: DragEvent) => {
    setOver(null);
    if (!canDrop(event, axis)) return;
    event.preventDefault();
    const payload = readDrag(event);
    if (!payload) return;
    const at = dropIndex(event, items.length);
    if (payload.from?.axis === axis) {
      const to = at > payload.from.index ? at - 1 : at;
      if (to !== payload.from.index) onMove(payload.from.index, to);
      return;
    }
    onDropMember(payload, at);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
  };

  return (
    <div
      className={mergeClasses(styles.zone, over !== null && styles.over)}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <h4 className={styles.heading} id={headingId} ref={headingRef} tabIndex={-1}>{b.axes[axis]}</h4>
      <ul className={styles.list} data-axis={axis} aria-labelledby={headingId} ref={listRef}>
        {items.map((item, index) => (
          <li
            key={keys[index]}
            data-member={item.name}
            data-index={index}
            className={mergeClasses(styles.item, over === index && styles.dropBefore, over === items.length && index === items.length - 1 && styles.dropAtEnd)}
          >
            <div
              className={styles.row}
              draggable
              onDragStart={(event) => startDrag(event, { member: item.name, kind: item.kind, from: { axis, index } })}
              onDragEnd={() => setOver(null)}
            >
              <span className={styles.grip} aria-hidden="true"><ReOrderDotsVerticalRegular /></span>
              <Text className={styles.title}>{item.label}</Text>
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowUpRegular />}
                aria-label={b.moveUp(item.label)}
                data-control="up"
                disabled={index === 0}
                onClick={() => move(index, index - 1, 'up')}
              />
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowDownRegular />}
                aria-label={b.moveDown(item.label)}
                data-control="down"
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1, 'down')}
              />
              <Button
                size="small"
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={removeLabel(item)}
                data-control="remove"
                onClick={() => remove(index)}
              />
            </div>
            {renderBody && <div className={styles.body}>{renderBody(item, index)}</div>}
          </li>
        ))}
      </ul>
      {items.length === 0 && <Caption1 className={styles.empty}>{b.emptyAxis}</Caption1>}
    </div>
  );
}
