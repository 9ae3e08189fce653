import { canonicalJson } from './canonical-json';

/** Lowercase hex SHA-256 of a UTF-8 string, with the Web Crypto API that browsers and Node 20 both have. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A report's `currentQueryChecksum`: SHA-256 of the canonical JSON of `{pivot, query}` exactly as the report
 * returns them (contract.md). Computed by the platform; the add-in recomputes it only to check a server.
 */
export function queryChecksum(report: { pivot: unknown; query: unknown }): Promise<string> {
  return sha256Hex(canonicalJson({ pivot: report.pivot, query: report.query }));
}
