import type { PlatformClient } from '../../src/client';
import type { Report } from '../../src/contract';

/** A seeded (or test-made) report by its public id, fresh from the platform. */
export async function reportByPublicId(client: PlatformClient, deploymentId: number, publicId: string): Promise<Report> {
  for await (const report of client.iterateReports(deploymentId)) if (report.publicId === publicId) return report;
  throw new Error(`no report ${publicId}`);
}
