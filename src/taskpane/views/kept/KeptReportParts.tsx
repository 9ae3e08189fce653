import {
  Button, Caption1, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { CopyRegular, DeleteRegular, EditRegular, MoreHorizontalRegular, RenameRegular } from '@fluentui/react-icons';
import type { Report } from '../../../contract';
import { reportTitle } from '../../../core/report-definition';
import { useI18n } from '../../i18n';
import { useCubeWords } from '../../i18n/cube-words';
import { ReportForm } from '../builder/ReportForm';
import { MessageInView } from '../MessageInView';
import { QuestionBar } from '../QuestionBar';
import type { KeptActionsState, KeptReportActions } from '../../../pane/kept-reports';
import type { ReportListState } from '../../../pane/report-list';

/**
 * The pieces Browse shows for reports kept in this workbook: a row's menu (Open in builder, Rename, Duplicate,
 * Delete), the Rename form or Delete question under the row, the outcome of the last action, and the reports that
 * cannot be read. The logic is `KeptReportActions` (pane/kept-reports.ts).
 */

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  unavailable: {
    display: 'flex', flexDirection: 'column', paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // Muted, yet readable (WCAG AA on the pane's background): the why is the only place the user learns it.
  grey: { color: tokens.colorNeutralForeground3 },
  why: { color: tokens.colorNeutralForeground2 },
});

/** A kept report's menu: a labelled button (its title tells the list's many apart) opening a keyboard-navigable menu. */
export function KeptReportMenu({ report, actions, disabled, onOpenInBuilder }: {
  report: Report;
  actions: KeptReportActions;
  disabled: boolean;
  onOpenInBuilder(report: Report): void;
}) {
  const cw = useCubeWords();
  const k = cw.kept;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} disabled={disabled} aria-label={k.actionsFor(reportTitle(report))} title={k.actions} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<EditRegular />} onClick={() => onOpenInBuilder(report)}>{k.openInBuilder}</MenuItem>
          <MenuItem icon={<RenameRegular />} onClick={() => actions.ask('rename', report)}>{k.rename}</MenuItem>
          <MenuItem
            icon={<CopyRegular />}
            // Fire and forget: the action keeps its outcome in its state, in words.
            onClick={() => void actions.duplicate(report)}
          >{k.duplicate}</MenuItem>
          <MenuItem icon={<DeleteRegular />} onClick={() => actions.ask('delete', report)}>{k.delete}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** Rename's form or Delete's question under a report's row, when open for it. */
export function KeptReportForm({ report, state, actions, placements }: {
  report: Report;
  state: KeptActionsState;
  actions: KeptReportActions;
  /** How many placements in this workbook use the report (Delete removes them with it). */
  placements: number;
}) {
  const { number, locale } = useI18n();
  const cw = useCubeWords();
  const k = cw.kept;
  const title = reportTitle(report);
  if (state.form?.reportId !== report.id) return null;
  if (state.form.kind === 'rename') {
    return (
      <ReportForm
        heading={k.renameHeading(title)}
        fields={{ name: true, folder: false }}
        initial={{ name: report.name, title: report.title ?? null, folderId: null }}
        folders={[]}
        topLevel
        submitLabel={k.renameSubmit}
        busy={state.working}
        // Fire and forget: the action keeps its outcome in its state, in words (the form stays open if it fails).
        onSubmit={(values) => void actions.rename(report, values.name, values.title)}
        onCancel={() => actions.cancel()}
      />
    );
  }
  const plural = new Intl.PluralRules(locale).select(placements) === 'one' ? 'one' : 'other';
  return (
    <QuestionBar
      intent="warning"
      title={k.deleteTitle(title)}
      // Fire and forget: the action keeps its outcome in its state, in words.
      answers={[{ label: k.deleteConfirm, onClick: () => void actions.delete(report) }]}
      cancelLabel={k.cancel}
      onCancel={() => actions.cancel()}
    >
      {placements > 0 ? k.deleteBodyPlaced[plural](number(placements)) : k.deleteBody}
    </QuestionBar>
  );
}

/** The last action's failure (in the list's error area) or success (announced politely). */
export function KeptOutcome({ state, actions }: { state: KeptActionsState; actions: KeptReportActions }) {
  const cw = useCubeWords();
  const k = cw.kept;
  if (state.error) {
    return (
      <MessageInView message={state.error} intent="error" takeFocus data-testid="kept-error" actions={<Button onClick={() => actions.dismiss()}>{k.dismiss}</Button>}>
        {state.error}
      </MessageInView>
    );
  }
  const notice = state.notice;
  return (
    <div role="status" aria-live="polite">
      {notice && <Caption1 data-testid="kept-notice">{k[notice.kind](notice.title)}</Caption1>}
    </div>
  );
}

/** The reports this version cannot read: greyed, by name, with why (already words), and no actions. */
export function UnavailableReports({ reports }: { reports: ReportListState['unavailable'] }) {
  const styles = useStyles();
  const cw = useCubeWords();
  if (reports.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={cw.kept.unavailableList} data-testid="unavailable-reports">
      {reports.map((u) => (
        <li key={u.partId} className={styles.unavailable} aria-disabled="true" data-unavailable-kind={u.kind}>
          <Text weight="semibold" className={styles.grey}>{u.reportName ?? cw.kept.unnamed}</Text>
          <Caption1 className={styles.why}>{u.message}</Caption1>
        </li>
      ))}
    </ul>
  );
}
