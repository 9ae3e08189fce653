export const DEV_ORIGIN: string;
export function productionOrigin(value: string): string;
export function manifestFor(xml: string, origin: string): string;
