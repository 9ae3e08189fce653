import type { AppConfigResponse, CubeLoadResult, CubeMeta, CubeQuery, Deployment } from '../contract';
import { memo } from '../placements/shared-promises';
import type { DataClient, DataSource } from '../ports/data-source';
import { asFormulaError, FormulaError, isUnreachable, SourceUnreachable } from './formula-errors';

/** Where a formula's numbers come from: the signed-in connection's deployments and the workbook's default among them. */
export interface FormulaSourcePorts {
  data: DataSource;
  deployments: () => readonly Deployment[];
  /** The workbook's default deployment for formulas (a pane setting kept in the workbook), or null when none is set. */
  defaultDeployment: () => Promise<number | null>;
  /** Read at each call, so an administrator's change applies at once. */
  appConfig: () => AppConfigResponse;
  /** The time zone queries run in (the user's or the admin's setting, as placements use), or null for the data API's own. */
  timezone: () => string | null;
  /** Told once, when the first formula has its answer: the workbook has formulas for Refresh all. */
  formulasAnswered?: () => void;
}

/** What a refresh reads again: the data models of these deployments, and the default deployment if it was read. */
export interface ReadAgain {
  deploymentIds: number[];
  hadDefault: boolean;
}

export const NO_DEPLOYMENT_MESSAGE = 'Choose a deployment for formulas in the pane\'s settings, or name one as the last argument.';
export const DOWNLOAD_RESTRICTED_MESSAGE = 'Your administrator has turned off data download, so formulas cannot fetch numbers.';

/**
 * A formula's deployment (named by its last, unpaired argument, by name or id, else the workbook's default; with one
 * deployment, that one), its data client and its `/v1/meta`, which is kept until the next refresh.
 *
 * Retries are bounded per refresh, not per cell: each request is tried as the client tries it (`HttpClient`: at most
 * 4 attempts, backing off about 250, 500 and 1,000 ms), and the first one that cannot reach the data API or the
 * platform (`isUnreachable`) is kept until the next refresh: every later request fails at once with it, so an outage
 * costs one failed `/v1/meta` (or the `/v1/load`s already under way) per refresh, however many cells ask.
 */
export class FormulaSources {
  /** Each deployment's data model, and the workbook's default deployment (a read is a round trip to Excel), kept until the next refresh; a failed read is not kept. */
  private readonly metas = memo<CubeMeta>();
  private readonly chosen = memo<number | null>();
  /** The first outage met since the last refresh; null while the source answers. */
  private outage: SourceUnreachable | null = null;

  constructor(private readonly ports: FormulaSourcePorts) {}

  /** Refuses every call while the administrator has turned data download off (as placing does). */
  checkDownloadAllowed(): void {
    if (this.ports.appConfig().restrictDataDownload) throw new FormulaError('notAvailable', DOWNLOAD_RESTRICTED_MESSAGE);
  }

  async deploymentOf(named: unknown): Promise<number> {
    const deployments = this.ports.deployments();
    if (named !== null && named !== undefined && named !== '') {
      const text = String(named).trim();
      const found = deployments.find((d) => String(d.id) === text) ?? deployments.find((d) => d.name.toLowerCase() === text.toLowerCase());
      if (!found) throw new FormulaError('invalidValue', `No deployment is named "${text}". Name one of: ${deployments.map((d) => d.name).join(', ')}.`);
      return found.id;
    }
    const chosen = await this.chosen.get('default', undefined, this.ports.defaultDeployment);
    if (chosen !== null && deployments.some((d) => d.id === chosen)) return chosen;
    if (deployments.length === 1) return deployments[0]!.id;
    throw new FormulaError('notAvailable', NO_DEPLOYMENT_MESSAGE);
  }

  client(deploymentId: number): Promise<DataClient> {
    return this.unlessUnreachable(() => this.ports.data.forDeployment(deploymentId));
  }

  /** Runs a query in the settings' time zone, so a formula's periods are those a placed report of the same query shows. */
  async load(deploymentId: number, query: CubeQuery): Promise<CubeLoadResult> {
    const timezone = this.ports.timezone();
    const client = await this.client(deploymentId);
    return this.unlessUnreachable(() => client.load(timezone ? { ...query, timezone } : query));
  }

  /** The deployment's data model; a failed read is not kept, so the next call asks again. */
  meta(deploymentId: number): Promise<CubeMeta> {
    return this.metas.get(String(deploymentId), undefined, async () => {
      const client = await this.client(deploymentId);
      const read = client.meta?.bind(client);
      if (!read) throw new FormulaError('notAvailable', 'This connection does not describe its data model, so members cannot be looked up.');
      return this.unlessUnreachable(() => read());
    });
  }

  /** Forgets the data models and the default deployment read (a refresh reads them again); answers what to read again. */
  forget(): ReadAgain {
    const deploymentIds = [...this.metas.held.keys()].map(Number);
    const hadDefault = this.chosen.held.has('default');
    this.metas.held.clear();
    this.chosen.held.clear();
    this.outage = null;
    return { deploymentIds, hadDefault };
  }

  /**
   * Reads again at once what the last calculation used (`forget`'s answer): a refresh then has Excel calculate, and
   * these reads go alongside that request and the calculation rather than after its first calls arrive (each call
   * needs the deployment, then its data model, before its query).
   */
  readAgain({ deploymentIds, hadDefault }: ReadAgain): void {
    const reads: Promise<unknown>[] = deploymentIds.map((id) => this.meta(id));
    if (hadDefault) reads.push(this.chosen.get('default', undefined, this.ports.defaultDeployment));
    // eslint-disable-next-line no-restricted-syntax -- nothing is lost: a failed read is not kept, and the calls that need it read again and meet the error themselves.
    for (const read of reads) void read.catch(() => undefined);
  }

  /** Sends the request unless this refresh already met an outage; an outage it meets is kept (see the class). */
  private async unlessUnreachable<T>(send: () => Promise<T>): Promise<T> {
    if (this.outage) throw this.outage;
    try {
      return await send();
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.outage ??= asFormulaError(error) as SourceUnreachable;
      throw this.outage;
    }
  }
}
