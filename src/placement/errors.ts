import type { Placement } from '../contract';

/** The placement's hidden name is gone (sheet or cells deleted): it is never written to a guessed place. */
export class PlacementDetachedError extends Error {
  override readonly name = 'PlacementDetachedError';
  constructor(readonly placement: Placement) {
    super(`The cells of this placement (${placement.resultLocation}) were deleted.`);
  }
}

/** The new result would cover another placement's cells: refused, whatever the user says. */
export class PlacementOverlapError extends Error {
  override readonly name = 'PlacementOverlapError';
  constructor(readonly other: { title: string; location: string }) {
    super(`The result would cover "${other.title}" at ${other.location}. Choose another cell or move that placement first.`);
  }
}

/** Writing failed part way; the cells were put back as they were and nothing was recorded. */
export class WriteFailedError extends Error {
  override readonly name = 'WriteFailedError';
  constructor(cause: unknown) {
    super('Excel could not finish writing the result. The cells were put back as they were.', { cause });
  }
}
