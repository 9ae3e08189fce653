import { consentItems, isCovered, queriedReport, queriesNothing, type QueriedSheet, type WorkbookQueries } from '../core/workbook-consent';
import type { WorkbookPlacement } from '../placements/placement-service';
import type { WorkbookDocument, WorkbookOpening } from '../ports/workbook-document';

/**
 * Consent before a received workbook queries anything (issue 39), as Excel asks before a file's external data
 * connections refresh. Until this user allowed what the workbook would query, nothing sends a data query by itself:
 * refresh on open, the ribbon's Refresh all and the workbook's RS formulas wait, and the pane's bar names what the
 * file would query with Allow and Not now. The choice is kept per user and workbook in the add-in's own storage
 * (`ConsentStorage`), never in the file, so a file cannot carry its own permission. A workbook the user starts, or
 * places into, is allowed: what the user adds while it is allowed joins the allowance.
 */

/** The add-in's own storage of allowances (per user and origin, never the workbook). */
export interface ConsentStorage {
  /** The items allowed for this user and workbook, or null when none were. */
  allowed(user: string, workbookId: string): readonly string[] | null;
  allow(user: string, workbookId: string, items: readonly string[]): void;
}

export interface ConsentOptions {
  storage: ConsentStorage;
  /** Who is asked: the signed-in user, as the storage keys allowances. */
  user: string;
  /** Whether a deployment's reports are kept in the workbook itself (their definitions are then the sender's). */
  keptInFile(deploymentId: number): boolean;
  /** How many RS formula calls were made since the runtime loaded (`formulaCalls` in functions/formula-registry.ts). */
  formulaCalls(): number;
  /** After Allow: calculates the formulas that answered "allow first" again. */
  afterAllow(): Promise<void>;
}

export type ConsentState =
  | { kind: 'deciding' }
  | { kind: 'allowed' }
  /** The bar shows: what the workbook would query, with Allow and Not now. */
  | { kind: 'asking'; queries: WorkbookQueries }
  /** Not now: nothing queries by itself this session; Refresh all asks again. */
  | { kind: 'declined'; queries: WorkbookQueries };

export interface ConsentHost {
  getState(): { consent: ConsentState; placements: WorkbookPlacement[] | null; refreshOnOpen: { on: boolean } | null };
  set(change: { consent: ConsentState }): void;
  showError(error: unknown): void;
}

export class WorkbookConsent {
  private opening: Promise<WorkbookOpening> | null = null;
  /** The id being given to a workbook allowed with nothing in it, as its first formulas calculate. */
  private keepingFormulas: Promise<void> | null = null;
  private workbookId: string | null = null;
  private sheets: QueriedSheet[] = [];
  private decided: () => void = () => undefined;
  private readonly decision = new Promise<void>((resolve) => { this.decided = resolve; });

  constructor(private readonly host: ConsentHost, private readonly workbook: WorkbookDocument, private readonly options: ConsentOptions) {}

  /**
   * What the workbook says of itself, as the pane read it to list the placements (`WorkbookStart`: the one read); the
   * caller takes its refresh-on-open choice from it too. A failed read is the caller's to show; the workbook is then
   * asked about as if its flag were on.
   */
  start(opening: Promise<WorkbookOpening>): void {
    this.opening = opening;
  }

  /** The placements were listed (or the listing failed: null): decides once, then keeps the allowance current. */
  async listed(placements: readonly WorkbookPlacement[] | null): Promise<void> {
    let opening: WorkbookOpening;
    try {
      opening = await (this.opening ??= this.workbook.readStart());
    } catch {
      opening = { workbookId: null, refreshOnOpen: true, sheets: [] };
    }
    this.workbookId = placements?.find((p) => p.placement.workbookId)?.placement.workbookId ?? this.workbookId ?? opening.workbookId;
    this.sheets = opening.sheets.map(({ name, visibility }) => ({ name, visibility }));
    const state = this.host.getState().consent;
    // The choice as the pane read or changed it, else as the file said when it opened.
    const queries = this.queries(placements ?? [], this.host.getState().refreshOnOpen?.on ?? opening.refreshOnOpen);
    if (state.kind === 'deciding') {
      const allowed = this.workbookId ? this.options.storage.allowed(this.options.user, this.workbookId) : null;
      const covered = queriesNothing(queries) || isCovered(allowed, consentItems(queries));
      this.host.set({ consent: covered ? { kind: 'allowed' } : { kind: 'asking', queries } });
      this.decided();
      if (covered) this.keep(queries);
    } else if (state.kind === 'allowed') {
      this.keep(queries);
    } else {
      this.host.set({ consent: { ...state, queries: { ...queries, formulas: state.queries.formulas } } });
    }
  }

