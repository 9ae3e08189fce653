import type { CubeFilter, CubeMeta, CubeQuery } from '../contract';
import type { DataSource } from '../ports/data-source';

/**
 * Where an agent's answer can be placed. The Chat API does not say which deployment an agent answers over, so
 * the answer's query goes to the deployment the user browses when its model has every member the query names,
 * else to the first other deployment whose model has them all.
 */

/** Every member a query names: measures, dimensions, time dimensions, segments and filtered members. */
export function queryMembers(query: CubeQuery): string[] {
  const members = new Set<string>([...(query.measures ?? []), ...(query.dimensions ?? []), ...(query.segments ?? [])]);
  for (const td of query.timeDimensions ?? []) members.add(td.dimension);
  const visit = (filter: CubeFilter) => {
    if ('and' in filter) filter.and.forEach(visit);
    else if ('or' in filter) filter.or.forEach(visit);
    else {
      const member = filter.member ?? filter.dimension;
      if (member) members.add(member);
    }
  };
  (query.filters ?? []).forEach(visit);
  return [...members];
}

function modelHas(meta: CubeMeta, members: readonly string[]): boolean {
  const known = new Set(meta.cubes.flatMap((cube) => [...cube.measures, ...cube.dimensions, ...cube.segments].map((m) => m.name)));
  return members.every((member) => known.has(member));
}

/** Where an answer's query goes, with the model that was read to decide it (the builder starts from it). */
export interface AnswerTarget {
  deploymentId: number;
  meta: CubeMeta;
}

/** The deployment to place the query in, or null when no deployment's model has all its members. */
export async function deploymentForQuery(
  data: Pick<DataSource, 'forDeployment'>, deploymentIds: readonly number[], preferredId: number, query: CubeQuery,
): Promise<AnswerTarget | null> {
  const members = queryMembers(query);
  const order = [preferredId, ...deploymentIds.filter((id) => id !== preferredId)];
  for (const id of order) {
    // One at a time, the browsed deployment first: most answers are about it, and each model is a request.
    const client = await data.forDeployment(id);
    const meta = client.meta && (await client.meta());
    if (meta && modelHas(meta, members)) return { deploymentId: id, meta };
  }
  return null;
}
