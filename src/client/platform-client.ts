import { z } from 'zod';
import {
  AppConfigResponse, DeploymentEnvironmentsListResponse, DeploymentsListResponse, Deployment, DeploymentTokenResponse,
  ExternalDocumentPlacementsListResponse, FolderAncestors, FoldersListResponse, nextCursor, Report, ReportsListResponse, User,
  type ConnectReportToWorkbookInput, type CreateReportInput, type DeploymentEnvironment, type DisconnectReportFromWorkbookInput,
  type ExternalDocumentPlacement, type Folder, type Page, type RefreshReportInput, type ReportListParams, type UpdateReportInput,
  type UserSettingsInput,
} from '../contract';
import { HttpClient, type HttpClientOptions } from './http';

export type PlatformClientOptions = Omit<HttpClientOptions, 'authorization'> & {
  /** The user's Platform API token (an OAuth access token or an API key), sent as `Bearer`. */
  accessToken: () => string | Promise<string>;
};

export interface FolderListParams {
  /** The folder whose children to list; the workspace root when absent. */
  parentId?: number;
  first?: number;
  after?: string;
}

const seg = (value: string | number) => encodeURIComponent(String(value));
const deploymentPath = (deploymentId: number) => `/api/v1/deployments/${seg(deploymentId)}`;

/** The Platform API calls the add-in makes (api.yaml), each answer parsed with the shared contract. */
export class PlatformClient {
  private readonly http: HttpClient;

  constructor(options: PlatformClientOptions) {
    const { accessToken, ...rest } = options;
    this.http = new HttpClient({ ...rest, authorization: async () => `Bearer ${await accessToken()}` });
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** Every deployment the user sees, page after page. */
  listDeployments(signal?: AbortSignal): Promise<Deployment[]> {
    return collect(pages((after) => this.http.request(DeploymentsListResponse, { path: '/api/v1/deployments', query: { first: 100, after }, signal })));
  }

  getDeployment(deploymentId: number, signal?: AbortSignal): Promise<Deployment> {
    return this.http.request(Deployment, { path: deploymentPath(deploymentId), signal });
  }

  async listEnvironments(deploymentId: number, signal?: AbortSignal): Promise<DeploymentEnvironment[]> {
    const page = await this.http.request(DeploymentEnvironmentsListResponse, { path: `${deploymentPath(deploymentId)}/environments`, signal });
    return page.items;
  }

  /** A Cube token for the deployment's Core data API, `expiresIn` seconds (60..86400) long. */
  issueDeploymentToken(deploymentId: number, expiresIn?: number, signal?: AbortSignal): Promise<DeploymentTokenResponse> {
    return this.http.request(DeploymentTokenResponse, {
      method: 'POST',
      path: `${deploymentPath(deploymentId)}/token`,
      body: expiresIn === undefined ? {} : { expiresIn },
      signal,
    });
  }

  getCurrentUser(signal?: AbortSignal): Promise<User> {
    return this.http.request(User, { path: '/api/v1/users/me', signal });
  }

  updateSettings(patch: UserSettingsInput, signal?: AbortSignal): Promise<User> {
    return this.http.request(User, { method: 'PATCH', path: '/api/v1/users/me/settings', body: patch, signal });
  }

  getAppConfig(signal?: AbortSignal): Promise<AppConfigResponse> {
    return this.http.request(AppConfigResponse, { path: '/api/v1/app-config', signal });
  }

  listReports(deploymentId: number, params: ReportListParams = {}, signal?: AbortSignal): Promise<z.infer<typeof ReportsListResponse>> {
    return this.http.request(ReportsListResponse, { path: `${deploymentPath(deploymentId)}/reports`, query: { ...params }, signal });
  }

  /** Every report matching `params`, page after page, fetched only as the caller iterates. */
  iterateReports(deploymentId: number, params: Omit<ReportListParams, 'after'> = {}, signal?: AbortSignal): AsyncGenerator<Report> {
    return pages((after) => this.listReports(deploymentId, { ...params, after }, signal));
  }

  /** One report as it is now: a refresh reads it again so it runs the current definition. */
  getReport(deploymentId: number, reportId: number, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, { path: `${deploymentPath(deploymentId)}/reports/${seg(reportId)}`, signal });
  }

