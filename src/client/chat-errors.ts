/** Failures particular to the Agent chat API; transport failures use the shared types of `errors.ts`. */

/** The message is longer than the agent accepts; nothing was sent. */
export class ChatInputTooLongError extends Error {
  override readonly name = 'ChatInputTooLongError';
  constructor(readonly length: number, readonly maxLength: number) {
    super(`The message is ${length.toLocaleString('en-US')} characters long; the agent accepts at most ${maxLength.toLocaleString('en-US')}. Shorten it and send it again.`);
  }
}

/**
 * The answer stopped before the stream's last frame (`__usage__`): the connection closed or broke mid-answer.
 * What arrived is partial. Sending the same `chatId`, `messageId` and input again resumes or re-asks the turn;
 * reading the thread back (`chatId`, no input) shows what the agent finished.
 */
export class ChatStreamCutError extends Error {
  override readonly name = 'ChatStreamCutError';
  constructor(
    /** The thread's id when the server had told it (`__cutoff__`), else the request's, else null. */
    readonly chatId: string | null,
    /** The turn's `messageId`, to resend it. */
    readonly messageId: string | null,
    options?: { cause?: unknown },
  ) {
    super('The answer was cut off before it finished (the connection to the agent closed). Try again to continue it.', options);
  }
}

/**
 * The agent's server restarted mid-answer more times in a row than the client resumes (or before the thread's
 * id was known, so it could not be resumed); the turn can be resent later with the same `messageId`.
 */
export class ChatSuspendedError extends Error {
  override readonly name = 'ChatSuspendedError';
  constructor(
    readonly chatId: string | null,
    readonly messageId: string | null,
    readonly resumes: number,
    /** The server's own words on its last `__suspended__` frame. */
    readonly serverMessage: string | null,
  ) {
    const resumed = resumes === 0 ? '' : ` (resumed ${resumes} ${resumes === 1 ? 'time' : 'times'})`;
    super(`The agent's server restarted before it finished the answer${resumed}. Try again in a minute.`);
  }
}
