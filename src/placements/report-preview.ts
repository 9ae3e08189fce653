import type { AppConfigResponse, CubeLoadResult, CubeMeta, CubeQuery, FolderPathEntry, Granularity, Report, User } from '../contract';
import { reportDefinition, reportTitle, timeDimensionMember, type Pivot } from '../core/report-definition';
import { reportOwner } from '../core/report-owner';
import { isFlatPivot } from '../layout/kind';
import { memberKeys } from '../layout/members';
import { resultSize, type ResultSize } from '../layout/size';
import { wantedRows } from '../core/placed-rows';
import type { DataClient, DataSource } from '../ports/data-source';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch-result';
import { patientLoad, queryAsPlaced } from './patient-load';
import { layoutPreferences } from './report-run';

/** A member of the report as the preview names it: the model's short title when known, with its granularity. */
export interface PreviewMember {
  name: string;
  title: string | null;
  granularity: Granularity | null;
}

/** The report's members where the layout puts them: down the rows, across the columns, and the measures. */
export interface PreviewMembers {
  rows: PreviewMember[];
  columns: PreviewMember[];
  measures: PreviewMember[];
}

export type PreviewSize =
  /** The count is under way. */
  | { kind: 'counting' }
  /** The data API answers Continue wait: still estimating. */
  | { kind: 'slow'; waitedMs: number }
  | ResultSize
  /**
   * The query took longer than the preview waits: what the definition alone tells, the most rows placing fetches
   * (the report's limit; null without one) and, for a flat table, its columns (null for a pivot: its data decides).
   */
  | { kind: 'unknown'; maxRows: number | null; columns: number | null }
  | { kind: 'unavailable'; reason: 'download-restricted' | 'unplaceable' }
  | { kind: 'failed'; error: unknown };

/**
 * What the pane shows of a report before it is placed. The Platform API's `Report` names no one who last changed
 * it (only its owner, `user`, its creator and its last refresher): `updatedAt` says when, `owner` whose it is.
 * Neither the report nor its deployment has an address of the report on the platform, so there is no link.
 */
export interface ReportPreview {
  reportId: number;
  title: string;
  description: string | null;
  folderPath: FolderPathEntry[];
  updatedAt: string;
  owner: { name: string | null; email: string | null };
  /** Null for a report that cannot be placed (no query to read them from). */
  members: PreviewMembers | null;
  size: PreviewSize;
}

export interface ReportPreviewerOptions {
  data: DataSource;
  user: () => User;
  appConfig: () => AppConfigResponse;
  limits?: FetchLimits;
  /** How long a query answering Continue wait is waited for before the preview settles for less (default 10 s). */
  maxWaitMs?: number;
  /** How many of a pivot's rows are looked at to lay it out (default 1,000); a flat table needs one. */
  sampleRows?: number;
}

const PREVIEW_MAX_WAIT_MS = 10_000;
const PIVOT_SAMPLE_ROWS = 1_000;

/** The members of a pivot where the layout puts them: every grouped member the pivot does not place goes on rows. */
function pivotMembers(query: CubeQuery, pivot: Pivot): { rows: string[]; columns: string[]; measures: string[] } {
  return { ...memberKeys(query, pivot), measures: pivot.measures };
}

/** A member's short title from `/v1/meta` (a granular time member by its dimension), else from a result's annotation. */
function titled(name: string, granularity: Granularity | null, meta: CubeMeta | null, result: CubeLoadResult | null): PreviewMember {
  const base = granularity ? name.slice(0, name.lastIndexOf('.')) : name;
  const fromMeta = meta?.cubes.flatMap((cube) => [...cube.measures, ...cube.dimensions]).find((m) => m.name === base);
  const annotation = result?.annotation;
  const fromResult = annotation?.measures[name] ?? annotation?.dimensions[name] ?? annotation?.timeDimensions[name];
  return { name, granularity, title: fromMeta?.shortTitle ?? fromMeta?.title ?? fromResult?.shortTitle ?? null };
}

/**
 * A report's preview before placing: its description, folder, when it changed and whose it is, its members with
 * the model's titles, and the size of its result. The size comes from the data API (the query's first rows with
 * Cube's `total`, laid out as placing would) without a cell written or a placement recorded. A query that keeps
 * answering Continue wait is given up after a while for what its definition alone tells; the preview never stands
 * in the way of placing. Each step is handed to `onChange` as it is known.
 */
export class ReportPreviewer {
  /** `/v1/meta` per deployment, kept: titles do not change while the pane browses. A failure is forgotten. */
  private readonly metas = new Map<number, Promise<CubeMeta | null>>();

