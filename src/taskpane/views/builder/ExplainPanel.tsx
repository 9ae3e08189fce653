import { Button, makeStyles, tokens, useId } from '@fluentui/react-components';
import { CodeRegular } from '@fluentui/react-icons';
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
});

/** Show SQL: the SQL the exploration's query compiles to, read-only (offered when the admin allows it). */
export function ExplainPanel({ sql, onExplain }: { sql: string | null; onExplain(): void }) {
  const styles = useStyles();
  const b = useBuilderWords();
  const labelId = useId('builder-sql');
  return (
    <div className={styles.column}>
      <Button icon={<CodeRegular />} onClick={onExplain}>{sql === null ? b.showSql : b.updateSql}</Button>
      {sql !== null && (
        <>
          <p id={labelId} className={styles.label}>{b.sqlLabel}</p>
          {/* Focusable so its scrolling works by keyboard; the region is named by the label above. */}
          <pre className={styles.sql} data-testid="builder-sql" role="region" aria-labelledby={labelId} tabIndex={0}>{sql}</pre>
        </>
      )}
    </div>
  );
}
