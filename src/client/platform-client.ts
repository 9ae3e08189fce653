import { z } from 'zod';
import {
  AppConfig, DeploymentPage, EnvironmentPage, Report, ReportPage, TokenResponse, User,
  type ConnectWorkbook, type Deployment, type Environment, type PlacementAddress, type RefreshPlacement,
  type ReportListParams, type ReportUpsert, type UserSettingsPatch,
} from '../contract';
import { HttpClient, type HttpClientOptions } from './http';

export type PlatformClientOptions = Omit<HttpClientOptions, 'authorization'> & {
  /** The user's Platform API access token (sent as `Bearer`). */
  accessToken: () => string | Promise<string>;
};

const seg = encodeURIComponent;

/** The Platform API calls the add-in makes, each answer parsed with the shared contract. */
export class PlatformClient {
  private readonly http: HttpClient;

  constructor(options: PlatformClientOptions) {
    const { accessToken, ...rest } = options;
    this.http = new HttpClient({ ...rest, authorization: async () => `Bearer ${await accessToken()}` });
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /**
   * Ends a signed-in session: the platform revokes the session token this client carries. Long-lived API
   * tokens are not revoked by this (they are managed on the platform).
   */
  async signOut(signal?: AbortSignal): Promise<void> {
    await this.http.request(z.unknown(), { method: 'POST', path: '/auth/sign-out', signal });
  }

  async listDeployments(signal?: AbortSignal): Promise<Deployment[]> {
    const all: Deployment[] = [];
    let after: string | undefined;
    do {
      const page = await this.http.request(DeploymentPage, { path: '/api/v1/deployments/', query: { first: 100, after }, signal });
      all.push(...page.items);
      after = page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined;
    } while (after);
    return all;
  }

  async listEnvironments(deploymentId: string, signal?: AbortSignal): Promise<Environment[]> {
    const page = await this.http.request(EnvironmentPage, { path: `/api/v1/deployments/${seg(deploymentId)}/environments`, signal });
    return page.items;
  }

  /** A deployment token for the Core data API, `expiresIn` seconds (60..86400) long. */
  issueDeploymentToken(deploymentId: string, expiresIn?: number, signal?: AbortSignal): Promise<TokenResponse> {
    return this.http.request(TokenResponse, {
      method: 'POST',
      path: `/api/v1/deployments/${seg(deploymentId)}/token`,
      body: expiresIn === undefined ? {} : { expiresIn },
      signal,
    });
  }

  getCurrentUser(signal?: AbortSignal): Promise<User> {
    return this.http.request(User, { path: '/api/v1/users/me', signal });
  }

  updateSettings(patch: UserSettingsPatch, signal?: AbortSignal): Promise<User> {
    return this.http.request(User, { method: 'PATCH', path: '/api/v1/users/me/settings', body: patch, signal });
  }

  getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
    return this.http.request(AppConfig, { path: '/api/v1/app-config', signal });
  }

  listReports(deploymentId: string, params: ReportListParams = {}, signal?: AbortSignal): Promise<z.infer<typeof ReportPage>> {
    return this.http.request(ReportPage, {
      path: `/api/v1/deployments/${seg(deploymentId)}/reports`,
      query: { ...params },
      signal,
    });
  }

  /** Every report matching `params`, page after page, fetched only as the caller iterates. */
  async *iterateReports(deploymentId: string, params: Omit<ReportListParams, 'after'> = {}, signal?: AbortSignal): AsyncGenerator<Report> {
    let after: string | undefined;
    for (;;) {
      const page = await this.listReports(deploymentId, { ...params, after }, signal);
      yield* page.items;
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
      after = page.pageInfo.endCursor;
    }
  }

  upsertReportByPublicId(deploymentId: string, publicId: string, report: ReportUpsert, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'PUT',
      path: `/api/v1/deployments/${seg(deploymentId)}/reports/by-public-id/${seg(publicId)}`,
      body: report,
      signal,
    });
  }

  connectWorkbook(deploymentId: string, reportId: string, placement: ConnectWorkbook, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'PUT',
      path: `/api/v1/deployments/${seg(deploymentId)}/reports/${seg(reportId)}/connect-workbook`,
      body: placement,
      signal,
    });
  }

  disconnectWorkbook(deploymentId: string, reportId: string, address: PlacementAddress, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'DELETE',
      path: `/api/v1/deployments/${seg(deploymentId)}/reports/${seg(reportId)}/connect-workbook`,
      query: { ...address },
      signal,
    });
  }

  recordRefresh(deploymentId: string, reportId: string, refresh: RefreshPlacement, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'PUT',
      path: `/api/v1/deployments/${seg(deploymentId)}/reports/${seg(reportId)}/refresh`,
      body: refresh,
      signal,
    });
  }
}
