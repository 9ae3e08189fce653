import type { AppConfigResponse, CubeLoadResult, CubeMeta, CubeQuery, Deployment } from '../contract';
import type { DataClient, DataSource } from '../ports/data-source';
import { FormulaError } from './formula-errors';

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

export const NO_DEPLOYMENT_MESSAGE = 'Choose a deployment for formulas in the pane\'s settings, or name one as the last argument.';
export const DOWNLOAD_RESTRICTED_MESSAGE = 'Your administrator has turned off data download, so formulas cannot fetch numbers.';

/**
 * A formula's deployment (named by its last, unpaired argument, by name or id, else the workbook's default; with one
 * deployment, that one), its data client and its `/v1/meta`, which is kept until the next refresh.
 */
export class FormulaSources {
  private metas = new Map<number, Promise<CubeMeta>>();
  /** The workbook's default, read once (a read is a round trip to Excel) until the next refresh. */
  private chosen: Promise<number | null> | null = null;

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
    this.chosen ??= this.ports.defaultDeployment();
    let chosen: number | null;
    try {
      chosen = await this.chosen;
    } catch (error) {
      this.chosen = null;
      throw error;
    }
    if (chosen !== null && deployments.some((d) => d.id === chosen)) return chosen;
    if (deployments.length === 1) return deployments[0]!.id;
    throw new FormulaError('notAvailable', NO_DEPLOYMENT_MESSAGE);
  }

  client(deploymentId: number): Promise<DataClient> {
    return this.ports.data.forDeployment(deploymentId);
  }

  /** Runs a query in the settings' time zone, so a formula's periods are those a placed report of the same query shows. */
  async load(deploymentId: number, query: CubeQuery): Promise<CubeLoadResult> {
    const timezone = this.ports.timezone();
    return (await this.client(deploymentId)).load(timezone ? { ...query, timezone } : query);
  }

  /** The deployment's data model; a failed read is not kept, so the next call asks again. */
  meta(deploymentId: number): Promise<CubeMeta> {
    let meta = this.metas.get(deploymentId);
    if (!meta) {
      meta = (async () => {
        try {
          const client = await this.client(deploymentId);
          if (!client.meta) throw new FormulaError('notAvailable', 'This connection does not describe its data model, so members cannot be looked up.');
          return await client.meta();
        } catch (error) {
          this.metas.delete(deploymentId);
          throw error;
        }
      })();
      this.metas.set(deploymentId, meta);
    }
    return meta;
  }

  /** Forgets the data models and the default deployment read (a refresh reads them again). */
  forget(): void {
    this.metas.clear();
    this.chosen = null;
  }
}
