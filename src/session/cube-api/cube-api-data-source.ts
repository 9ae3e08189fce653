import type { DataClient, DataSource } from '../../ports/data-source';
import { OtherDeploymentError } from '../../workbook/errors';

/** The one deployment of a Cube API connection: one data client; any other deployment id is `OtherDeploymentError`. */
export class CubeApiDataSource implements DataSource {
  private client: DataClient | null = null;

  constructor(private readonly deploymentId: number, private readonly make: () => DataClient) {}

  async forDeployment(deploymentId: number): Promise<DataClient> {
    if (deploymentId !== this.deploymentId) throw new OtherDeploymentError(deploymentId, this.deploymentId);
    this.client ??= this.make();
    return this.client;
  }
}
