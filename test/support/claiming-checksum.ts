import type { ResultChecksum } from '../../src/contract';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `value` in `n` base64url digits, most significant first (docs/result-checksum.md, "Encodings"). */
const encode = (value: number, n: number) => Array.from({ length: n }, (_, i) => DIGITS[Math.floor(value / 64 ** (n - 1 - i)) % 64]).join('');

/**
 * A hostile record: a version 3 result checksum claiming a grid of `rows` × `columns` (more than 113 columns, so it
 * holds no column hashes), its lengths as docs/result-checksum.md sets them for that size — k rows per block, each
 * block's groups of g rows with ℓ-digit hashes — and every hash made up. Built from the document, not the code.
 */
export function claimingChecksum(rows: number, columns: number): ResultChecksum {
  if (columns <= 113) throw new RangeError('A claimed grid of 113 columns or fewer would need column hashes.');
  const k = Math.max(1, Math.ceil(rows / 2000));
  const chunks: ResultChecksum['chunks'] = [];
  for (let from = 0; from < rows; from += k) {
    const n = Math.min(k, rows - from);
    const g = Math.ceil(n / 56);
    const m = n >= 2 ? Math.ceil(n / g) : 0;
    const length = m ? Math.min(4, Math.floor(56 / m)) : 0;
    chunks.push({ from, hash: 'A'.repeat(8 + m * length) });
  }
  return { v: 3, chunks, payload: `${encode(rows, 4)}${encode(columns, 3)}${'A'.repeat(8)}` };
}
