import { z } from 'zod';
import { IntegerId, listResponse, nullish, openEnum } from './common';

/** api.yaml `CreationStep` (deployments.yaml lists the values); the add-in does not act on it. */
export const CREATION_STEPS = ['project', 'upload', 'schema', 'github', 'ssh', 'databases', 'ready', 'demo'] as const;

/** api.yaml `Deployment`. */
export const Deployment = z.looseObject({
  id: IntegerId,
  name: z.string(),
  deploymentUrl: z.string(),
  creationStep: openEnum(CREATION_STEPS, null),
});
export type Deployment = z.infer<typeof Deployment>;

/** api.yaml `DeploymentsListResponse` (deprecated `data` and `pagination` still sent, not demanded). */
export const DeploymentsListResponse = listResponse(Deployment);

/** api.yaml `DeploymentEnvironmentApiCredential`. */
export const ApiCredential = z.looseObject({
  type: openEnum(['rest', 'sql'], null),
  version: z.number().int().min(1),
  url: nullish(z.string()),
  host: nullish(z.string()),
  port: nullish(z.number().int()),
  database: nullish(z.string()),
});
export type ApiCredential = z.infer<typeof ApiCredential>;

/** api.yaml `DeploymentEnvironment`. */
export const DeploymentEnvironment = z.looseObject({
  id: z.string(),
  type: openEnum(['production', 'staging', 'development'], null),
  api_credentials: z.array(ApiCredential),
  branch: nullish(z.string()),
  user: nullish(z.string()),
});
export type DeploymentEnvironment = z.infer<typeof DeploymentEnvironment>;

/** api.yaml `DeploymentEnvironmentsListResponse`. */
export const DeploymentEnvironmentsListResponse = listResponse(DeploymentEnvironment);

export const DEPLOYMENT_TOKEN_MIN_SECONDS = 60;
export const DEPLOYMENT_TOKEN_MAX_SECONDS = 86_400;

/** api.yaml `CreateDeploymentTokenInput`: omitted or null keeps the 24-hour default. */
export const CreateDeploymentTokenInput = z.object({
  expiresIn: z.number().int().min(DEPLOYMENT_TOKEN_MIN_SECONDS).max(DEPLOYMENT_TOKEN_MAX_SECONDS).nullish(),
});
export type CreateDeploymentTokenInput = z.infer<typeof CreateDeploymentTokenInput>;

/** api.yaml `DeploymentTokenResponse`: the Cube JWT only; its expiry is the JWT's own `exp`. */
export const DeploymentTokenResponse = z.looseObject({ cubeApiToken: z.string().min(1) });
export type DeploymentTokenResponse = z.infer<typeof DeploymentTokenResponse>;
