/**
 * What a word speaks for (issue 42, "Words fit the mode"): the managed platform, or a Cube deployment reached
 * straight, named by its address, whose token was pasted or got by signing in (only then may a word say "sign in").
 */
export type ConnectedTo = PlatformConnectedTo | CubeConnectedTo;

export interface PlatformConnectedTo {
  kind: 'platform';
}

export interface CubeConnectedTo {
  kind: 'cube';
  /** The Cube REST API's address as connected (without `/v1`); words name its origin. */
  apiUrl: string;
  token: 'pasted' | 'sign-in';
}

/** What the pane is connected to: the platform, a Cube deployment, or both (issue 26). */
export interface PaneConnectedTo {
  platform: boolean;
  cube: CubeConnectedTo | null;
}

export const PLATFORM: PlatformConnectedTo = { kind: 'platform' };

/** Before anything is connected the pane speaks for the platform: its sign-in is the first thing it shows. */
export const PLATFORM_ONLY: PaneConnectedTo = { platform: true, cube: null };

/** An address's origin, or the address as given when it cannot be parsed. */
export function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return address;
  }
}

/**
 * Which of the pane's connections a failure is about: the Cube deployment when it is the only one, or when the
 * failed request (`requestUrl`, where the failure has one) went to it; else the platform.
 */
export function connectedToOf(pane: PaneConnectedTo, requestUrl?: string): ConnectedTo {
  const { cube } = pane;
  if (!cube) return PLATFORM;
  if (!pane.platform) return cube;
  return requestUrl !== undefined && originOf(requestUrl) === originOf(cube.apiUrl) ? cube : PLATFORM;
}
