import {
  Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, makeStyles, tokens, typographyStyles, useId,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { reportTitle } from '../../../core/report-definition';
import type { BuilderController } from '../../../builder/builder-model';
import { describeError } from '../../errors';
import { useI18n } from '../../i18n';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { BuilderNotices } from './BuilderNotices';
import { CloseQuestion } from './CloseQuestion';
import { BuilderSections } from './BuilderSections';
import { useMemberLookup } from './members';
import { RunBar } from './RunBar';
import { SaveBar, type SaveForm } from './SaveBar';
import { ViewPicker } from './ViewPicker';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  heading: { ...typographyStyles.subtitle2, margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  subheading: { ...typographyStyles.body1Strong, margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground2 },
});

export interface BuilderViewProps {
  controller: BuilderController;
  onClose(): void;
}

/**
 * The exploration builder: choose a view, put its members on Rows, Columns, Measures and Filters (by menu,
 * keyboard or drag and drop), watch the result run into the sheet, and save it as a report. It renders the
 * controller's state and asks the controller for every change; it decides nothing itself.
 */
export function BuilderView({ controller, onClose }: BuilderViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const b = useBuilderWords();
  const subscribe = useCallback((listener: () => void) => controller.subscribe(listener), [controller]);
  const getState = useCallback(() => controller.getState(), [controller]);
  const state = useSyncExternalStore(subscribe, getState);
  const lookup = useMemberLookup(state.cubes, state.viewName);
  const headingId = useId('builder-heading');
  const saveHeadingId = useId('builder-save');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [saveForm, setSaveForm] = useState<SaveForm>(null);
  const [closeStep, setCloseStep] = useState<'ask' | 'closing' | null>(null);
  const [closeError, setCloseError] = useState<string | null>(null);

  // When what had the focus is gone (an answered question, a removed item no neighbour took over from),
  // the focus goes to the builder's heading rather than to the page.
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const last = lastFocused.current;
    const active = document.activeElement;
    if (last && !last.isConnected && (active === null || active === document.body)) headingRef.current?.focus();
  });

  const finish = async (clearCells: boolean) => {
    setCloseStep('closing');
    setCloseError(null);
    try {
      await controller.close({ clearCells });
      onClose();
    } catch (e) {
      setCloseError(describeError(e, i18n));
      setCloseStep(null);
    }
  };
  // Nothing unsaved is ever dropped without asking; with nothing unsaved, Close just closes (fire and forget: finish
  // shows its own failure).
  const requestClose = () => (state.unsaved ? setCloseStep('ask') : void finish(false));
  const cancelClose = () => {
    setCloseStep(null);
    closeRef.current?.focus();
  };

  const title = state.opened ? reportTitle(state.opened.report) : b.explore;
  const chosen = lookup.cube !== null;

  return (
    <section
      className={styles.column}
      data-testid="builder"
      aria-labelledby={headingId}
      onFocus={(event) => {
        lastFocused.current = event.target;
      }}
    >
      <div className={styles.header}>
        <h2 className={styles.heading} id={headingId} ref={headingRef} tabIndex={-1}>{title}</h2>
        <Button ref={closeRef} disabled={closeStep === 'closing'} onClick={requestClose}>
          {closeStep === 'closing' ? b.closing : b.close}
        </Button>
      </div>
      {/* Fire and forget: finish shows its own failure (closeError, below). */}
      {closeStep === 'ask' && <CloseQuestion state={state} onDiscard={(clearCells) => void finish(clearCells)} onKeepEditing={cancelClose} />}
      {closeError && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{closeError}</MessageBarBody>
        </MessageBar>
      )}

      {state.phase === 'loading' && <Spinner size="small" label={b.loadingModel} />}
      {state.phase === 'failed' && (
        <MessageBar intent="error" layout="multiline" data-testid="builder-load-error">
          <MessageBarBody>
            <MessageBarTitle>{b.loadFailedTitle}</MessageBarTitle>
            {state.loadError}
          </MessageBarBody>
        </MessageBar>
      )}

      {state.phase === 'ready' && (
        <>
          <BuilderNotices
            state={state}
            onAllow={() => controller.allow()}
            onDismissQuestion={() => controller.dismissQuestion()}
            onRemoveUnknown={(member) => controller.remove(member)}
            onReload={() => controller.reloadOpened()}
            onSaveCopy={() => setSaveForm('save-as')}
          />
          <ViewPicker cubes={state.cubes} viewName={state.viewName} onChoose={(name) => controller.chooseView(name)} />
          {!chosen && state.cubes.length > 0 && <Text className={styles.hint}>{b.chooseViewFirst}</Text>}
          <RunBar
            run={state.run}
            autoRun={state.autoRun}
            resultLocation={state.resultLocation}
            hasCells={state.hasCells}
            blocked={state.question !== null}
            onAutoRun={(on) => controller.setAutoRun(on)}
            onRun={() => controller.run()}
          />
          {chosen && <BuilderSections state={state} actions={controller} lookup={lookup} />}
          <section className={styles.section} aria-labelledby={saveHeadingId}>
            <h3 className={styles.subheading} id={saveHeadingId}>{b.sections.save}</h3>
            <SaveBar state={state} actions={controller} form={saveForm} onForm={setSaveForm} />
          </section>
        </>
      )}
    </section>
  );
}
