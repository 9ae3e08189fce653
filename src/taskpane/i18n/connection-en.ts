import { originOf, type ConnectedTo } from '../../core/connected-to';

/**
 * The words of failures that name what the pane is connected to (issue 42, "Words fit the mode"), in English, made
 * for one connection: the platform, or a Cube deployment by its address, whose records are kept in this workbook.
 * A pasted token is asked for anew; only a sign-in is signed into again. Apart from `Messages` (connection-words.ts).
 */
export function connectionEn(to: ConnectedTo) {
  const cube = to.kind === 'cube' ? originOf(to.apiUrl) : null;
  const pasted = to.kind === 'cube' && to.token === 'pasted';
  /** The subject of a sentence about what answered (or did not). */
  const it = cube === null ? 'The platform' : `The Cube deployment at ${cube}`;
  /** Where a placement's record is kept. */
  const recordedAt = cube === null ? 'on the platform' : 'in this workbook';
  return {
    /** Failures of requests and of the placements' records. */
    failures: {
      unreachable: cube === null
        ? 'The platform cannot be reached. Check the address and your connection, then try again.'
        : `${it} cannot be reached. Check that it is running and your connection, then try again.`,
      unauthorized: pasted
        ? `${it} did not accept the token. Try again, and paste a new token when asked.`
        : `${it} did not accept your sign-in. Sign in again.`,
      serverTrouble: `${it} had a problem answering. Try again in a moment.`,
      badAnswer: `${it} sent an answer this add-in does not understand. Is the address right?`,
      /** `origin` answered, but without CORS headers for the add-in's own origin, so the browser withheld the answer. */
      corsRefused: (origin: string, addinOrigin: string) => cube === null
        ? `${origin} answered, but sends no CORS headers for this add-in (${addinOrigin}). If it is the platform, use ${addinOrigin} as its address (the add-in's server passes requests on to it), or allow ${addinOrigin} in the platform's CORS setting.`
        : `The Cube deployment at ${origin} answered, but does not allow this add-in's address; add ${addinOrigin} to its CORS setting (http.cors in cube.js).`,
      insecureAddress: (origin: string) =>
        `Refusing to send ${pasted ? 'the token' : 'your sign-in'} to ${origin}: use https:// (plain http:// is allowed only for this computer).`,
      moveNotUndone: (oldRange: string, newRange: string) => cube === null
        ? `The placement could not be moved: it is still at ${oldRange}, but the platform could not be told and still records it at ${newRange}. Refresh it to record where it is; if it asks about hand edits, overwrite them (they are its earlier result).`
        : `The placement could not be moved: it is still at ${oldRange}, but its record in this workbook could not be changed and still says ${newRange}. Refresh it to record where it is; if it asks about hand edits, overwrite them (they are its earlier result).`,
      moveNotUndoneCells: (oldRange: string, newRange: string, cells: string) => cube === null
        ? `The placement could not be moved: it is still at ${oldRange}, but the platform still records it at ${newRange}, and the new cells at ${cells} could not be emptied. Clear ${cells} by hand, then refresh the placement to record where it is.`
        : `The placement could not be moved: it is still at ${oldRange}, but its record in this workbook still says ${newRange}, and the new cells at ${cells} could not be emptied. Clear ${cells} by hand, then refresh the placement to record where it is.`,
      notTakenBack: (range: string) =>
        `The report could not be placed at ${range}, and its record ${recordedAt} could not be removed: it is listed as detached. Disconnect it there.`,
      recordUnconfirmed: (range: string) => cube === null
        ? `The result at ${range} could not be recorded, nor could the platform say whether it was: the cells were put back as they were. Refresh the placement to bring the cells and the record together.`
        : `The result at ${range} could not be recorded in this workbook, nor could the add-in tell whether it was: the cells were put back as they were. Refresh the placement to bring the cells and the record together.`,
      placementGone: (range: string) => `The placement at ${range} is no longer recorded ${recordedAt} (it was disconnected elsewhere).`,
      keptChanging: (title: string, attempts: string) => `"${title}" changed ${recordedAt} during each of ${attempts} refreshes. Try again in a moment.`,
    },
    /** A sign-in's failures (`SignInError`): the platform's, or a Cube deployment's identity provider's. */
    signIn: {
      dialogFailed: `The sign-in window could not open. Allow pop-ups for this add-in, or ${cube === null ? 'use an API token' : 'paste a token instead'}.`,
      unsupported: (address: string) => `${address} does not offer sign-in with an account. ${cube === null ? 'Use an API token instead.' : 'Paste a token instead.'}`,
      /** The address answered for another issuer (the platform's own port, reached through the add-in's server). */
      otherIssuer: (issuer: string) => `This address signs in as ${issuer}. Use ${issuer} as the address, then sign in.`,
      refused: (reason: string) => `${cube === null ? 'The platform' : 'The identity provider'} refused sign-in: ${reason}`,
    },
  };
}

export type ConnectionWords = ReturnType<typeof connectionEn>;
