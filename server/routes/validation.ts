import type { z } from 'zod';
import { jsonTextWithinDepth, JsonTooDeepError } from '../../src/core/json-depth';
import { badRequest } from '../http';

/**
 * Body fields that carry JSON as text (a report's `jsonQuery`): parsed later (checksums, the pane), so the body's
 * own depth check never saw inside them. They are held to the same limit here, before anything parses them.
 */
const JSON_TEXT_FIELDS = ['jsonQuery'];

/**
 * Validates a request body with a contract schema; a failure is `400` naming the first bad field. `messages`
 * gives friendlier words for particular top-level fields.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, messages: Record<string, string> = {}): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) {
    for (const field of JSON_TEXT_FIELDS) {
      const text: unknown = (result.data as Record<string, unknown> | null)?.[field];
      if (typeof text === 'string' && !jsonTextWithinDepth(text)) throw badRequest(new JsonTooDeepError(`'${field}'`).message);
    }
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const friendly = messages[String(issue.path[0] ?? '')];
  throw badRequest(friendly ?? (field ? `Invalid '${field}': ${issue.message}` : `Invalid request body: ${issue.message}`));
}