  createReport(deploymentId: number, report: CreateReportInput, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, { method: 'POST', path: `${deploymentPath(deploymentId)}/reports`, body: report, signal });
  }

  updateReport(deploymentId: number, reportId: number, update: UpdateReportInput, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, { method: 'PUT', path: `${deploymentPath(deploymentId)}/reports/${seg(reportId)}`, body: update, signal });
  }

  /**
   * Deletes a report (`deleteReport`, which documents no answer body: `204`, or any JSON, is success). Not
   * retried: a repeat after a lost answer would be a 404 for a report already gone.
   */
  async deleteReport(deploymentId: number, reportId: number, signal?: AbortSignal): Promise<void> {
    await this.http.request(z.unknown(), { method: 'DELETE', path: `${deploymentPath(deploymentId)}/reports/${seg(reportId)}`, signal });
  }

  upsertReportByPublicId(deploymentId: number, publicId: string, report: CreateReportInput, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'PUT',
      path: `${deploymentPath(deploymentId)}/reports/by-public-id/${seg(publicId)}`,
      body: report,
      signal,
    });
  }

  connectWorkbook(deploymentId: number, reportId: number, placement: ConnectReportToWorkbookInput, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'PUT',
      path: `${deploymentPath(deploymentId)}/reports/${seg(reportId)}/connect-workbook`,
      body: placement,
      signal,
    });
  }

  /** Removes one placement; the target goes in a JSON body, and one that matches nothing changes nothing. */
  disconnectWorkbook(deploymentId: number, reportId: number, target: DisconnectReportFromWorkbookInput, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'DELETE',
      path: `${deploymentPath(deploymentId)}/reports/${seg(reportId)}/connect-workbook`,
      body: target,
      signal,
      // Retrying is safe: a second delete of the same target changes nothing.
      idempotent: true,
    });
  }

  recordRefresh(deploymentId: number, reportId: number, refresh: RefreshReportInput, signal?: AbortSignal): Promise<Report> {
    return this.http.request(Report, {
      method: 'PUT',
      path: `${deploymentPath(deploymentId)}/reports/${seg(reportId)}/refresh`,
      body: refresh,
      signal,
    });
  }

  /** One level of the folder tree: the workspace root, or `parentId`'s children. */
  listFolders(deploymentId: number, params: FolderListParams = {}, signal?: AbortSignal): Promise<z.infer<typeof FoldersListResponse>> {
    return this.http.request(FoldersListResponse, { path: `${deploymentPath(deploymentId)}/folders`, query: { ...params }, signal });
  }

  /** All of one level, page after page. */
  allFolders(deploymentId: number, parentId?: number, signal?: AbortSignal): Promise<Folder[]> {
    return collect(pages((after) => this.listFolders(deploymentId, { parentId, first: 100, after }, signal)));
  }

  /** The way to a folder for a breadcrumb: the root first, down to and including the folder. */
  folderAncestors(deploymentId: number, folderId: number, signal?: AbortSignal): Promise<Folder[]> {
    return this.http.request(FolderAncestors, { path: `${deploymentPath(deploymentId)}/folders/${seg(folderId)}/ancestors`, signal });
  }

  /**
   * Every placement in one spreadsheet across the tenant (changelog v0.13.0), including those the user may not
   * read. A server without the endpoint answers 404 (`ApiError`), and callers fall back per deployment.
   */
  externalDocumentPlacements(externalWorkbookId: string, signal?: AbortSignal): Promise<ExternalDocumentPlacement[]> {
    const path = `/api/v1/external-documents/${seg(externalWorkbookId)}/placements`;
    return collect(pages((after) => this.http.request(ExternalDocumentPlacementsListResponse, { path, query: { after }, signal })));
  }
}

/** The items of a cursor-paged list, each page fetched only as the caller iterates. */
async function* pages<T>(fetchPage: (after: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let after: string | undefined;
  do {
    const page = await fetchPage(after);
    yield* page.items;
    after = nextCursor(page) ?? undefined;
  } while (after);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

