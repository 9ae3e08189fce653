import { Button, Caption1, Spinner, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useState } from 'react';
import type { ChatToolCallView } from '../../../core/chat-conversation';
import { summarizeQuery } from '../../../core/query-summary';
import { useI18n } from '../../i18n';
import { useChatWords } from '../../i18n/chat-catalog';

const useStyles = makeStyles({
  call: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, borderLeft: `2px solid ${tokens.colorNeutralStroke1}`, paddingLeft: tokens.spacingHorizontalS },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  list: { margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/** One tool the agent ran, collapsed to a line ("Ran a query · 4 rows"); its details list the query's members and filters. */
export function ToolCallDetails({ call }: { call: ChatToolCallView }) {
  const styles = useStyles();
  const { number } = useI18n();
  const c = useChatWords();
  const [open, setOpen] = useState(false);
  const detailsId = useId('tool-call');
  const title = call.query ? (call.running ? c.runningQuery : c.ranQuery) : c.ranTool(call.name);
  const rows = call.rowCount !== null ? ` · ${c.rowCount(number(call.rowCount))}` : '';
  const summary = call.query ? summarizeQuery(call.query) : null;
  return (
    <div className={styles.call} data-testid="tool-call">
      <div className={styles.header}>
        <Caption1>
          {call.running && <Spinner size="extra-tiny" as="span" />} {title}{rows}
          {call.error ? ` · ${c.agentProblem(call.error)}` : ''}
        </Caption1>
        <Button size="small" appearance="subtle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          {open ? c.hideDetails : c.showDetails}
        </Button>
      </div>
      {open && (
        <dl id={detailsId} className={styles.list}>
          {summary ? (
            <>
              {summary.measures.length > 0 && <Row term={c.measures} value={summary.measures.join(', ')} />}
              {summary.dimensions.length > 0 && <Row term={c.dimensions} value={summary.dimensions.join(', ')} />}
              {summary.time.map((t) => (
                <Row
                  key={t.member}
                  term={c.timeDimensions}
                  value={[t.granularity ? c.byGranularity(t.member, t.granularity) : t.member, t.dateRange].filter(Boolean).join(' · ')}
                />
              ))}
              <Row term={c.filters} value={summary.filters.length ? summary.filters.join('; ') : c.noFilters} />
              {summary.limit !== null && <Row term={c.limit} value={number(summary.limit)} />}
            </>
          ) : (
            <Row term={call.name} value={JSON.stringify(call.input ?? null)} />
          )}
        </dl>
      )}
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </>
  );
}
