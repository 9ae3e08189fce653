/**
 * The words of Stop on a long write (issue 27), in English: the button beside the progress bar, what it says while the
 * cells are put back, and what the pane says after. Apart from `Messages` (see stop-words.ts).
 */
export const stopEn = {
  stop: 'Stop',
  stopping: 'Stopping… the cells are being put back as they were.',
  stoppedPlacing: (title: string) => `Stopped: ${title} was not placed. The cells were put back as they were. Place it again when you are ready.`,
  stoppedRefreshing: (title: string) => `Stopped: ${title} was not refreshed. Its cells were put back as they were and it keeps its last refresh. Refresh it again when you are ready.`,
  /** `WriteStoppedError` wherever else it is said. */
  writeStopped: 'You stopped the write. The cells were put back as they were, and nothing was recorded.',
};
