import type { Deployment, DeploymentEnvironment } from '../contract';

/**
 * Where a deployment's Core data API lives (contract.md): the production environment's REST credential `url`
 * (else any environment's), with or without a trailing `/v1`, which clients must not double; failing that,
 * `deploymentUrl` + `/cubejs-api`. The answer has no trailing `/v1`: clients append `/v1/load` and `/v1/meta`.
 */
export function dataApiBase(deployment: Pick<Deployment, 'deploymentUrl'>, environments: readonly DeploymentEnvironment[]): string {
  const rank = (e: DeploymentEnvironment) => (e.type === 'production' ? 0 : 1);
  const rest = [...environments]
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((e) => e.api_credentials)
    .find((credential) => credential.type === 'rest' && credential.url);
  const base = rest?.url ?? `${deployment.deploymentUrl.replace(/\/+$/, '')}/cubejs-api`;
  return base.replace(/\/+$/, '').replace(/\/v1$/, '');
}
