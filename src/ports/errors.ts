/**
 * The typed errors the ports' adapters throw, so the use cases and the pane can tell them apart by class and put
 * them into words, whichever adapter threw them.
 */

/** Writing failed part way; the cells were put back as they were and nothing was recorded. */
export class WriteFailedError extends Error {
  override readonly name = 'WriteFailedError';
  constructor(cause: unknown) {
    super('Excel could not finish writing the result. The cells were put back as they were.', { cause });
  }
}

/**
 * The user stopped a write between two of its requests: the cells it had changed were put back as they were (the
 * same restore as a failure's), and nothing was recorded. A refresh's record stays what it was; a first placement
 * has none.
 */
export class WriteStoppedError extends Error {
  override readonly name = 'WriteStoppedError';
  constructor() {
    super('You stopped the write. The cells were put back as they were, and nothing was recorded.');
  }
}

/**
 * A write failed and putting the cells back failed too: the cells hold part of the new result. Nothing was
 * recorded.
 */
export class RestoreFailedError extends Error {
  override readonly name = 'RestoreFailedError';
  constructor(readonly location: string, cause: unknown, readonly writeError: unknown) {
    super(`Excel could not finish writing the result, nor put the cells at ${location} back as they were. Check them before refreshing again.`, { cause });
  }
}

/**
 * Saving into a report failed because someone else saved it since it was opened (the platform answered 409
 * to `expectedVersion`). The pane offers to reload it or to save this exploration as a copy.
 */
export class ReportChangedElsewhereError extends Error {
  override readonly name = 'ReportChangedElsewhereError';
  constructor(readonly title: string, cause: unknown) {
    super(`Someone else changed "${title}" since you opened it. Reload it to see their version, or save yours as a copy.`, { cause });
  }
}

/** The part was deleted (by another add-in, another copy of this one, or a co-author) since it was listed. */
export class PartGoneError extends Error {
  override readonly name = 'PartGoneError';
  constructor(readonly partId: string, cause?: unknown) {
    super('What this workbook kept about the report was removed meanwhile, by someone or something else. Reload the workbook\'s reports and try again.', { cause });
  }
}

/** This Excel cannot keep parts in the workbook (it lacks the requirement set the adapter needs). */
export class WorkbookPartsUnsupportedError extends Error {
  override readonly name = 'WorkbookPartsUnsupportedError';
  constructor(readonly requirement: string) {
    super(`This version of Excel cannot keep reports inside the workbook (it needs ${requirement}). Update Excel, or use Excel on the web or Microsoft 365.`);
  }
}
