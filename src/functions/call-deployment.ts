import { sourceArgument, unpairedDimension, type FormulaFunction } from '../core/formula-args';
import type { FormulaSources } from './formula-sources';

/**
 * The deployment a call asks: the one its unpaired last argument names, else the workbook's default. When that
 * argument names no deployment but a dimension of the default's model (`RS.VALUE("Revenue", "Region")`), the pairs
 * are what is wrong, and the error says so rather than that no deployment is named "Region".
 */
export async function deploymentOfCall(sources: FormulaSources, pairs: readonly unknown[], fn: FormulaFunction): Promise<number> {
  const named = sourceArgument(pairs);
  try {
    return await sources.deploymentOf(named);
  } catch (error) {
    if (named === null) throw error;
    throw (await pairsError(sources, named, fn)) ?? error;
  }
}

/** The error naming the pairs when `named` is a dimension of the default deployment's model; null when it is not, or cannot be told. */
async function pairsError(sources: FormulaSources, named: string, fn: FormulaFunction): Promise<Error | null> {
  try {
    return unpairedDimension(await sources.meta(await sources.deploymentOf(null)), named, fn);
  } catch {
    // No default deployment or no model to look in: the deployment's own error stands.
    return null;
  }
}
