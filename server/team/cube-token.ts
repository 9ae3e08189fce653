import type { ExternalCube, PlatformContext } from '../context';
import { HttpError } from '../http';
import type { UserRecord } from '../store/rows';
import { securityContext } from './security-context';

/**
 * A user's token for a team's Cube: their security context signed with the Cube's API secret; or, for a Cube that
 * verifies the company's sign-in itself (`oidc-pass-through`), the ID token the company's provider gave them at
 * sign-in. What the add-in's data requests carry, and what the agent's queries for them carry.
 */
export async function teamCubeToken(ctx: PlatformContext, cube: ExternalCube, user: UserRecord, seconds: number): Promise<string> {
  if (!cube.signToken) {
    if (!ctx.companyIdToken) throw new HttpError(409, 'This deployment\'s Cube checks the company sign-in itself, and this server signs nobody in through a company provider');
    return ctx.companyIdToken(user.id);
  }
  const context = await ctx.db.read((tx) => securityContext(tx, user, cube));
  return cube.signToken(context, seconds);
}
