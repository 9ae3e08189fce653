/**
 * How a dialog ended: its page's first message with the origin that sent it (null where an older Office
 * does not say), closed by the user, or failed.
 */
export type DialogOutcome =
  | { kind: 'message'; message: string; origin: string | null }
  | { kind: 'closed' }
  | { kind: 'failed'; code: number | null };
