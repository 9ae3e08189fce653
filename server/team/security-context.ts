import type { ExternalCube } from '../context';
import { primaryEmail, type UserRecord } from '../store/rows';
import type { StateConnection } from '../store/state-store';

/**
 * A user's security context for a team's Cube, what its `queryRewrite` and access policies read
 * (https://cube.dev/docs/product/auth/context): who they are (`sub`, `email`), their SCIM groups by display name, and
 * the attributes the configuration gives those groups. A list attribute two groups give is their union (a member of
 * EMEA Sales and US Sales sees both regions); a single value of a later group (by group id) replaces an earlier one's.
 */
export async function securityContext(tx: StateConnection, user: UserRecord, cube: ExternalCube): Promise<Record<string, unknown>> {
  const rows = await tx.all(
    `SELECT g.display_name FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ? ORDER BY g.id`, [user.id],
  );
  const groups = rows.map((row) => String(row.display_name));
  const configured = new Map(Object.entries(cube.groupAttributes).map(([name, attributes]) => [name.toLowerCase(), attributes]));
  const attributes: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [name, value] of Object.entries(configured.get(group.toLowerCase()) ?? {})) {
      const earlier = attributes[name];
      attributes[name] = Array.isArray(earlier) && Array.isArray(value) ? [...new Set([...earlier, ...value])] : value;
    }
  }
  return { ...attributes, sub: String(user.id), email: primaryEmail(user), groups };
}
