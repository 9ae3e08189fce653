import { Menu, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components';
import type { MenuItem as Item, MenuAction } from './context-menu';

/** Where a context menu opens: the pointer, or an element (Shift+F10 opens it at the active cell or tab). */
export type MenuAnchor = { x: number; y: number } | HTMLElement;

function positioningTarget(anchor: MenuAnchor) {
  if (anchor instanceof HTMLElement) return anchor;
  const { x, y } = anchor;
  return { getBoundingClientRect: () => new DOMRect(x, y, 0, 0) };
}

/** A context menu (Fluent's Menu: arrow keys, Enter, Escape) at a pointer or an element. */
export function GridMenu({ items, anchor, label, onAction, onClose }: {
  items: Item[];
  anchor: MenuAnchor;
  label: string;
  onAction(action: MenuAction): void;
  onClose(): void;
}) {
  return (
    <Menu
      open
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
      positioning={{ target: positioningTarget(anchor), position: 'below', align: 'start' }}
    >
      <MenuPopover>
        <MenuList aria-label={label}>
          {items.map((item) => (
            <MenuItem key={item.action} onClick={() => onAction(item.action)}>
              {item.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
