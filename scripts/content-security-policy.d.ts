export const OFFICE_JS_ORIGIN: string;
export const ANY_CUBE_API: string[];
export function contentSecurityPolicy(options: { dev: boolean; platformOrigins?: string[]; cubeOrigins?: string[] | null; devSocket?: string }): string;
export function platformOriginsFrom(value: string | undefined): string[];
export function cubeOriginsFrom(value: string | undefined): string[] | null;
