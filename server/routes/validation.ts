import type { z } from 'zod';
import { badRequest } from '../http';

/**
 * Validates a request body with a contract schema; a failure is `400` naming the first bad field. `messages`
 * gives friendlier words for particular top-level fields.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, messages: Record<string, string> = {}): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const friendly = messages[String(issue.path[0] ?? '')];
  throw badRequest(friendly ?? (field ? `Invalid '${field}': ${issue.message}` : `Invalid request body: ${issue.message}`));
}
