/** A query Cube refuses as the user's mistake (its `UserError`): answered `400 {type: "UserError", error}`. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}

/**
 * A failure Cube raises as a plain `Error` although the query caused it (the row limit, a hidden member):
 * its gateway answers those `500 {error: "Error: …"}`, and so does the local platform.
 */
export class CubePlainError extends Error {
  override readonly name = 'CubePlainError';
}
