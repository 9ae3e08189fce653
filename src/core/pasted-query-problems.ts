import type { FilterProblem } from './exploration-filters';
import type { JsonExpectation } from './json-syntax';

/**
 * What can be wrong with a pasted Cube query (pasted-query.ts), as data: the pane's catalog words each kind. `path`
 * is where in the query it is, as a Cube user reads it (`timeDimensions[0].granularity`).
 */

/** A member's role where the query names it, for "the model has no measure …". */
export type MemberRole = 'measure' | 'dimension' | 'time-dimension' | 'segment' | 'member';

/** What a field must hold, in words the catalog gives. */
export type ExpectedShape = 'object' | 'names' | 'name' | 'list' | 'whole-number' | 'true-or-false' | 'date-range' | 'order' | 'values';

export type PastedQueryProblem =
  | { kind: 'empty' }
  | { kind: 'too-long'; limit: number }
  | { kind: 'too-deep'; limit: number }
  | { kind: 'syntax'; line: number; column: number; expected: JsonExpectation; atEnd: boolean }
  | { kind: 'not-an-object' }
  /** A list of queries (Cube's data blending). */
  | { kind: 'several-queries' }
  | { kind: 'unknown-key'; path: string; key: string; suggestion: string | null }
  /** Part of Cube's format that the builder does not keep. */
  | { kind: 'not-kept'; path: string; key: string }
  | { kind: 'wrong-type'; path: string; expected: ExpectedShape }
  | { kind: 'missing'; path: string; key: string }
  | { kind: 'not-one-of'; path: string; value: string; allowed: readonly string[] }
  | { kind: 'unknown-operator'; path: string; member: string | null; operator: string; suggestions: string[] }
  /** An `and`/`or` group of filters. */
  | { kind: 'filter-group'; path: string }
  | { kind: 'nothing-to-show' }
  // Against the model:
  | { kind: 'unknown-member'; path: string; member: string; role: MemberRole; suggestions: string[] }
  | { kind: 'measure-as-dimension'; path: string; member: string; field: 'dimensions' | 'timeDimensions' }
  | { kind: 'dimension-as-measure'; path: string; member: string }
  | { kind: 'not-time-dimension'; path: string; member: string; type: string }
  | { kind: 'not-a-segment'; path: string; member: string; is: 'measure' | 'dimension' }
  | { kind: 'segment-as-member'; path: string; member: string; field: 'measures' | 'dimensions' | 'timeDimensions' | 'filters' | 'order' }
  | { kind: 'filter-values'; path: string; member: string; problem: FilterProblem }
  | { kind: 'date-range'; path: string; member: string; problem: FilterProblem };
