import type { FolderPathEntry, Report, ReportListParams, ReportSortBy } from '../contract';
import {
  INITIAL_REPORT_LIST, LIST_DEBOUNCE_MS, PAGE_SIZE, sortsOf, type ReportListContext, type ReportListOptions, type ReportListState,
} from './report-list';
import { Store } from './store';

/**
 * Browse's list of reports: the deployment's reports as a folder tree, the subfolders of the folder open (the root
 * at first, one level at a time) and its reports, with a breadcrumb back up (from the folder's ancestors). At the
 * root the list holds every report; a search looks in all folders. Sorting, "In this workbook" and Load more work
 * everywhere. Reports kept in the workbook have no folders, and those that cannot be read are listed apart.
 * The view (`ReportsView`) tells it what it browses (`browse`) and when it goes (`leave`), and renders its state.
 */

type ReportPage = { items: Report[]; pageInfo?: { hasNextPage: boolean; endCursor?: string | null } | null };

/** The reports on screen and the request they answer (`key`: what was asked). */
interface ShownList {
  key: string;
  reports: Report[];
  nextCursor: string | null;
}

export class ReportListStore extends Store<ReportListState> {
  private context: ReportListContext | null = null;
  private shown: ShownList | null = null;
  /** Bumped by Try again and after a change of the kept reports: everything is read again. */
  private attempt = 0;
  /** What was last read, per part: a change of it reads that part again. */
  private readFor = { list: '', folders: '', unavailable: '' };
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The list's request under way (or waiting for the pause): a new search aborts it. */
  private listing: AbortController | null = null;
  /** The request of the list on screen: a new search (or filter, sort, folder) aborts it and its Load more. */
  private shownListing: AbortController | null = null;
  private foldersReading: AbortController | null = null;
  /** Bumped by `leave`: answers to an earlier browse are dropped. */
  private generation = 0;

  constructor(private readonly options: ReportListOptions) {
    super(INITIAL_REPORT_LIST);
  }

  /** What the view browses now; back to the root when the deployment changes (its folders are another tree). */
  browse(context: ReportListContext): void {
    const before = this.context;
    this.context = context;
    const kept = context.kept;
    const root = before?.deploymentId !== context.deploymentId ? { folderId: null, breadcrumb: [] } : {};
    this.set({ ...root, kept, folders: !kept });
  }

  /** The view went: requests stop, and the next browse starts afresh. */
  leave(): void {
    this.generation += 1;
    this.context = null;
    this.shown = null;
    this.readFor = { list: '', folders: '', unavailable: '' };
    this.stopListing();
    this.shownListing?.abort();
    this.foldersReading?.abort();
    this.update(INITIAL_REPORT_LIST);
  }

  setSearch(search: string): void {
    this.set({ search });
  }

  setOnlyThisWorkbook(onlyThisWorkbook: boolean): void {
    this.set({ onlyThisWorkbook });
  }

  setSortBy(sortChosen: ReportSortBy): void {
    this.set({ sortChosen });
  }

  /** Try again, or the kept reports changed: the list, the folders and the unreadable reports are read again. */
  reload(): void {
    this.attempt += 1;
    this.set({});
  }

  /** Opens a folder (null: the root); its breadcrumb comes from the platform's ancestors of it. */
  openFolder(id: number | null, known: FolderPathEntry[] = []): void {
    const context = this.context;
    this.set({ search: '', folderId: id, breadcrumb: known });
    if (id === null || !context) return;
    const generation = this.generation;
    this.options.reports.folderAncestors(context.deploymentId, id).then(
      (chain) => generation === this.generation && this.update({ breadcrumb: chain.map((f) => ({ id: f.id, name: f.name })) }),
      (error: unknown) => generation === this.generation && this.update({ error }),
    );
  }

  /** The next page of the list on screen, appended to it. */
  async loadMore(): Promise<void> {
    const signal = this.shownListing?.signal;
    const params = this.listParams();
    const { nextCursor } = this.getState();
    const context = this.context;
    if (!nextCursor || !params || !context || !signal || signal.aborted) return;
    const key = this.listKey();
    this.update({ loadingMore: true });
    try {
      const page = await this.options.reports.listReports(context.deploymentId, { ...params, after: nextCursor }, signal);
      // A page of a list the user has since replaced (typed, sorted, filtered) is not appended to the new one.
      if (!signal.aborted) this.show(key, page, true);
    } catch (error) {
      if (!signal.aborted) this.update({ error });
    } finally {
      this.update({ loadingMore: false });
    }
  }

  /** What the list asks the platform for; null when "In this workbook" is on before the workbook has an id. */
  private listParams(): ReportListParams | null {
    const { onlyHere, workbookId, search, searching, sortBy, folderId, folders } = this.inputs();
    if (onlyHere && !workbookId) return null;
    return {
      search: searching ? search.trim() : undefined,
      sortBy,
      first: PAGE_SIZE,
      externalWorkbookId: workbookId ?? undefined,
      // A search looks in every folder; otherwise the open folder's own reports.
      folderId: searching || folderId === null || !folders ? undefined : folderId,
    };
  }

