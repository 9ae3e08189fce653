/** A query the data API refuses: answered `400 {"error": message}` as Cube does. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}
