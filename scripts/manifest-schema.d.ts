export const SHARED_SCHEMA: string;
export const CURRENT_SCHEMA: string;
export function schemaErrors(schema: string, file: string): string[];
export function checkManifestOffline(file: string): { valid: boolean; report: string[] };