  constructor(private readonly options: ReportPreviewerOptions) {}

  async preview(report: Report, onChange: (preview: ReportPreview) => void, signal?: AbortSignal): Promise<ReportPreview> {
    const definition = reportDefinition(report);
    const placed = definition.placeable ? pivotMembers(definition.query, definition.pivot) : null;
    const granularityOf = (name: string) =>
      definition.placeable ? definition.query.timeDimensions?.find((td) => td.granularity && timeDimensionMember(td) === name)?.granularity ?? null : null;
    const membersFrom = (meta: CubeMeta | null, result: CubeLoadResult | null): PreviewMembers | null => {
      if (!placed) return null;
      const list = (names: string[]) => names.map((name) => titled(name, granularityOf(name), meta, result));
      return { rows: list(placed.rows), columns: list(placed.columns), measures: list(placed.measures) };
    };
    let current: ReportPreview = {
      reportId: report.id,
      title: reportTitle(report),
      description: report.description?.trim() || null,
      folderPath: report.folderPath ?? [],
      updatedAt: report.updatedAt,
      owner: reportOwner(report),
      members: membersFrom(null, null),
      size: { kind: 'counting' },
    };
    const set = (change: Partial<ReportPreview>) => {
      current = { ...current, ...change };
      if (!signal?.aborted) onChange(current);
    };
    set({});
    if (!definition.placeable) {
      set({ size: { kind: 'unavailable', reason: 'unplaceable' } });
      return current;
    }
    let data: DataClient;
    try {
      data = await this.options.data.forDeployment(report.deploymentId, signal);
    } catch (error) {
      set({ size: { kind: 'failed', error } });
      return current;
    }
    let meta: CubeMeta | null = null;
    let result: CubeLoadResult | null = null;
    const titles = this.meta(report.deploymentId, data).then((answer) => {
      meta = answer;
      if (answer) set({ members: membersFrom(meta, result) });
    });
    if (this.options.appConfig().restrictDataDownload) {
      set({ size: { kind: 'unavailable', reason: 'download-restricted' } });
    } else {
      const counted = await this.count(definition.query, definition.pivot, data, (size) => set({ size }), signal);
      result = counted.result;
      set({ size: counted.size, members: membersFrom(meta, result) });
    }
    await titles;
    return current;
  }

  /** The result's size: its first rows with `total`, laid out; or, past the wait, what the definition tells. */
  private async count(
    definitionQuery: CubeQuery, pivot: Pivot, data: DataClient, progress: (size: PreviewSize) => void, signal?: AbortSignal,
  ): Promise<{ size: PreviewSize; result: CubeLoadResult | null }> {
    const { user, appConfig } = this.options;
    const maxRows = (this.options.limits ?? DEFAULT_FETCH_LIMITS).maxRows;
    const query = queryAsPlaced(definitionQuery, user(), appConfig());
    const flat = isFlatPivot(pivot);
    const sampleLimit = Math.max(1, Math.min(flat ? 1 : this.options.sampleRows ?? PIVOT_SAMPLE_ROWS, wantedRows(query, maxRows)));
    const maxWaitMs = this.options.maxWaitMs ?? PREVIEW_MAX_WAIT_MS;
    try {
      const load = await patientLoad(data, { ...query, limit: sampleLimit, offset: query.offset, total: true }, {
        maxWaitMs, signal, onWait: (waitedMs) => progress({ kind: 'slow', waitedMs }),
      });
      if (load.kind === 'gave-up') {
        const limit = query.limit === undefined ? null : wantedRows(query, maxRows);
        const columns = flat ? pivotMembers(query, pivot).rows.length + pivot.measures.length : null;
        return { size: { kind: 'unknown', maxRows: limit, columns }, result: null };
      }
      const { result } = load;
      const total = typeof result.total === 'number' ? result.total : null;
      const size = resultSize(result, sampleLimit, total, query, pivot, { ...layoutPreferences(user(), appConfig()), maxRows });
      return { size, result };
    } catch (error) {
      if (signal?.aborted) throw error;
      return { size: { kind: 'failed', error }, result: null };
    }
  }

  private meta(deploymentId: number, data: DataClient): Promise<CubeMeta | null> {
    let known = this.metas.get(deploymentId);
    if (!known) {
      known = data.meta
        // eslint-disable-next-line no-restricted-syntax -- Titles only: without them members are named by their names, and the next preview asks again.
        ? data.meta().catch(() => {
          this.metas.delete(deploymentId);
          return null;
        })
        : Promise.resolve(null);
      this.metas.set(deploymentId, known);
    }
    return known;
  }
}
