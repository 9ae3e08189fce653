import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Dropdown, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import type { Granularity } from '../../../contract';
import { baseMember, type BuilderAxis } from '../../../core/exploration';
import { catalogSegments } from '../../../core/member-catalog';
import type { BuilderActions, BuilderState } from '../../../builder/builder-model';
import { useI18n } from '../../i18n';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { AxisList, type AxisItem } from './AxisList';
import type { DragPayload } from './dnd';
import { DisplayOptions } from './DisplayOptions';
import { ExplainPanel } from './ExplainPanel';
import { FilterEditor } from './FilterEditor';
import { MemberList } from './MemberList';
import { GRANULARITIES, granularityLabel, granularityOf, type MemberLookup } from './members';
import { OrderAndLimit } from './OrderAndLimit';
import { SegmentList } from './SegmentList';
import { useNarrowStyles } from './styles';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingBlockEnd: tokens.spacingVerticalM },
});

const OPEN = ['members', 'layout', 'filters', 'segments', 'order', 'display', 'sql'];

export interface BuilderSectionsProps {
  state: BuilderState;
  actions: BuilderActions;
  lookup: MemberLookup;
}

/** The exploration itself, in sections: members, the axes, filters, segments, order and limit, display, SQL. */
export function BuilderSections({ state, actions, lookup }: BuilderSectionsProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const { exploration } = state;
  const kindOf = (name: string) => lookup.byName.get(baseMember(name))?.kind ?? null;
  const itemsOf = (names: string[]): AxisItem[] => names.map((name) => ({ name, label: lookup.label(name), kind: kindOf(name) }));
  const dropOn = (axis: BuilderAxis) => (payload: DragPayload, index: number) => actions.add(baseMember(payload.member), axis, index);

  const grouping = (axis: 'rows' | 'columns' | 'measures') => (
    <AxisList
      axis={axis}
      items={itemsOf(exploration[axis])}
      onMove={(from, to) => actions.reorder(axis, from, to)}
      onRemove={(index) => actions.remove(baseMember(exploration[axis][index]!))}
      removeLabel={(item) => b.removeItem(item.label)}
      onDropMember={dropOn(axis)}
      renderBody={axis === 'measures' ? undefined : (item) => {
        const granularity = granularityOf(item.name);
        return granularity === null ? null : (
          <GranularityPicker
            title={item.label}
            granularity={granularity}
            onChange={(next) => actions.setGranularity(baseMember(item.name), next)}
          />
        );
      }}
    />
  );

  return (
    <Accordion multiple collapsible defaultOpenItems={OPEN}>
      <AccordionItem value="members">
        <AccordionHeader as="h3">{b.sections.members}</AccordionHeader>
        <AccordionPanel className={styles.panel}>
          {lookup.cube && (
            <MemberList
              cube={lookup.cube}
              exploration={exploration}
              onAdd={(member, axis) => actions.add(member.name, axis)}
              onRemove={(member) => actions.remove(member.name)}
            />
          )}
        </AccordionPanel>
      </AccordionItem>
      <AccordionItem value="layout">
        <AccordionHeader as="h3">{b.sections.layout}</AccordionHeader>
        <AccordionPanel className={styles.panel}>
          {grouping('rows')}
          {grouping('columns')}
          {grouping('measures')}
        </AccordionPanel>
      </AccordionItem>
      <AccordionItem value="filters">
        <AccordionHeader as="h3">{b.sections.filters}</AccordionHeader>
        <AccordionPanel className={styles.panel}>
          <AxisList
            axis="filters"
            items={itemsOf(exploration.filters.map((filter) => filter.member))}
            onMove={(from, to) => actions.reorder('filters', from, to)}
            onRemove={(index) => actions.removeFilter(index)}
            removeLabel={(item) => b.removeFilter(item.label)}
            onDropMember={dropOn('filters')}
            renderBody={(item, index) => {
              const filter = exploration.filters[index];
              if (!filter) return null;
              const type = lookup.typeOf(filter.member);
              return (
                <FilterEditor
                  filter={filter}
                  title={item.label}
                  type={type ?? 'string'}
                  suggestions={state.memberValues[filter.member]}
                  onChange={(next, gesture) => actions.setFilter(index, next, gesture)}
                  onLoadValues={type === 'string' ? () => actions.loadValues(filter.member) : undefined}
                />
              );
            }}
          />
        </AccordionPanel>
      </AccordionItem>
      {lookup.cube && (catalogSegments(lookup.cube).length > 0 || exploration.segments.length > 0) && (
        <AccordionItem value="segments">
          <AccordionHeader as="h3">{b.sections.segments}</AccordionHeader>
          <AccordionPanel className={styles.panel}>
            <SegmentList cube={lookup.cube} applied={exploration.segments} onApply={(segment, applied) => actions.applySegment(segment, applied)} />
          </AccordionPanel>
        </AccordionItem>
      )}
      <AccordionItem value="order">
        <AccordionHeader as="h3">{b.sections.order}</AccordionHeader>
        <AccordionPanel className={styles.panel}>
          <OrderAndLimit exploration={exploration} lookup={lookup} onOrder={(order) => actions.setOrder(order)} onLimit={(limit, gesture) => actions.setLimit(limit, gesture)} />
        </AccordionPanel>
      </AccordionItem>
      <AccordionItem value="display">
        <AccordionHeader as="h3">{b.sections.display}</AccordionHeader>
        <AccordionPanel className={styles.panel}>
          <DisplayOptions
            display={exploration.display}
            suppressDuplicates={state.suppressDuplicates}
            onChange={(display) => actions.setDisplay(display)}
            onSuppressDuplicates={(on) => actions.setSuppressDuplicates(on)}
          />
        </AccordionPanel>
      </AccordionItem>
      {state.explainAllowed && (
        <AccordionItem value="sql">
          <AccordionHeader as="h3">{b.sections.sql}</AccordionHeader>
          <AccordionPanel className={styles.panel}>
            <ExplainPanel sql={state.sql} onExplain={() => actions.explain()} />
          </AccordionPanel>
        </AccordionItem>
      )}
    </Accordion>
  );
}

/** The granularity of a time member on Rows or Columns (one from a saved report that is not offered stays listed). */
function GranularityPicker({ title, granularity, onChange }: { title: string; granularity: string; onChange(granularity: Granularity): void }) {
  const narrow = useNarrowStyles();
  const { m } = useI18n();
  const b = useBuilderWords();
  const offered: string[] = [...GRANULARITIES];
  const options = offered.includes(granularity) ? offered : [granularity, ...offered];
  return (
    <Field label={b.granularityOf(title)} size="small">
      <Dropdown
        className={narrow.fill}
        size="small"
        value={granularityLabel(granularity, m)}
        selectedOptions={[granularity]}
        onOptionSelect={(_, data) => {
          const next = GRANULARITIES.find((g) => g === data.optionValue);
          if (next && next !== granularity) onChange(next);
        }}
      >
        {options.map((g) => <Option key={g} value={g}>{granularityLabel(g, m)}</Option>)}
      </Dropdown>
    </Field>
  );
}
