import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { UnavailableReport } from '../../../workbook/report-parts';
import { describeError } from '../../errors';
import { useI18n } from '../../i18n';
import { KeptReportActions, type KeptActionsState, type KeptReportsBrowse } from './kept-reports';

const IDLE: KeptActionsState = { form: null, working: false, error: null, notice: null };
const noActions = { subscribe: () => () => {}, getState: () => IDLE };

export interface KeptBrowse {
  actions: KeptReportActions;
  state: KeptActionsState;
  /** The parts this version cannot read, as last read (none without `kept`). */
  unavailable: UnavailableReport[];
}

/**
 * Browse's kept reports: the row actions (one `KeptReportActions` for the view's life, reading the latest props) and
 * the unavailable parts, read again whenever the list is (`reloads`). After each action the list reloads (`reload`)
 * and the pane is told (`onReportsChanged`).
 */
export function useKeptBrowse(kept: KeptReportsBrowse | null | undefined, reloads: number, reload: () => void, onError: (error: unknown) => void): KeptBrowse {
  const i18n = useI18n();
  const latest = useRef({ kept, i18n, reload });
  useEffect(() => {
    latest.current = { kept, i18n, reload };
  });
  const [actions] = useState(() => new KeptReportActions({
    reports: () => {
      const current = latest.current.kept;
      if (!current) throw new Error('No reports are kept in this workbook here.');
      return current.reports;
    },
    describe: (error) => describeError(error, latest.current.i18n),
    copyName: (name) => latest.current.i18n.m.builder.copyName(name),
    onChanged: () => {
      latest.current.reload();
      latest.current.kept?.onReportsChanged?.();
    },
  }));
  const source = kept ? actions : noActions;
  const state = useSyncExternalStore(source.subscribe, source.getState, source.getState);

  const store = kept?.reports ?? null;
  const [unavailable, setUnavailable] = useState<UnavailableReport[]>([]);
  useEffect(() => {
    if (!store) {
      setUnavailable([]);
      return;
    }
    let live = true;
    store.unavailableReports().then(
      (list) => live && setUnavailable(list),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [store, reloads, onError]);

  return { actions, state, unavailable };
}
