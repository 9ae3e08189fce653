import { canonicalJson } from './canonical-json';
import { jsonTextWithinDepth } from './json-depth';

/** Lowercase hex SHA-256 of a UTF-8 string, with the Web Crypto API that browsers and Node 20 both have. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A report's `currentQueryChecksum` on the local platform (contract.md): SHA-256 of the RFC 8785 canonical JSON
 * of `{"jsonQuery": <the parsed query>, "pivotItems": <pivotItems>}`, so it changes whenever either does and not
 * when only the JSON text's spacing does. A query text that is not JSON, or nests deeper than any accepted
 * input (`MAX_JSON_DEPTH`, so canonical JSON stays within its own bound), is hashed as the text it is.
 */
export function queryChecksum(report: { jsonQuery?: string | null; pivotItems?: unknown }): Promise<string> {
  let query: unknown = report.jsonQuery ?? null;
  try {
    if (typeof query === 'string' && jsonTextWithinDepth(query)) query = JSON.parse(query);
  } catch {
    // Kept as text: still a checksum that changes when the text does.
  }
  return sha256Hex(canonicalJson({ jsonQuery: query, pivotItems: report.pivotItems ?? null }));
}
