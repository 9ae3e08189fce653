import type { Folder, FolderPathEntry, Report, ReportSortBy } from '../contract';
import type { ReportStore } from '../ports/report-store';
import type { UnavailableReport } from '../workbook/report-parts';

/**
 * What Browse's list of reports is (`ReportListStore` reads and changes it): what it reads through, what the view
 * tells it it browses, its state, the sorts it offers and its page size.
 */

export const PAGE_SIZE = 50;
export const REPORT_SORTS: readonly ReportSortBy[] = ['name', 'updatedAt', 'createdAt', 'lastViewedAt'];
/** The workbook keeps no "last viewed". */
export const KEPT_REPORT_SORTS: readonly ReportSortBy[] = REPORT_SORTS.filter((key) => key !== 'lastViewedAt');
/** The sorts a list offers, and the one in effect of the sort chosen (a sort it cannot do falls back to the name). */
export function sortsOf(kept: boolean, chosen: ReportSortBy): { sorts: readonly ReportSortBy[]; sortBy: ReportSortBy } {
  const sorts = kept ? KEPT_REPORT_SORTS : REPORT_SORTS;
  return { sorts, sortBy: sorts.includes(chosen) ? chosen : 'name' };
}

/** The pause after typing before a search is sent (ms). */
export const LIST_DEBOUNCE_MS = 250;

/** What the list reads of the reports' port. */
export type ReportListing = Pick<ReportStore, 'listReports' | 'allFolders' | 'folderAncestors'>;

/** What the list reads of the reports kept in the workbook: the parts this version cannot read. */
export interface UnavailableListing {
  unavailableReports(): Promise<UnavailableReport[]>;
}

export interface ReportListOptions {
  reports: ReportListing;
  /** The workbook's kept reports, where the pane has them. */
  kept?: UnavailableListing | null;
  /** The pause after a change before the list is read (ms); 250 unless told. */
  debounceMs?: number;
  /**
   * Resolves once Excel can be asked (`PaneHost.ready`): the kept reports are read from the workbook only then, since
   * before it Office cannot tell which requirement sets the host has, and every set would look missing.
   */
  excelReady?: Promise<void>;
}

/** What the view browses: given by the view as its props change. */
export interface ReportListContext {
  deploymentId: number;
  /** This workbook's external id, once it has one: the "In this workbook" filter needs it. */
  workbookId: string | null;
  /** The browsed deployment's reports are kept in this workbook: no folders, no "In this workbook", no "last viewed". */
  kept: boolean;
}

export interface ReportListState {
  folderId: number | null;
  breadcrumb: FolderPathEntry[];
  /** The open folder's subfolders; null while read. */
  subfolders: Folder[] | null;
  search: string;
  searching: boolean;
  onlyThisWorkbook: boolean;
  /** The sort chosen (kept while a list that cannot sort that way is shown). */
  sortChosen: ReportSortBy;
  /** The sort in effect, and the sorts offered. */
  sortBy: ReportSortBy;
  sorts: readonly ReportSortBy[];
  /** The list has folders (not the kept reports). */
  folders: boolean;
  kept: boolean;
  /** The reports answering what is asked now; null while it is on its way (earlier results are not shown meanwhile). */
  reports: Report[] | null;
  nextCursor: string | null;
  loadingMore: boolean;
  /** The last failure (of the list, the folders, the breadcrumb or the unreadable reports), put into words by the view. */
  error: unknown;
  /** The kept reports this version cannot read, as last read. */
  unavailable: UnavailableReport[];
}

export const INITIAL_REPORT_LIST: ReportListState = {
  folderId: null, breadcrumb: [], subfolders: null, search: '', searching: false, onlyThisWorkbook: false, sortChosen: 'name', sortBy: 'name',
  sorts: REPORT_SORTS, folders: true, kept: false, reports: null, nextCursor: null, loadingMore: false, error: null, unavailable: [],
};
