import type { AppConfigResponse, CubeLoadResult, CubeQuery, Report, User } from '../contract';
import { reportDefinition, type Pivot } from '../core/report-definition';
import { isFlatPivot } from '../layout/kind';
import { sampleQuery } from '../layout/sample-table';
import type { DataSource } from '../ports/data-source';
import { patientLoad, queryAsPlaced } from './patient-load';

/** A report's first rows as the preview knows them. */
export type SampleRows =
  /** The load is under way. */
  | { kind: 'loading' }
  /** The query's first rows (`sampleQuery`), with the query and pivot to lay them out by; `flat` as placing lays the report out. */
  | { kind: 'loaded'; result: CubeLoadResult; query: CubeQuery; pivot: Pivot; flat: boolean }
  /** The data API kept answering Continue wait past the preview's wait. */
  | { kind: 'slow' }
  | { kind: 'failed'; error: unknown }
  /** No rows to show: the report cannot be placed, or the admin restricts data download (the size says which). */
  | { kind: 'none' };

export interface ReportSamplerOptions {
  data: DataSource;
  user: () => User;
  appConfig: () => AppConfigResponse;
  /** How long a query answering Continue wait is waited for before the preview gives its rows up (default 10 s). */
  maxWaitMs?: number;
}

const SAMPLE_MAX_WAIT_MS = 10_000;

/**
 * A report's first rows for its preview: one `/v1/load` of the report's query as placing sends it (its time zone,
 * else the settings'), limited to `SAMPLE_ROWS` (`sampleQuery`), through the data source port. Nothing is written and
 * nothing recorded. A query that keeps answering Continue wait is given up after a while; placing never waits on it.
 */
export class ReportSampler {
  constructor(private readonly options: ReportSamplerOptions) {}

  async sample(report: Report, signal?: AbortSignal): Promise<SampleRows> {
    const definition = reportDefinition(report);
    const { user, appConfig } = this.options;
    if (!definition.placeable || appConfig().restrictDataDownload) return { kind: 'none' };
    const { query: definitionQuery, pivot } = definition;
    const query = sampleQuery(queryAsPlaced(definitionQuery, user(), appConfig()));
    try {
      const data = await this.options.data.forDeployment(report.deploymentId, signal);
      const load = await patientLoad(data, query, { maxWaitMs: this.options.maxWaitMs ?? SAMPLE_MAX_WAIT_MS, signal });
      if (load.kind === 'gave-up') return { kind: 'slow' };
      return { kind: 'loaded', result: load.result, query, pivot, flat: isFlatPivot(pivot) };
    } catch (error) {
      if (signal?.aborted) throw error;
      return { kind: 'failed', error };
    }
  }
}
