/** The `fetch` the clients send with: the browser's, or a test's or a proxy's in its place. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
