import type { PlatformContext } from '../context';
import type { Router } from '../http';
import { scimDiscoveryRoutes } from '../scim/discovery';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from '../scim/groups';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from '../scim/users';

/** SCIM 2.0 (scim.yaml, RFC 7643/7644) on `/api/scim/v2`: Users, Groups and discovery. */
export function scimRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/api/scim/v2/Users', (r) => listUsers(ctx, r))
    .add('POST', '/api/scim/v2/Users', (r) => createUser(ctx, r))
    .add('GET', '/api/scim/v2/Users/:id', (r) => getUser(ctx, r))
    .add('PUT', '/api/scim/v2/Users/:id', (r) => replaceUser(ctx, r))
    .add('PATCH', '/api/scim/v2/Users/:id', (r) => patchUser(ctx, r))
    .add('DELETE', '/api/scim/v2/Users/:id', (r) => deleteUser(ctx, r))
    .add('GET', '/api/scim/v2/Groups', (r) => listGroups(ctx, r))
    .add('POST', '/api/scim/v2/Groups', (r) => createGroup(ctx, r))
    .add('GET', '/api/scim/v2/Groups/:id', (r) => getGroup(ctx, r))
    .add('PUT', '/api/scim/v2/Groups/:id', (r) => replaceGroup(ctx, r))
    .add('PATCH', '/api/scim/v2/Groups/:id', (r) => patchGroup(ctx, r))
    .add('DELETE', '/api/scim/v2/Groups/:id', (r) => deleteGroup(ctx, r));
  scimDiscoveryRoutes(router, ctx);
}
