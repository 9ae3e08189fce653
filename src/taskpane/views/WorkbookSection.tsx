import { Button, Caption1, MessageBar, MessageBarBody, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import type { Deployment } from '../../contract';
import { isRefreshable, outOfDateCount } from '../../monitoring/refresh-on-open';
import type { WorkbookPlacement } from '../../placements/placement-service';
import { isBusy, type WorkspaceState } from '../../pane/pane-state';
import type { WorkspaceStore } from '../../pane/workspace-store';
import { useI18n } from '../i18n';
import { PlacementsView } from './PlacementsView';
import { runSummary, staleFormulasSentence } from './run-words';
import type { FormulaDeploymentChoice } from '../../pane/formula-deployment';
import { FormulaDeploymentField } from './FormulaDeploymentField';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionHeader: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  runBar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface WorkbookSectionProps {
  store: WorkspaceStore;
  state: WorkspaceState;
  currentUserId: number;
  /** Who the Cube API connection stands for: placements kept in the workbook name who wrote them, not a user id. */
  currentUserName?: string;
  deployments: readonly Deployment[];
  browsedDeploymentId: number;
  writeDisabled: boolean;
  /** "Edit" on a placement: its report opens in the builder. */
  onEdit(entry: WorkbookPlacement): void;
  /** Where a deployment's reports live (the platform, or this workbook), for each card to say; see `PlacementsView`. */
  home?: (deploymentId: number) => 'platform' | 'workbook' | null;
  /** The workbook's deployment for RS formulas, offered once the workbook's formulas have answered or one is kept. */
  formulaDeployment?: FormulaDeploymentChoice;
}

/**
 * "In this workbook": Refresh all and its run bar, the "Refresh when this workbook opens" choice (or how many
 * placements are out of date), and the placements' cards, each action an intent of the store.
 */
export function WorkbookSection({ store, state, currentUserId, currentUserName, deployments, browsedDeploymentId, writeDisabled, onEdit, home, formulaDeployment }: WorkbookSectionProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m, number } = i18n;
  const { placements, run, refreshOnOpen: choice } = state;
  const busy = isBusy(state);
  const refreshable = (placements ?? []).filter(isRefreshable);
  const stale = placements ? outOfDateCount(placements) : 0;
  return (
    <section className={styles.section} aria-labelledby="placements-heading">
      <div className={styles.sectionHeader}>
        <Subtitle2 as="h2" id="placements-heading">{m.inThisWorkbook}</Subtitle2>
        {/* Fire and forget: the run bar shows the run, the error area a failure. */}
        <Button size="small" disabled={busy || writeDisabled || (!refreshable.length && !state.formulasInUse)} onClick={() => void store.refreshAll()}>{m.refreshAll}</Button>
      </div>
      <Switch
        checked={choice?.on ?? false}
        disabled={!choice?.supported || busy}
        onChange={(_, data) => void store.toggleRefreshOnOpen(data.checked)} // Fire and forget: the store shows its own failures.
        label={m.refreshOnOpen}
        aria-describedby="refresh-on-open-hint"
        data-testid="refresh-on-open"
      />
      {/* Its name stays the choice alone; where it is kept, or why it cannot be chosen, is its description. */}
      <Caption1 id="refresh-on-open-hint">{choice && !choice.supported ? m.refreshOnOpenUnsupported : m.refreshOnOpenHint}</Caption1>
      {formulaDeployment && (
        <FormulaDeploymentField
          choice={formulaDeployment} inUse={state.formulasInUse} deployments={deployments} disabled={busy} onError={(error) => store.showError(error)}
        />
      )}
      {!run && choice && !choice.on && stale > 0 && (
        <MessageBar intent="info" data-testid="out-of-date">
          {/* The section's own Refresh all button, just above, refreshes them. */}
          <MessageBarBody>{m.outOfDate[new Intl.PluralRules(i18n.locale).select(stale) === 'one' ? 'one' : 'other'](number(stale))}</MessageBarBody>
        </MessageBar>
      )}
      {/* Said after any calculation that kept last values; Refresh all's summary says it itself while shown. */}
      {state.staleFormulas && !run?.formulas?.stale && (
        <MessageBar intent="warning" data-testid="stale-formulas">
          <MessageBarBody>{staleFormulasSentence(state.staleFormulas, i18n)}</MessageBarBody>
        </MessageBar>
      )}
      {run && (
        <div className={styles.runBar} role="status" aria-live="polite">
          <span>{runSummary(run.items, run.running, i18n, run.formulas)}</span>
          {run.running && <Button size="small" onClick={() => store.stopRun()}>{m.stop}</Button>}
        </div>
      )}
      <PlacementsView
        placements={placements}
        currentUserId={currentUserId}
        currentUserName={currentUserName}
        deployments={deployments}
        browsedDeploymentId={browsedDeploymentId}
        cards={store.cards(state)}
        busy={busy}
        writeDisabled={writeDisabled}
        onRefresh={(entry) => void store.refresh(entry)} // Fire and forget: the store shows its own failures.
        onRefreshReport={(entries) => void store.refreshReport(entries)} // Fire and forget: the store shows its own failures.
        onPlaceAgain={(entry) => void store.placeAgain(entry)} // Fire and forget: the store shows its own failures.
        onRelink={(entry) => void store.relink(entry)} // Fire and forget: the store shows its own failures.
        onEdit={onEdit}
        home={home}
        onTableChange={(entry, on) => void store.setTable(entry, on)} // Fire and forget: the store shows its own failures.
        onCellOptionsChange={(entry, cells) => void store.setCellOptions(entry, cells)} // Fire and forget: the store shows its own failures.
        onDisconnect={(entry) => void store.askDisconnect(entry)} // Fire and forget: the store shows its own failures.
        onConvert={(entry) => store.askConvert(entry)}
        onLocate={(entry) => void store.locate(entry)} // Fire and forget: the store shows its own failures.
      />
    </section>
  );
}
