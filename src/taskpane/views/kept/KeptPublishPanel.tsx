import {
  Button, Caption1, Field, MessageBar, MessageBarActions, MessageBarBody, Select, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { CloudArrowUpRegular } from '@fluentui/react-icons';
import { useEffect, useSyncExternalStore } from 'react';
import { differing, type KeptPublishing, type KeptPublishState } from '../../../pane/kept-publish';
import { describeError } from '../../errors';
import { useI18n } from '../../i18n';
import { useCubeWords } from '../../i18n/cube-words';
import { MessageInView } from '../MessageInView';
import { outcomeWords } from './kept-publish-words';

/**
 * "Publish to the platform…" under Browse of the kept reports: a button opening a small form (the deployment, the
 * folder for reports new there, Publish all), then the outcome in words: counts, a line per report, and, when some
 * differ on the platform, the offer to replace the platform's versions. The logic is `KeptPublishing` (pane/kept-publish.ts).
 */

const useStyles = makeStyles({
  panel: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

export function KeptPublishPanel({ store, initial }: {
  store: KeptPublishing;
  /** The state to start from (tests render one without effects). */
  initial?: KeptPublishState;
}) {
  const live = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  // The form is closed when Browse comes back.
  useEffect(() => () => store.leave(), [store]);
  return <KeptPublishForm store={store} state={initial ?? live} />;
}

export function KeptPublishForm({ store, state }: { store: KeptPublishing; state: KeptPublishState }) {
  const styles = useStyles();
  const i18n = useI18n();
  const { number, locale } = i18n;
  const words = useCubeWords().kept.publish;
  if (!state.open) {
    return (
      <div>
        <Button icon={<CloudArrowUpRegular />} disabled={store.deployments.length === 0} onClick={() => store.open()}>{words.open}</Button>
      </div>
    );
  }
  const rules = new Intl.PluralRules(locale);
  const told = state.outcome && outcomeWords(
    state.outcome, words, (error) => describeError(error, i18n), number, (n) => (rules.select(n) === 'one' ? 'one' : 'other'),
  );
  const replaceable = state.outcome ? differing(state.outcome).length > 0 : false;
  return (
    <section className={styles.panel} aria-label={words.heading} data-testid="kept-publish">
      <Text weight="semibold">{words.heading}</Text>
      <Caption1>{words.body}</Caption1>
      <div className={styles.row}>
        <Field label={words.deployment} size="small">
          <Select
            value={state.deploymentId === null ? '' : String(state.deploymentId)} disabled={state.working}
            // Fire and forget: a failure to read the folders is kept in the state, in words.
            onChange={(_, d) => void store.choose(Number(d.value))}
          >
            {store.deployments.map((d) => <option key={d.id} value={String(d.id)}>{d.name}</option>)}
          </Select>
        </Field>
        <Field label={words.folder} size="small">
          <Select
            value={state.folderId === null ? '' : String(state.folderId)} disabled={state.working || state.folders === null}
            onChange={(_, d) => store.chooseFolder(d.value === '' ? null : Number(d.value))}
          >
            <option value="">{words.topLevel}</option>
            {(state.folders ?? []).map((f) => <option key={f.id} value={String(f.id)}>{f.name}</option>)}
          </Select>
        </Field>
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary" disabled={state.working || state.deploymentId === null}
          // Fire and forget: the run's outcome and failure are kept in the state, in words.
          onClick={() => void store.run()}
        >{words.run}</Button>
        <Button disabled={state.working} onClick={() => store.close()}>{words.close}</Button>
        {state.working && <Spinner size="tiny" label={words.working} />}
      </div>
      {state.error && (
        <MessageInView message={state.error} intent="error" takeFocus data-testid="kept-publish-error">{state.error}</MessageInView>
      )}
      <div role="status" aria-live="polite">
        {told && (
          <MessageBar intent={state.outcome!.failed ? 'warning' : 'success'} layout="multiline" data-testid="kept-publish-outcome">
            <MessageBarBody>
              <Text weight="semibold">{told.summary}</Text>
              {told.lines.length > 0 && <ul className={styles.list}>{told.lines.map((line, i) => <li key={i} data-kind={line.kind}>{line.text}</li>)}</ul>}
              {replaceable && <Caption1>{words.replaceAsk}</Caption1>}
            </MessageBarBody>
            {replaceable && (
              <MessageBarActions>
                <Button
                  disabled={state.working}
                  // Fire and forget: the run's outcome and failure are kept in the state, in words.
                  onClick={() => void store.run(true)}
                >{words.replace}</Button>
              </MessageBarActions>
            )}
          </MessageBar>
        )}
      </div>
    </section>
  );
}
