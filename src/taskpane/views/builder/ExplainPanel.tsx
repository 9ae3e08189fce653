import { Button, makeStyles, tokens, useId } from '@fluentui/react-components';
import { CodeRegular } from '@fluentui/react-icons';
import type { BuilderState } from '../../../builder/builder-model';
import { useBuilderWords } from '../../i18n/builder-catalog';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  label: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  sql: {
    margin: 0, width: '100%', boxSizing: 'border-box', maxHeight: '240px', overflow: 'auto',
    padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere',
  },
  params: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXXL, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
});

/**
 * Show SQL: the SQL the exploration's query compiles to, as the data API's `/v1/sql` answers it (the statement and
 * its parameters), read-only; offered where the admin allows it, and always when connected straight to a Cube API.
 */
export function ExplainPanel({ sql, onExplain }: { sql: BuilderState['sql']; onExplain(): void }) {
  const styles = useStyles();
  const b = useBuilderWords();
  const labelId = useId('builder-sql');
  const paramsId = useId('builder-sql-params');
  return (
    <div className={styles.column}>
      <Button icon={<CodeRegular />} onClick={onExplain}>{sql === null ? b.showSql : b.updateSql}</Button>
      {sql !== null && (
        <>
          <p id={labelId} className={styles.label}>{b.sqlLabel}</p>
          {/* Focusable so its scrolling works by keyboard; the region is named by the label above. */}
          <pre className={styles.sql} data-testid="builder-sql" role="region" aria-labelledby={labelId} tabIndex={0}>{sql.text}</pre>
          {sql.params.length > 0 && (
            <>
              <p id={paramsId} className={styles.label}>{b.sqlParams}</p>
              <ol className={styles.params} aria-labelledby={paramsId} data-testid="builder-sql-params">
                {sql.params.map((param, index) => <li key={index}>{param}</li>)}
              </ol>
            </>
          )}
        </>
      )}
    </div>
  );
}
