import { Button, Caption1, Spinner, makeStyles, tokens, useId } from '@fluentui/react-components';
import { DeleteRegular, FolderArrowRightRegular, RenameRegular, SaveRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef } from 'react';
import { reportTitle } from '../../../core/report-definition';
import type { BuilderActions, BuilderState } from '../../../builder/builder-model';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { QuestionBar } from '../QuestionBar';
import { ReportForm } from './ReportForm';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  refusal: { color: tokens.colorNeutralForeground2 },
});

export type SaveForm = 'save-as' | 'rename' | 'move' | 'delete' | null;

export interface SaveBarProps {
  state: BuilderState;
  actions: Pick<BuilderActions, 'save' | 'saveAs' | 'rename' | 'move' | 'deleteOpened'>;
  /** The form open (lifted: "Save a copy" of a report changed elsewhere opens Save as from above). */
  form: SaveForm;
  onForm(form: SaveForm): void;
}

/**
 * Save (into the opened report) and Save as, disabled with the reason in words when saving is not possible;
 * and Rename, Move to folder and Delete of the opened report, each as the user's rights allow.
 */
export function SaveBar({ state, actions, form, onForm }: SaveBarProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const refusalId = useId('save-refusal');
  const saveAsRefusalId = useId('save-as-refusal');
  const opener = useRef<HTMLElement | null>(null);
  const { opened, saving } = state;
  const title = opened ? reportTitle(opened.report) : '';
  // Forms about the opened report close when there is none any more (deleted, or never was).
  const shown: SaveForm = form !== 'save-as' && !opened ? null : form;
  const canSave = state.save.allowed && !saving;
  const canSaveAs = state.saveAs.allowed && !saving;
  const refusal = state.save.allowed ? null : state.save.refusal;
  // Save as is refused for its own reason only when that differs from Save's (said once otherwise).
  const saveAsRefusal = state.saveAs.allowed || state.saveAs.refusal === refusal ? null : state.saveAs.refusal;
  const saveAsDescribedBy = saveAsRefusal ? saveAsRefusalId : !state.saveAs.allowed && refusal ? refusalId : undefined;

  const open = (next: SaveForm) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    onForm(next);
  };
  /** Closes the form, focus back on the button that opened it. */
  const close = useCallback(() => {
    onForm(null);
    const back = opener.current;
    opener.current = null;
    if (back) requestAnimationFrame(() => back.isConnected && back.focus());
  }, [onForm]);

  // A form closes once what it asked for is done: the save ends without an error, or a notice says so.
  const wasSaving = useRef(saving);
  const { actionError, changedElsewhere, notice } = state;
  useEffect(() => {
    if (wasSaving.current && !saving && !actionError && !changedElsewhere) close();
    wasSaving.current = saving;
  }, [saving, actionError, changedElsewhere, close]);
  useEffect(() => {
    if (notice) close();
  }, [notice, close]);

  return (
    <div className={styles.column}>
      <div className={styles.buttons}>
        {opened && (
          <Button
            appearance="primary"
            icon={<SaveRegular />}
            disabledFocusable={!canSave}
            aria-describedby={refusal ? refusalId : undefined}
            onClick={() => actions.save()}
          >
            {b.save}
          </Button>
        )}
        <Button
          appearance={opened ? 'secondary' : 'primary'}
          disabledFocusable={!canSaveAs}
          aria-describedby={saveAsDescribedBy}
          onClick={() => open('save-as')}
        >
          {opened ? b.saveAs : b.saveAsReport}
        </Button>
        {saving && <Spinner size="tiny" labelPosition="after" label={b.saving} />}
      </div>
      {refusal && (
        <Caption1 id={refusalId} className={styles.refusal} data-testid="save-refusal">
          {opened && state.saveAs.allowed ? `${b.refusals[refusal]} ${b.saveAsInstead}` : b.refusals[refusal]}
        </Caption1>
      )}
      {saveAsRefusal && <Caption1 id={saveAsRefusalId} className={styles.refusal} data-testid="save-as-refusal">{b.refusals[saveAsRefusal]}</Caption1>}
      {shown === 'save-as' && (
        <ReportForm
          heading={b.saveAsHeading}
          // No folder to choose (reports kept in the workbook have none): no Folder field offering only "No folder".
          fields={{ name: true, folder: state.saveTargets.folderChoice }}
          initial={{ name: opened ? b.copyName(opened.report.name) : '', title: null, folderId: state.saveTargets.preferred }}
          folders={state.saveTargets.folders}
          topLevel={state.saveTargets.topLevel}
          submitLabel={b.saveReport}
          busy={!canSaveAs}
          onSubmit={(values) => actions.saveAs(values)}
          onCancel={close}
        />
      )}
      {opened && (state.canEditOpened || state.canDeleteOpened) && (
        <div className={styles.buttons} role="group" aria-label={b.reportActions}>
          {state.canEditOpened && <Button icon={<RenameRegular />} disabled={saving} onClick={() => open('rename')}>{b.rename}</Button>}
          {/* Nowhere to move to (no folders, as for reports kept in the workbook, and not in one): no Move. */}
          {state.canEditOpened && (state.saveTargets.folders.length > 0 || opened.report.folderId != null) && (
            <Button icon={<FolderArrowRightRegular />} disabled={saving} onClick={() => open('move')}>{b.move}</Button>
          )}
          {state.canDeleteOpened && <Button icon={<DeleteRegular />} disabled={saving} onClick={() => open('delete')}>{b.delete}</Button>}
        </div>
      )}
      {opened && shown === 'rename' && (
        <ReportForm
          heading={b.renameHeading(title)}
          fields={{ name: true, folder: false }}
          initial={{ name: opened.report.name, title: opened.report.title ?? null, folderId: null }}
          folders={[]}
          topLevel
          submitLabel={b.renameSubmit}
          busy={saving}
          onSubmit={(values) => actions.rename(values.name, values.title)}
          onCancel={close}
        />
      )}
      {opened && shown === 'move' && (
        <ReportForm
          heading={b.moveHeading(title)}
          fields={{ name: false, folder: true }}
          initial={{ name: opened.report.name, title: null, folderId: opened.report.folderId ?? null }}
          folders={state.saveTargets.folders}
          topLevel={state.saveTargets.topLevel}
          submitLabel={b.moveSubmit}
          busy={saving}
          onSubmit={(values) => actions.move(values.folderId)}
          onCancel={close}
        />
      )}
      {opened && shown === 'delete' && (
        <QuestionBar
          intent="warning"
          title={b.deleteTitle(title)}
          answers={[{ label: b.deleteConfirm, onClick: () => actions.deleteOpened() }]}
          cancelLabel={b.cancel}
          onCancel={close}
        >
          {b.deleteBody}
        </QuestionBar>
      )}
    </div>
  );
}
