import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { Page, Request } from 'playwright-core';
import { startCubeCore, type RunningCubeCore } from '../../../server/cube-core';
import { Database } from '../../../server/store/database';
import { createSampleData } from '../../../server/store/sample-data';
import type { CubeQuery } from '../../../src/contract';
import type { TestPlatform } from '../../support/local-platform';
import { freshWorkbench } from './actions';
import { settledPaint } from './pane';
import { screenshots, useWorkbench } from './workbench';

/** The Cube Core stand-in (`server/cube-core`) and what a browser test of the pane's Cube API mode needs beside it. */


/**
 * A Cube Core stand-in over a throwaway database, answering CORS for `corsOrigins` only (Cube's `http.cors.origin`),
 * tokens checked with its API secret (HS256), as `npm run start:cube` serves one.
 */
export function startCubeStandIn(corsOrigins: string[], secret = `cube-secret-${Math.random().toString(36).slice(2)}`): Promise<RunningCubeCore> {
  return startCubeCore({ dataDir: ':memory:', corsOrigins, jwt: { apiSecret: secret }, log: () => undefined });
}

/** A workbench and a Cube stand-in answering its page, as `useCubeStandIn` registers them. */
export interface CubeBench {
  readonly page: Page;
  readonly platform: TestPlatform;
  /** The workbench's address (the origin the stand-in answers CORS for). */
  readonly url: string;
  readonly cube: RunningCubeCore;
}

/**
 * Registers a workbench and a Cube stand-in answering its page for the test file (started before its tests, closed
 * after them). Read the returned object's properties inside tests: they are set once `beforeAll` has run.
 */
export function useCubeStandIn(): CubeBench {
  // The first file to run builds the add-in (minutes on a busy machine).
  jest.setTimeout(600_000);
  const bench = useWorkbench();
  let cube: RunningCubeCore | undefined;
  beforeAll(async () => {
    cube = await startCubeStandIn([bench.workbench.server.url]);
  });
  afterAll(() => cube?.close());
  return {
    get page() {
      return bench.page;
    },
    get platform() {
      return bench.platform;
    },
    get url() {
      return bench.workbench.server.url;
    },
    get cube() {
      if (!cube) throw new Error('the Cube stand-in has not started');
      return cube;
    },
  };
}

/** A fresh workbench connected to the stand-in by token (`connectCube`), once the pane shows the workbook empty. */
export async function openEmptyWorkbookOnCube(bench: CubeBench): Promise<void> {
  await freshWorkbench(bench.page, `${bench.url}/workbench.html`);
  await connectCube(bench.page, bench.cube);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
}

