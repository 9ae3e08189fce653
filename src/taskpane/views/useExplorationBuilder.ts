import { useCallback, useEffect, useRef, useState } from 'react';
import type { CubeQuery, Report } from '../../contract';
import type { AnswerTarget } from '../../chat/chat-placement';
import type { SettingsConnection } from '../../session/connection';
import type { ExplorationController, BuilderStart } from '../../builder/exploration-controller';
import { readDraft } from '../../builder/exploration-draft';
import { explorationPreferences, placementAtSelection } from '../../builder/exploration-open';
import type { Workspace } from '../../placements/workspace-parts';
import type { WorkbookPlacement } from '../../placements/placement-service';

// The builder's controller is loaded when an exploration first opens.
const loadController = () => import('../../builder/exploration-controller');

export interface ExplorationBuilderHook {
  builder: ExplorationController | null;
  openNew(deploymentId: number): void;
  /** "Place in sheet" of an agent's answer: a new exploration of its query, placed at the selection. */
  openAnswer(target: AnswerTarget, query: CubeQuery): void;
  openPlacement(entry: WorkbookPlacement, reveal: boolean): void;
  /** A report without a placement (Browse's "Open in builder" of a report kept in the workbook): Save saves into it. */
  openReport(report: Report): void;
  closed(): void;
}

/**
 * Which exploration the pane shows, if any: a new one, a placement's report ("Edit", or a selected cell inside
 * a placement when `openExplorationFromSheet` is on), a report opened from Browse, or the draft kept in the
 * workbook (resumed when the pane opens). With `revealSheetOnOpen` on, opening a placement's report selects its cells.
 */
export function useExplorationBuilder(
  connection: SettingsConnection, workspace: Workspace, placements: WorkbookPlacement[] | null, selection: string | null,
  describe: (error: unknown) => string, onError: (error: unknown) => void,
): ExplorationBuilderHook {
  const [builder, setBuilder] = useState<ExplorationController | null>(null);
  const open = useRef(false);
  /** The selection when the builder last closed: selecting inside that placement again is needed to reopen it. */
  const closedAt = useRef<string | null>(null);

  const start = useCallback(async (how: BuilderStart) => {
    if (open.current) return;
    open.current = true;
    try {
      const { ExplorationController } = await loadController();
      const controller = new ExplorationController({ workspace, connection, describe }, how);
      setBuilder(controller);
      await controller.open();
    } catch (error) {
      open.current = false;
      onError(error);
    }
  }, [workspace, connection, describe, onError]);

  const openPlacement = useCallback((entry: WorkbookPlacement, reveal: boolean) => {
    if (!entry.placement.id || open.current) return;
    const placementId = entry.placement.id;
    void (async () => {
      try {
        // The report as it is now: the builder saves into this version.
        const report = await workspace.reports.getReport(entry.deploymentId, entry.reportId);
        if (reveal && explorationPreferences(connection.user, connection.appConfig).revealOnOpen) await workspace.placements.locate(entry);
        await start({ kind: 'placement', report, placementId });
      } catch (error) {
        onError(error);
      }
    })();
  }, [connection, workspace, start, describe, onError]);

  const openReport = useCallback((report: Report) => {
    if (open.current) return;
    void (async () => {
      try {
        // The report as it is now: the builder saves into this version.
        await start({ kind: 'report', report: await workspace.reports.getReport(report.deploymentId, report.id) });
      } catch (error) {
        onError(error);
      }
    })();
  }, [workspace, start, onError]);

  // The draft kept in the workbook is resumed when the pane opens.
  useEffect(() => {
    readDraft(workspace.workbook).then(
      (draft) => (draft ? start({ kind: 'draft', draft }) : undefined),
      (error: unknown) => onError(error),
    );
  }, [workspace, start, describe, onError]);

  /**
   * The selection last looked at: only a change of it (the user selecting a cell) opens a placement's report,
   * never a new list of placements under the same selection (a Place leaves the selection inside the placement
   * it just wrote; a refresh reloads the list). Undefined until the placements and the selection are first known,
   * which are where the workbook was when the pane opened, not a choice of the user's.
   */
  const considered = useRef<string | null | undefined>(undefined);

  // With `openExplorationFromSheet` on, selecting a cell inside a placement opens its report.
  useEffect(() => {
    if (selection !== closedAt.current) closedAt.current = null;
    if (!placements || selection === null) return;
    if (considered.current === undefined || selection === considered.current) {
      considered.current = selection;
      return;
    }
    considered.current = selection;
    if (open.current || closedAt.current !== null) return;
    if (!explorationPreferences(connection.user, connection.appConfig).openFromSheet) return;
    const entry = placementAtSelection(placements, selection);
    if (entry) openPlacement(entry, false);
  }, [selection, placements, connection, openPlacement]);

  return {
    builder,
    openNew: (deploymentId) => void start({ kind: 'new', deploymentId }),
    openAnswer: ({ deploymentId, meta }, query) => void start({ kind: 'answer', deploymentId, query, meta }),
    openPlacement,
    openReport,
    closed: () => {
      open.current = false;
      closedAt.current = selection;
      setBuilder(null);
    },
  };
}
