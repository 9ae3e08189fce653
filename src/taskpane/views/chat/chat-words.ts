import { ChatInputTooLongError, ChatSuspendedError } from '../../../client/chat-errors';
import { ApiError, NetworkError, ResponseFormatError } from '../../../client/errors';
import { ChatSignInRequiredError } from '../../../pane/chat-pane';
import { describeError } from '../../errors';
import type { I18n } from '../../i18n';
import { chatWordsOf } from '../../i18n/chat-catalog';

/** Words a person can act on for a failure talking to the agent (its key and address are set in Settings). */
export function describeChatError(error: unknown, i18n: Pick<I18n, 'm' | 'number'>): string {
  const { m, number } = i18n;
  const chat = chatWordsOf(m);
  const words = chat.errors;
  if (error instanceof ChatInputTooLongError) return chat.tooLong(number(error.length), number(error.maxLength));
  if (error instanceof ChatSuspendedError) return error.message;
  if (error instanceof NetworkError) return words.unreachable;
  if (error instanceof ResponseFormatError) return words.badAnswer;
  if (error instanceof ChatSignInRequiredError) return words.notSignedIn;
  if (error instanceof ApiError) {
    if (error.status === 401) return words.keyRefused;
    if (error.status === 403) return words.forbidden;
    if (error.status === 404) return words.threadGone;
    if (error.status >= 500) return words.troubled;
    return error.message;
  }
  return describeError(error, i18n);
}
