/**
 * A query sent before it is known to be needed (the report as listed, while the report is read again): its result,
 * and a stop for when it turns out unused. Stopping it cancels only its own request: the deployment's data
 * connection it may have begun opening is shared and goes on (`DeploymentDataClients.forDeployment`).
 */
export function sendEarly<T>(run: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): { result: Promise<T>; drop(): void } {
  const unused = new AbortController();
  const result = run(signal ? AbortSignal.any([signal, unused.signal]) : unused.signal);
  // eslint-disable-next-line no-restricted-syntax -- a result that is used is awaited by its caller (its failure thrown there); one dropped fails nothing.
  void result.catch(() => undefined);
  return { result, drop: () => unused.abort() };
}
