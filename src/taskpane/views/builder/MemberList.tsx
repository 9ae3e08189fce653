import {
  Badge, Button, Caption1, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, SearchBox, Text, Tooltip,
  makeStyles, mergeClasses, tokens, useId,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { MetaCube } from '../../../contract';
import { axisOf, type BuilderAxis, type Exploration } from '../../../core/exploration';
import { memberGroups, type CatalogMember } from '../../../core/member-catalog';
import { useI18n } from '../../i18n';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { startDrag } from './dnd';
import { memberCaption } from './members';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  groupHeading: { margin: 0, fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, cursor: 'grab' },
  placed: { backgroundColor: tokens.colorNeutralBackground1Selected, borderRadius: tokens.borderRadiusMedium },
  trigger: { flexGrow: 1, minWidth: 0, justifyContent: 'space-between', textAlign: 'start', fontWeight: tokens.fontWeightRegular },
  label: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, alignItems: 'flex-start' },
  title: { overflowWrap: 'anywhere' },
  caption: { color: tokens.colorNeutralForeground2 },
  empty: { color: tokens.colorNeutralForeground2 },
});

export interface MemberListProps {
  cube: MetaCube;
  exploration: Exploration;
  /** Puts a member on an axis (the end of it). */
  onAdd(member: CatalogMember, axis: BuilderAxis): void;
  onRemove(member: CatalogMember): void;
}

/**
 * The view's members, searchable and grouped by the model's folders. Each member is a button that opens its
 * menu (Add to Rows, Columns, Measures, Filters; Remove), and can be dragged onto an axis.
 */
export function MemberList({ cube, exploration, onAdd, onRemove }: MemberListProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => memberGroups(cube, search), [cube, search]);
  const headingBase = useId('member-group');
  const foldered = groups.some((group) => group.folder !== null);

  return (
    <div className={styles.column}>
      <SearchBox aria-label={b.searchMembers} placeholder={b.searchMembers} value={search} onChange={(_, data) => setSearch(data.value)} />
      <div role="status" aria-live="polite">
        {groups.length === 0 && (
          <Caption1 className={styles.empty}>{search.trim() ? b.noMembersMatch(search.trim()) : b.noMembers}</Caption1>
        )}
      </div>
      {groups.map((group, index) => {
        const headingId = `${headingBase}-${index}`;
        return (
          <div key={`${index}:${group.folder ?? ''}`} className={styles.group}>
            {foldered && <h4 id={headingId} className={styles.groupHeading}>{group.folder ?? b.otherMembers}</h4>}
            <ul className={styles.list} {...(foldered ? { 'aria-labelledby': headingId } : { 'aria-label': b.membersList })}>
              {group.members.map((member) => (
                <MemberRow key={member.name} member={member} placedOn={axisOf(exploration, member.name)} onAdd={onAdd} onRemove={onRemove} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

const TARGETS: Record<CatalogMember['kind'], BuilderAxis[]> = {
  measure: ['measures', 'filters'],
  dimension: ['rows', 'columns', 'filters'],
};

function MemberRow({ member, placedOn, onAdd, onRemove }: {
  member: CatalogMember;
  placedOn: BuilderAxis | null;
  onAdd(member: CatalogMember, axis: BuilderAxis): void;
  onRemove(member: CatalogMember): void;
}) {
  const styles = useStyles();
  const { m } = useI18n();
  const descriptionId = useId('member-description');
  const b = useBuilderWords();
  const trigger = (
    <Button
      appearance="subtle"
      className={styles.trigger}
      aria-describedby={member.description ? descriptionId : undefined}
      icon={<ChevronDownRegular />}
      iconPosition="after"
    >
      <span className={styles.label}>
        <Text className={styles.title}>{member.shortTitle}</Text>
        <Caption1 className={styles.caption}>{memberCaption(member, m)}</Caption1>
      </span>
    </Button>
  );
  return (
    <li
      className={mergeClasses(styles.item, placedOn !== null && styles.placed)}
      data-member={member.name}
      draggable
      onDragStart={(event) => startDrag(event, { member: member.name, kind: member.kind })}
    >
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          {member.description ? (
            <Tooltip content={member.description} relationship="inaccessible" positioning="above-start">
              {trigger}
            </Tooltip>
          ) : trigger}
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {TARGETS[member.kind].filter((axis) => axis !== placedOn || axis === 'filters').map((axis) => (
              <MenuItem key={axis} onClick={() => onAdd(member, axis)}>
                {placedOn !== null && placedOn !== 'filters' ? b.moveTo[axis] : b.addTo[axis]}
              </MenuItem>
            ))}
            {placedOn !== null && (
              <>
                <MenuDivider />
                <MenuItem onClick={() => onRemove(member)}>{b.removeFromExploration}</MenuItem>
              </>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {member.description && <span id={descriptionId} hidden>{member.description}</span>}
      {placedOn !== null && <Badge appearance="tint" color="brand" size="small">{b.onAxis[placedOn]}</Badge>}
    </li>
  );
}
