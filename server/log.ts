import pino, { type DestinationStream, type Logger } from 'pino';

/** What the server logs through: pino's calls (`log.info({ fields }, 'message')`). */
export type ServerLog = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * A team server's log: one JSON object per line on stdout (pino), for a log shipper to read. Credentials are never
 * logged by the code; the redaction is a second guard for a header or field that reaches a log anyway.
 */
export function jsonLog(destination?: DestinationStream): ServerLog {
  return pino({
    base: { service: 'report-sync-server' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['*.authorization', '*.cookie', '*.token', '*.secret', '*.password', '*.headers.authorization', '*.headers.cookie'], censor: '[redacted]' },
  }, destination);
}

/**
 * Tells a failure of the server's own (not the caller's): an error line of the JSON log on a team server, a line on
 * stderr for the local platform. `error` is an Error (its stack is logged) or words already stripped of anything secret.
 */
export type FailureReporter = (what: string, error: unknown) => void;

export function failureReporter(log: ServerLog | undefined): FailureReporter {
  if (log) return (what, error) => log.error(error instanceof Error ? { err: error } : { failure: String(error) }, what);
  return (what, error) => process.stderr.write(`local platform: ${what}: ${error instanceof Error ? error.stack : String(error)}\n`);
}
