import { metaResponse } from '../cube/meta';
import type { SemanticModel } from '../cube/model';
import type { AgentCatalog, CatalogMember } from './understanding';

/** Distinct values kept per string dimension: enough for categories and regions, not for names. */
const MAX_VALUES = 200;

/** Runs a Cube query for the agent and answers its rows as `/v1/load`'s `data`. */
export type RowsLoader = (query: Record<string, unknown>) => Promise<Record<string, unknown>[]>;

/**
 * The agent's catalog: the view's members as `/v1/meta` describes them (what the real agent reads too), and the
 * distinct values of its string dimensions, looked up once with ordinary queries.
 */
export async function loadCatalog(model: SemanticModel, viewName: string, load: RowsLoader): Promise<AgentCatalog> {
  const view = model.cube(viewName);
  if (!view) throw new Error(`The agent's view "${viewName}" is not in the semantic model`);
  const [described] = metaResponse([view]).cubes as { measures: CatalogMember[]; dimensions: CatalogMember[] }[];
  if (!described) throw new Error(`The agent's view "${viewName}" shows no members`);
  const values: Record<string, string[]> = {};
  for (const dimension of described.dimensions.filter((d) => d.type === 'string')) {
    const rows = await load({ dimensions: [dimension.name], order: { [dimension.name]: 'asc' }, limit: MAX_VALUES + 1 });
    // A dimension with more values than that is a name or an id: matching its values would mistake words for filters.
    if (rows.length > MAX_VALUES) continue;
    values[dimension.name] = rows.map((row) => row[dimension.name]).filter((v): v is string => typeof v === 'string' && v !== '');
  }
  return { measures: described.measures, dimensions: described.dimensions, values };
}
