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
