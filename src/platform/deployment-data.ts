import { CoreDataClient, dataApiBase, DeploymentTokenManager, untilAborted, type PlatformClient } from '../client';
import type { Deployment } from '../contract';
import type { DataClient, DataSource } from '../ports/data-source';

export type { DataClient } from '../ports/data-source';

/**
 * Each deployment's Core data API client, opened when first needed (its environments give the address) and
 * kept: the workbook home refreshes placements of every deployment, not only the one chosen for browsing.
 */
export class DeploymentDataClients implements DataSource {
  private readonly opened = new Map<number, Promise<DataClient>>();

  constructor(
    private readonly platform: PlatformClient,
    private readonly deployments: () => readonly Deployment[],
    private readonly make: (apiUrl: string, tokens: DeploymentTokenManager) => DataClient = (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens }),
  ) {}

  /**
   * The deployment's data client; a failure to open it is not kept, so the next call tries again. The opening is
   * shared by every caller, so no caller's signal stops it: `signal` stops only this caller's wait (a query cancelled,
   * or sent early and left unused, does not fail the others' connection).
   */
  forDeployment(deploymentId: number, signal?: AbortSignal): Promise<DataClient> {
    let client = this.opened.get(deploymentId);
    if (!client) {
      client = this.open(deploymentId);
      this.opened.set(deploymentId, client);
      // eslint-disable-next-line no-restricted-syntax -- The failure reaches the callers through `client`; this copy only forgets it, so the next call tries again.
      client.catch(() => this.opened.delete(deploymentId));
    }
    return signal ? untilAborted(client, signal) : client;
  }

  private async open(deploymentId: number): Promise<DataClient> {
    const tokens = new DeploymentTokenManager(this.platform, deploymentId);
    // The data API's token is asked for beside its address, not after it: the first query then waits for one request
    // (the environments), not two in a row. Not awaited here: the query that needs it awaits it.
    void askAhead(tokens);
    const known = this.deployments().find((d) => d.id === deploymentId);
    const deployment = known ?? (await this.platform.getDeployment(deploymentId));
    const environments = await this.platform.listEnvironments(deploymentId);
    return this.make(dataApiBase(deployment, environments), tokens);
  }
}

/**
 * A token asked for before a query needs it. Its failure is not lost: it is not kept (`DeploymentTokenManager`), so
 * the query that needs the token asks again and fails with the reason, in words for the user.
 */
async function askAhead(tokens: DeploymentTokenManager): Promise<void> {
  try {
    await tokens.getToken();
  } catch {
    // Said by the query that asks again, as above.
  }
}
