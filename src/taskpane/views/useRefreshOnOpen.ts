import { useEffect, useRef, useState } from 'react';
import type { Workbook } from '../../ports/workbook';
import type { WorkbookPlacement } from '../../placements/placement-service';
import { outOfDateCount, readRefreshOnOpen, saveRefreshOnOpen, type RefreshOnOpenChoice } from '../../monitoring/refresh-on-open';

/**
 * "Refresh when this workbook opens": reads the workbook's choice when the pane opens; with it on, starts the
 * tracked Refresh all once, as soon as the placements are listed (never again in this pane's life, and never
 * while the admin restricts data download). With it off, `stale` says how many placements are out of date.
 */
export function useRefreshOnOpen(
  excel: Workbook, placements: readonly WorkbookPlacement[] | null, canRun: boolean,
  start: () => Promise<void> | void, onError: (error: unknown) => void,
) {
  const [choice, setChoice] = useState<RefreshOnOpenChoice | null>(null);
  const started = useRef(false);
  // Read once per connector: the latest error handler, whatever its identity.
  const reportError = useRef(onError);
  reportError.current = onError;

  useEffect(() => {
    let gone = false;
    readRefreshOnOpen(excel).then((read) => !gone && setChoice(read), (e: unknown) => !gone && reportError.current(e));
    return () => {
      gone = true;
    };
  }, [excel]);

  useEffect(() => {
    if (started.current || !choice?.on || placements === null || !canRun) return;
    started.current = true;
    void start();
  }, [choice, placements, canRun, start]);

  const toggle = async (on: boolean) => {
    try {
      setChoice(await saveRefreshOnOpen(excel, on));
    } catch (e) {
      onError(e);
    }
  };

  const stale = placements ? outOfDateCount(placements) : 0;
  return { choice, toggle, stale };
}
