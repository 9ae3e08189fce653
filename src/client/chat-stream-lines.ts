// The Agent chat API's newline-delimited JSON body, read line by line as it arrives; what the lines mean is
// src/client/chat-client.ts's business.
import { RequestCancelledError } from './errors';

/** Reading a body failed: the connection broke (`line` null), or the body ended inside `line`. */
export class StreamReadError extends Error {
  constructor(readonly line: string | null, options?: { cause?: unknown }) {
    super(line === null ? 'The connection broke mid-answer.' : 'The answer ended inside a line.', options);
  }
}

/**
 * Reads a newline-delimited body as it arrives: decodes UTF-8 across chunk boundaries, splits lines across
 * chunks (a chunk may hold many), drops a CR before LF, skips empty lines. A last line without its newline is
 * taken when it is whole JSON, else the body counts as truncated.
 */
export async function readLines(response: Response, onLine: (line: string) => void, signal: AbortSignal | undefined): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  if (signal?.aborted) {
    release(reader);
    throw new RequestCancelledError();
  }
  const decoder = new TextDecoder();
  // A caller's abort ends a pending read at once, whatever the fetch implementation does with its signal.
  const onAbort = () => release(reader);
  signal?.addEventListener('abort', onAbort, { once: true });
  let buffer = '';
  const emit = (line: string) => {
    const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (trimmed.trim() !== '') onLine(trimmed);
  };
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new StreamReadError(null, { cause: error });
      }
      if (signal?.aborted) throw new RequestCancelledError();
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        emit(line);
      }
    }
    finished = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) release(reader);
  }
  buffer += decoder.decode();
  if (buffer.trim() === '') return;
  if (parseJson(buffer) === undefined) throw new StreamReadError(buffer);
  emit(buffer);
}

/** Abandons a body still being read. Its failure to close is not reported: the caller already has the outcome. */
function release(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  // eslint-disable-next-line no-restricted-syntax -- the body is abandoned: the caller already has the outcome, a failed cancel changes nothing.
  reader.cancel().catch(() => undefined);
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