  /**
   * What the list asks, as a key: the workbook's id matters only to the "In this workbook" filter (it arriving must
   * not reload other lists); a change of anything in it shows a spinner until its answer comes.
   */
  private listKey(): string {
    const { onlyHere, workbookId, search, sortBy, folderId, folders } = this.inputs();
    return JSON.stringify([onlyHere, workbookId, search, sortBy, folderId, folders]);
  }

  private inputs() {
    const state = this.getState();
    const onlyHere = state.onlyThisWorkbook && !state.kept;
    return {
      onlyHere, workbookId: onlyHere ? this.context?.workbookId ?? null : null, search: state.search, searching: state.searching,
      sortBy: state.sortBy, folderId: state.folderId, folders: state.folders,
    };
  }

  /** Replaces parts of the state, and reads again what they change. */
  private set(partial: Partial<ReportListState>): void {
    this.update((state) => {
      const next = { ...state, ...partial };
      return { ...partial, searching: next.search.trim() !== '', ...sortsOf(next.kept, next.sortChosen) };
    });
    this.shownNow();
    const context = this.context;
    if (!context) return;
    const { folderId, searching, folders, kept } = this.getState();
    const list = JSON.stringify([context.deploymentId, this.listKey(), this.attempt]);
    if (list !== this.readFor.list) {
      this.readFor.list = list;
      this.readList(context.deploymentId);
    }
    const folderRead = JSON.stringify([context.deploymentId, folderId, searching, folders, this.attempt]);
    if (folderRead !== this.readFor.folders) {
      this.readFor.folders = folderRead;
      this.readFolders(context.deploymentId);
    }
    const unavailable = JSON.stringify([kept, this.attempt]);
    if (unavailable !== this.readFor.unavailable) {
      this.readFor.unavailable = unavailable;
      this.readUnavailable();
    }
  }

  /** Debounced: one request once typing pauses, and a superseded request is cancelled. */
  private readList(deploymentId: number): void {
    this.stopListing();
    const controller = new AbortController();
    this.listing = controller;
    const params = this.listParams();
    const key = this.listKey();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.update({ error: null });
      if (!params) {
        this.show(key, { items: [] }, false);
        return;
      }
      // Reports kept in the workbook are read from Excel: not before it can be asked.
      const listing = this.getState().kept ? this.excelReady().then(() => this.options.reports.listReports(deploymentId, params, controller.signal))
        : this.options.reports.listReports(deploymentId, params, controller.signal);
      listing.then(
        (page) => {
          if (controller.signal.aborted) return;
          this.shownListing = controller;
          this.show(key, page, false);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) this.update({ error });
        },
      );
    }, this.options.debounceMs ?? LIST_DEBOUNCE_MS);
  }

  private stopListing(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.listing?.abort();
    this.listing = null;
  }

  /** The open folder's subfolders, one level at a time; none while searching all folders, or without folders. */
  private readFolders(deploymentId: number): void {
    this.foldersReading?.abort();
    const { searching, folders, folderId } = this.getState();
    if (searching || !folders) return;
    const controller = new AbortController();
    this.foldersReading = controller;
    this.update({ subfolders: null });
    this.options.reports.allFolders(deploymentId, folderId ?? undefined, controller.signal).then(
      (subfolders) => !controller.signal.aborted && this.update({ subfolders }),
      (error: unknown) => !controller.signal.aborted && this.update({ error }),
    );
  }

  /** The kept reports this version cannot read, read again whenever the list is reloaded. */
  private readUnavailable(): void {
    const kept = this.getState().kept ? this.options.kept : null;
    if (!kept) {
      this.update({ unavailable: [] });
      return;
    }
    const generation = this.generation;
    const read = this.readFor.unavailable;
    const current = () => generation === this.generation && read === this.readFor.unavailable;
    this.excelReady().then(() => kept.unavailableReports()).then(
      (unavailable) => current() && this.update({ unavailable }),
      (error: unknown) => current() && this.update({ error }),
    );
  }

  private excelReady(): Promise<void> {
    return this.options.excelReady ?? Promise.resolve();
  }

  private show(key: string, page: ReportPage, append: boolean): void {
    const before = this.shown;
    this.shown = {
      key,
      reports: append && before ? [...before.reports, ...page.items] : page.items,
      nextCursor: page.pageInfo?.hasNextPage ? page.pageInfo.endCursor ?? null : null,
    };
    this.shownNow();
  }

  /** Only the answer to what is asked now is listed. */
  private shownNow(): void {
    const current = this.shown?.key === this.listKey() ? this.shown : null;
    const reports = current?.reports ?? null;
    const nextCursor = current?.nextCursor ?? null;
    const state = this.getState();
    if (state.reports !== reports || state.nextCursor !== nextCursor) this.update({ reports, nextCursor });
  }
}