  /** Whether formulas may query: waits while the pane decides; a refusal is counted in the bar. */
  async mayQuery(): Promise<boolean> {
    await this.decision;
    const state = this.host.getState().consent;
    if (state.kind === 'allowed') {
      // Once for a calculation's calls, however many (one sync to read, one to save the id).
      if (!this.workbookId) await (this.keepingFormulas ??= this.keepFormulas());
      return true;
    }
    // The bar names the formulas once one has waited, however often Excel calculates them.
    if ((state.kind === 'asking' || state.kind === 'declined') && !state.queries.formulas) {
      this.host.set({ consent: { ...state, queries: { ...state.queries, formulas: 1 } } });
    }
    return false;
  }

  /** The workspace closes: formulas still waiting for a decision answer "allow first" rather than wait for ever. */
  dispose(): void {
    this.decided();
  }

  /** Allow: kept for this user and workbook (the workbook gets an id first if it has none), formulas calculated again. */
  async allow(): Promise<void> {
    const state = this.host.getState().consent;
    if (state.kind === 'allowed' || state.kind === 'deciding') return;
    try {
      this.workbookId ??= await this.workbook.keepWorkbookId();
      this.options.storage.allow(this.options.user, this.workbookId, consentItems(state.queries));
      this.host.set({ consent: { kind: 'allowed' } });
      await this.options.afterAllow();
    } catch (error) {
      this.host.showError(error);
    }
  }

  /** Not now: nothing queries by itself in this session; the bar goes, and Refresh all brings it back. */
  notNow(): void {
    const state = this.host.getState().consent;
    if (state.kind === 'asking') this.host.set({ consent: { kind: 'declined', queries: state.queries } });
  }

  /** A Refresh all the user asked for while the workbook is not allowed: the bar again. */
  askAgain(): void {
    const state = this.host.getState().consent;
    if (state.kind === 'declined') this.host.set({ consent: { kind: 'asking', queries: state.queries } });
  }

  /** The user placed into the workbook: it is theirs now, and what it queries is allowed. */
  async placed(): Promise<void> {
    if (this.host.getState().consent.kind !== 'allowed') await this.allow();
  }

  /** While allowed, what the user adds joins the allowance (a workbook without an id yet has nothing to keep). */
  private keep(queries: WorkbookQueries): void {
    if (!this.workbookId) return;
    const { storage, user } = this.options;
    const items = new Set([...(storage.allowed(user, this.workbookId) ?? []), ...consentItems(queries)]);
    storage.allow(user, this.workbookId, [...items].sort());
  }

  /** The user's own formulas in a workbook allowed with nothing in it: the workbook gets an id, so the allowance lasts. */
  private async keepFormulas(): Promise<void> {
    try {
      this.workbookId = await this.workbook.keepWorkbookId();
      const state = this.host.getState();
      this.keep({ ...this.queries(state.placements ?? [], state.refreshOnOpen?.on ?? false), formulas: 1 });
    } catch (error) {
      // Tried again with the next calculation.
      this.keepingFormulas = null;
      this.host.showError(error);
    }
  }

  private queries(placements: readonly WorkbookPlacement[], refreshOnOpen: boolean): WorkbookQueries {
    const reports = new Map<string, WorkbookQueries['reports'][number]>();
    for (const entry of placements) {
      const { report } = entry;
      const key = `${entry.deploymentId}:${entry.reportId}`;
      if (!report || reports.has(key)) continue;
      reports.set(key, queriedReport(report, this.options.keptInFile(entry.deploymentId) ? (report.currentQueryChecksum ?? '') : null));
    }
    const onSheets = new Set(placements.map((p) => p.location?.sheetName).filter((name): name is string => Boolean(name)));
    return {
      reports: [...reports.values()],
      placements: placements.flatMap((p) => (p.placement.id ? [{ id: p.placement.id, sheetName: p.location?.sheetName ?? null }] : [])),
      sheets: this.sheets.filter((s) => onSheets.has(s.name)),
      refreshOnOpen,
      formulas: this.options.formulaCalls(),
    };
  }
}
