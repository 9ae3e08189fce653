import type { MetaMember } from '../../src/contract';
import type { AgentSource } from './source';
import type { AgentCatalog, CatalogMember } from './understanding';

/** Distinct values kept per string dimension: enough for categories and regions, not for names. */
const MAX_VALUES = 200;

/**
 * The agent's catalog: the view's members as the source's `/v1/meta` describes them to this viewer (what the real
 * agent reads too), and the distinct values of its string dimensions, looked up once with ordinary queries (so a
 * viewer whose rights hide rows sees only the values they may see).
 */
export async function loadCatalog(source: AgentSource, viewName: string): Promise<AgentCatalog> {
  const view = (await source.meta()).find((cube) => cube.name === viewName);
  if (!view) throw new Error(`The agent's view "${viewName}" is not in the deployment's /v1/meta`);
  const measures = view.measures.filter(shown).map(catalogMember);
  const dimensions = view.dimensions.filter(shown).map(catalogMember);
  if (!measures.length && !dimensions.length) throw new Error(`The agent's view "${viewName}" shows no members`);
  const values: Record<string, string[]> = {};
  for (const dimension of dimensions.filter((d) => d.type === 'string')) {
    const { rows } = await source.load({ dimensions: [dimension.name], order: { [dimension.name]: 'asc' }, limit: MAX_VALUES + 1 });
    // A dimension with more values than that is a name or an id: matching its values would mistake words for filters.
    if (rows.length > MAX_VALUES) continue;
    values[dimension.name] = rows.map((row) => row[dimension.name]).filter((v): v is string => typeof v === 'string' && v !== '');
  }
  return { measures, dimensions, values };
}

/** Cube's `/v1/meta` lists hidden members only to a caller allowed to see them; they are never the agent's words. */
const shown = (member: MetaMember) => member.isVisible !== false;

/** `title` and `shortTitle` are optional in `/v1/meta`; the agent's words need both, as Cube derives them from the name. */
function catalogMember(member: MetaMember): CatalogMember {
  const title = member.title ?? member.name;
  const { aggType, meta } = member;
  return {
    name: member.name, title, shortTitle: member.shortTitle ?? title, type: member.type, format: member.format, currency: member.currency,
    ...(typeof aggType === 'string' ? { aggType } : {}),
    ...(typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? { meta: meta as Record<string, unknown> } : {}),
  };
}
