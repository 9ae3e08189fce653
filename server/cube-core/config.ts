import { resolve } from 'node:path';
import type { CubeJwtOptions } from './auth';
import { parseCorsOrigins } from './cors';

/** The add-in's dev server (scripts/manifest-urls.js `DEV_ORIGIN`): the one origin CORS answers by default. */
const DEFAULT_CORS_ORIGIN = 'https://localhost:3000';
export const DEFAULT_CUBE_PORT = 4100;

export interface CubeCoreEnvironment {
  port: number;
  dataDir: string;
  corsOrigins: string[];
  jwt: Partial<CubeJwtOptions>;
}

/**
 * `npm run start:cube`'s settings. Tokens are configured with Cube's own variables, read as Cube reads them
 * (cubejs-backend-shared env.ts: `CUBEJS_JWT_ALGS` and `CUBEJS_JWT_ISSUER` comma-separated lists, the rest strings).
 * The rest are the stand-in's: `CUBE_PORT`, `CUBE_DATA_DIR`, and `CUBE_CORS_ORIGIN` (comma-separated) for what a
 * Cube deployment sets in its configuration file as `http.cors.origin`; Cube has no variable for it.
 */
export function cubeCoreEnvironment(env: NodeJS.ProcessEnv): CubeCoreEnvironment {
  const text = (name: string) => (env[name] ?? '').trim() || undefined;
  const list = (name: string) => text(name)?.split(',').map((item) => item.trim()).filter(Boolean);
  const portText = text('CUBE_PORT');
  const port = portText === undefined ? DEFAULT_CUBE_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`CUBE_PORT must be a port number, got "${portText}"`);
  const dataDirText = text('CUBE_DATA_DIR') ?? '.cube-data';
  const jwkUrl = text('CUBEJS_JWK_URL');
  if (jwkUrl && !/^https?:$/.test(URL.parse(jwkUrl)?.protocol ?? '')) throw new Error(`CUBEJS_JWK_URL must be an http(s) URL, got "${jwkUrl}"`);
  const corsOrigins = parseCorsOrigins(env.CUBE_CORS_ORIGIN ?? DEFAULT_CORS_ORIGIN);
  return {
    port,
    dataDir: dataDirText === ':memory:' ? dataDirText : resolve(dataDirText),
    corsOrigins,
    jwt: {
      apiSecret: text('CUBEJS_API_SECRET'),
      key: text('CUBEJS_JWT_KEY'),
      jwkUrl,
      audience: text('CUBEJS_JWT_AUDIENCE'),
      issuer: list('CUBEJS_JWT_ISSUER'),
      subject: text('CUBEJS_JWT_SUBJECT'),
      algorithms: list('CUBEJS_JWT_ALGS'),
      claimsNamespace: text('CUBEJS_JWT_CLAIMS_NAMESPACE'),
    },
  };
}
