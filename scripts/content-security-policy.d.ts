export const OFFICE_JS_ORIGIN: string;
export function contentSecurityPolicy(options: { dev: boolean; platformOrigins?: string[]; devSocket?: string }): string;
export function platformOriginsFrom(value: string | undefined): string[];
