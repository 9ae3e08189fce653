import type { Report } from '../contract';
import { ReportPreviewer, type ReportPreview } from '../placements/report-preview';
import { ReportSampler, type SampleRows } from '../placements/report-sample';
import type { DataSource } from '../ports/data-source';
import type { WorkspaceConnection } from '../session/connection';
import { Store } from './store';

/** A report's preview as the pane shows it: what the previewer knows of it, and its first rows. */
export interface OpenPreview extends ReportPreview {
  sample: SampleRows;
}

export interface ReportPreviewState {
  /** The report whose preview is open (one at a time), as far as it is known yet; null when none is. */
  open: OpenPreview | null;
}

/**
 * The reports list's preview before placing: which report's is open and what is known of it, its first rows
 * loaded beside its size (two loads at once, neither waiting on the other). Opening another (or closing) stops
 * the one under way, whose later answers are dropped. Nothing here writes cells or records a placement; placing
 * goes on beside it.
 */
export class ReportPreviewStore extends Store<ReportPreviewState> {
  private run: AbortController | null = null;

  constructor(
    private readonly previewer: Pick<ReportPreviewer, 'preview'>,
    private readonly sampler: Pick<ReportSampler, 'sample'>,
  ) {
    super({ open: null });
  }

  /** Opens the report's preview, or closes it when it is the one open. */
  toggle(report: Report): void {
    if (this.getState().open?.reportId === report.id) this.close();
    else this.open(report);
  }

  open(report: Report): void {
    this.run?.abort();
    const run = new AbortController();
    this.run = run;
    const mine = () => this.run === run && !run.signal.aborted;
    // The previewer tells its first step at once (before any await): the sample has somewhere to go from the start.
    let sample: SampleRows = { kind: 'loading' };
    this.previewer
      .preview(report, (preview) => {
        if (mine()) this.update({ open: { ...preview, sample } });
      }, run.signal)
      .catch((error: unknown) => {
        // Only a stopped preview throws (its size failing is part of the preview); one still open says so.
        if (mine()) this.update((state) => (state.open ? { open: { ...state.open, size: { kind: 'failed', error } } } : {}));
      });
    const showRows = (rows: SampleRows) => {
      sample = rows;
      if (mine()) this.update((state) => (state.open ? { open: { ...state.open, sample } } : {}));
    };
    // Only a stopped preview throws (a failed load is part of the rows); one still open says so all the same.
    this.sampler.sample(report, run.signal).then(showRows, (error: unknown) => showRows({ kind: 'failed', error }));
  }

  close(): void {
    this.run?.abort();
    this.run = null;
    if (this.getState().open) this.update({ open: null });
  }
}

/** The store over the workspace's data source, with the signed-in user's and the admin's settings as they are at each preview. */
export function openReportPreviews({ data }: { data: DataSource }, connection: Pick<WorkspaceConnection, 'user' | 'appConfig'>): ReportPreviewStore {
  const user = () => connection.user;
  const appConfig = () => connection.appConfig;
  return new ReportPreviewStore(new ReportPreviewer({ data, user, appConfig }), new ReportSampler({ data, user, appConfig }));
}
