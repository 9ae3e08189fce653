export const DEV_ORIGIN: string;
export function productionOrigin(value: string): string;
export function manifestFor(xml: string, origin: string, extraDomains?: string[]): string;
export function appDomainsFrom(value: string | undefined): string[];
