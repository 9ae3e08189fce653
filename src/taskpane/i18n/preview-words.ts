import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { useI18n } from './index';
import { previewDe } from './preview-de';
import { previewEn, type PreviewMessages } from './preview-en';

/**
 * The words of a report's preview before placing, apart from `Messages`: only the views loaded after the pane's
 * start import them, so the initial script carries none. Chosen by the pane's catalog, so they are always in the
 * pane's language.
 */
export const previewWordsOf: (m: Messages) => PreviewMessages = wordsByCatalog(previewEn, previewDe);

export function usePreviewWords(): PreviewMessages {
  return previewWordsOf(useI18n().m);
}
