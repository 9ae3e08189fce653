import { Button, Caption1, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PlayRegular } from '@fluentui/react-icons';
import type { BuilderRun } from '../../../builder/builder-model';
import { useI18n } from '../../i18n';
import { useBuilderWords } from '../../i18n/builder-catalog';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  controls: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  location: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  status: { minHeight: tokens.lineHeightBase300 },
});

export interface RunBarProps {
  run: BuilderRun;
  autoRun: boolean;
  resultLocation: string | null;
  hasCells: boolean;
  /** A question waits for an answer: nothing runs until it is answered. */
  blocked: boolean;
  onAutoRun(on: boolean): void;
  onRun(): void;
}

/** Where the result is (or will go), Auto-run, Run when auto-run is off, and how the last run went. */
export function RunBar({ run, autoRun, resultLocation, hasCells, blocked, onAutoRun, onRun }: RunBarProps) {
  const styles = useStyles();
  const { number } = useI18n();
  const b = useBuilderWords();
  const location = resultLocation === null ? b.resultNowhere : hasCells ? b.resultAt(resultLocation) : b.resultGoesTo(resultLocation);
  return (
    <div className={styles.column}>
      <Caption1 className={styles.location} data-testid="builder-location">{location}</Caption1>
      <div className={styles.controls}>
        <Switch label={b.autoRun} checked={autoRun} onChange={(_, data) => onAutoRun(data.checked)} />
        {!autoRun && (
          <Button appearance="primary" icon={<PlayRegular />} disabled={run.kind === 'running' || blocked} onClick={onRun}>{b.run}</Button>
        )}
      </div>
      <div className={styles.status} role="status" aria-live="polite" data-testid="builder-status">
        {run.kind === 'running' && <Spinner size="tiny" labelPosition="after" label={b.running} />}
        {run.kind === 'pending' && <Text>{autoRun ? b.pendingAuto : b.pending}</Text>}
        {run.kind === 'done' && (
          <Text>
            {b.runDone(number(run.rows), run.rows, run.location)}
            {run.cutAt !== null && ` ${b.runCut(number(run.cutAt))}`}
          </Text>
        )}
        {run.kind === 'failed' && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{b.runFailedTitle}</MessageBarTitle>
              {b.runFailed(run.message)}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
    </div>
  );
}