/** A token as a customer's backend signs one: HS256 with `secret`, `exp` in `expiresInSeconds` (none when null). */
export async function cubeToken(secret: string, expiresInSeconds: number | null = 3_600, claims: Record<string, unknown> = { user_id: 'analyst@example.com' }): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (expiresInSeconds !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** A port nothing listens at (one that was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A web site at an address a user might take for the Cube API: every path answers 200 with an HTML page (a portal,
 * a proxy's sign-in page), with CORS open, as many such sites are.
 */
export async function startHtmlSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
    res.end(req.method === 'OPTIONS' ? '' : '<!doctype html><html><head><title>Analytics portal</title></head><body><h1>Welcome</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

export interface SentRequest {
  method: string;
  url: string;
  /** The Authorization header sent (Cube's: the token itself), if any. */
  authorization?: string;
}

/** Every request the page (and frames in it) sends, with its method and Authorization header, from the moment this is called. */
export function recordRequests(page: Page): { readonly all: SentRequest[]; stop(): void } {
  const all: SentRequest[] = [];
  const listener = (request: Request) => all.push({ method: request.method(), url: request.url(), authorization: request.headers().authorization });
  page.on('request', listener);
  return { all, stop: () => page.off('request', listener) };
}

/**
 * The requests that are neither the workbench's own static files (its origin, outside the proxied platform paths)
 * nor Cube REST API requests (`/cubejs-api/v1/...` at an origin other than the workbench's, which proxies the
 * platform's). What remains would be a Platform API call or something else the pane should not send in Cube mode.
 */
export function notCubeNorStatic(requests: SentRequest[], workbenchUrl: string): string[] {
  const workbench = new URL(workbenchUrl).origin;
  return requests.filter(({ url }) => {
    if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return false;
    const parsed = new URL(url);
    if (parsed.origin === workbench) return /^\/(api|cubejs-api|oauth|\.well-known)\//.test(parsed.pathname);
    return !/^\/cubejs-api\/v1\/[a-z-]+$/.test(parsed.pathname);
  }).map(({ method, url }) => `${method} ${url}`);
}

/**
 * The cells an independent `/v1/load` of `query` on the stand-in gives (sent from here, not the pane): the headers
 * (Cube's short titles), then the rows, dimensions as text and measures as numbers.
 */
export async function expectedGrid(cube: RunningCubeCore, query: CubeQuery): Promise<(string | number)[][]> {
  return gridWithToken(cube, query, await cube.signToken({ user_id: 'checker' }));
}

/** A screenshot for the README: into test-results/screenshots as the other browser tests take them, and docs/screenshots. */
export async function cubeShot(page: Page, name: string): Promise<string> {
  await settledPaint(page);
  mkdirSync(screenshots, { recursive: true });
  const path = join(screenshots, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

let reference: Promise<Database> | undefined;

/**
 * Independent SQL over a copy of the stand-in's sample data (the same generator, in a database of its own), as the
 * conformance tests check the Core data API: what the numbers in the cells should be, computed without the model.
 */
export async function referenceSql(sql: string): Promise<Record<string, unknown>[]> {
  reference ??= Database.open(':memory:').then(async (db) => {
    await db.transaction((tx) => createSampleData(tx));
    return db;
  });
  return (await reference).read((tx) => tx.all(sql));
}

/** Closes the reference copy (after a test file's tests). */
export async function closeReference(): Promise<void> {
  const db = await reference;
  reference = undefined;
  await db?.close();
}

/** What a Cube deployment that verifies tokens through a JWKS is configured with (CUBEJS_JWK_URL, CUBEJS_JWT_ISSUER, CUBEJS_JWT_AUDIENCE, CUBEJS_JWT_ALGS). */
export interface CubeJwksSettings {
  jwkUrl: string;
  issuer: string[];
  audience: string;
  algorithms?: string[];
  /** The port to listen at (one chosen beforehand, so the address is known as a resource before it starts); any free one by default. */
  port?: number;
}

/**
 * A Cube Core stand-in over a throwaway database whose JWT check goes through a JWKS (an OpenID Connect provider's
 * keys), answering CORS for `corsOrigins` only. Its `signToken` (the API secret) is not accepted by it: load with a
 * token the provider issued (`gridWithToken`).
 */
export function startJwksCubeStandIn(corsOrigins: string[], settings: CubeJwksSettings): Promise<RunningCubeCore> {
  const { port, ...jwt } = settings;
  return startCubeCore({ dataDir: ':memory:', port, corsOrigins, jwt: { algorithms: ['ES256'], ...jwt }, log: () => undefined });
}

/**
 * As `expectedGrid`, with `token` as the Authorization header (for a stand-in that checks tokens through a JWKS): the
 * cells an independent `/v1/load` of `query` gives, headers then rows.
 */
export async function gridWithToken(cube: RunningCubeCore, query: CubeQuery, token: string): Promise<(string | number)[][]> {
  const response = await fetch(`${cube.apiUrl}/load?query=${encodeURIComponent(JSON.stringify(query))}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`load answered ${response.status}: ${await response.text()}`);
  const { data: rows, annotation } = (await response.json()) as {
    data: Record<string, unknown>[];
    annotation: { measures: Record<string, { shortTitle: string }>; dimensions: Record<string, { shortTitle: string }> };
  };
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  const headers = [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)];
  return [headers, ...rows.map((row) => [...dimensions.map((d) => String(row[d])), ...measures.map((m) => Number(row[m]))])];
}

/**
 * As `notCubeNorStatic`, for a pane that signs in with the local platform's OAuth server (an OpenID Connect provider
 * reached at the workbench's origin): also lets through its `/oauth/...` and `/.well-known/...` requests. What remains
 * would be a Platform API call (`/api/...`), the platform's own Cube API, or something else.
 */
export function notCubeOAuthNorStatic(requests: SentRequest[], workbenchUrl: string): string[] {
  const workbench = new URL(workbenchUrl).origin;
  return notCubeNorStatic(requests, workbenchUrl).filter((line) => {
    const url = new URL(line.slice(line.indexOf(' ') + 1));
    return !(url.origin === workbench && /^\/(oauth|\.well-known)\//.test(url.pathname));
  });
}

/**
 * Connects the pane to the stand-in through its form, as a user does from the signed-out pane, with `token` (default:
 * one the stand-in takes, `cubeToken`), and waits until the pane says it is connected.
 */
export async function connectCube(page: Page, cube: RunningCubeCore, token?: string): Promise<void> {
  const link = page.getByRole('button', { name: 'Connect straight to a Cube API instead' });
  const form = page.getByRole('form', { name: 'Connect to a Cube API' });
  await Promise.race([link.waitFor(), form.waitFor()]);
  if (await link.isVisible()) await link.click();
  await form.getByRole('textbox', { name: /Cube REST API address/ }).fill(`${cube.url}/cubejs-api`);
  await form.getByLabel(/Cube API token/).fill(token ?? await cubeToken(cube.apiSecret));
  await form.getByRole('button', { name: 'Connect' }).click();
  await page.getByTestId('cube-connected').filter({ hasText: `Connected to the Cube API at ${new URL(cube.url).host}` }).waitFor();
}
