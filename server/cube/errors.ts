/**
 * A query Cube refuses as the user's mistake, raised by its API gateway (parsing, checking, date ranges):
 * answered `400 {error}`, as the gateway's own `UserError` is.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}

/**
 * A query Cube's schema compiler refuses (an unknown member, a measure filter in an ungrouped query): its
 * `UserError` carries a type, so the answer is `400 {type: "UserError", error}`.
 */
export class ModelQueryError extends QueryError {}

/**
 * A failure Cube raises as a plain `Error` although the query caused it (the row limit, a hidden member):
 * its gateway answers those `500 {error: "Error: …"}`, and so does the local platform.
 */
export class CubePlainError extends Error {
  override readonly name = 'CubePlainError';
}
