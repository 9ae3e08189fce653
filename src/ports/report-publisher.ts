import type { CreateReportInput, Report } from '../contract';

/**
 * Publishing a report by its stable public id (issue 26, "Publish to the platform"): only the Platform API has it
 * (`PUT …/reports/by-public-id/{publicId}`, `upsertReportByPublicId`), so it is a port of its own, which the platform's
 * report store implements, not a method every report store must have.
 */
export interface ReportPublisher {
  /**
   * Creates the report with that public id in the deployment, or, where one has it already, changes the fields sent
   * (`source` is create-only; updating needs edit access, creating the same access as `POST …/reports`). Answers the
   * report as it is afterwards. A public id held in another deployment is a 409 (`ApiError`).
   */
  upsertByPublicId(deploymentId: number, publicId: string, input: CreateReportInput, signal?: AbortSignal): Promise<Report>;
}
