import { canonicalJson } from '../../src/core/canonical-json';
import { queryChecksum, sha256Hex } from '../../src/core/checksum';
import { jsonTextWithinDepth, JsonTooDeepError, MAX_CANONICAL_DEPTH, MAX_JSON_DEPTH } from '../../src/core/json-depth';
import { syncStatusOf } from '../../src/core/sync-status';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    // RFC 8785 §3.2.3: "\u20ac" (€) sorts after "\r" and the digits, and a surrogate pair by its code units.
    expect(canonicalJson({ '\u20ac': 1, '\r': 2, '1': 3, '\ud83d\ude00': 4, 'ö': 5 })).toBe('{"\\r":2,"1":3,"ö":5,"€":1,"😀":4}');
  });

  it('writes numbers in ECMAScript shortest form and escapes strings as JSON', () => {
    expect(canonicalJson([1e21, 0.1, -0, 1.5e-7, 100])).toBe('[1e+21,0.1,0,1.5e-7,100]');
    expect(canonicalJson('line\nbreak "quoted" \u0001')).toBe('"line\\nbreak \\"quoted\\" \\u0001"');
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
  });

  it('drops undefined members as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });
});

/** `depth` arrays and objects, alternating, around `leaf` (built in a loop: no recursion in the test either). */
function nestedValue(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { k: value } : [value, 'x'];
  return value;
}

describe('canonicalJson at depth', () => {
  it('writes values nested up to its bound, as JSON.stringify does for sorted keys', () => {
    const value = nestedValue(MAX_CANONICAL_DEPTH);
    expect(canonicalJson(value)).toBe(JSON.stringify(value));
  });

  it('throws the typed error one level past its bound, and far past it without overflowing the stack', () => {
    expect(() => canonicalJson(nestedValue(MAX_CANONICAL_DEPTH + 1))).toThrow(JsonTooDeepError);
    for (const depth of [10_000, 100_000]) {
      let thrown: unknown;
      try {
        canonicalJson(nestedValue(depth));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(JsonTooDeepError);
      expect((thrown as Error).message).toBe(`A value for canonical JSON is nested more than ${MAX_CANONICAL_DEPTH} levels deep (the limit is ${MAX_CANONICAL_DEPTH})`);
    }
  });

  it('takes a tighter bound when given one', () => {
    expect(canonicalJson(nestedValue(3), 3)).toBe('[{"k":[1,"x"]},"x"]');
    expect(() => canonicalJson(nestedValue(4), 3)).toThrow(JsonTooDeepError);
  });

  it('hashes a query nested far too deep as its text, without overflowing', async () => {
    const text = `{"filters":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const checksum = await queryChecksum({ jsonQuery: text });
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(checksum).toBe(await sha256Hex(canonicalJson({ jsonQuery: text, pivotItems: null })));
  });
});

describe('jsonTextWithinDepth', () => {
  const nest = (depth: number) => `${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`;

  it('counts arrays and objects, up to and including the limit', () => {
    expect(jsonTextWithinDepth(nest(MAX_JSON_DEPTH))).toBe(true);
    expect(jsonTextWithinDepth(nest(MAX_JSON_DEPTH + 2))).toBe(false);
    expect(jsonTextWithinDepth('[[1]]', 2)).toBe(true);
    expect(jsonTextWithinDepth('[[[1]]]', 2)).toBe(false);
    expect(jsonTextWithinDepth('1')).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTextWithinDepth(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[" \\' }), 1)).toBe(true);
    expect(jsonTextWithinDepth('["\\\\", [[1]]]', 2)).toBe(false);
  });

  it('scans 10,000,000 levels without recursing', () => {
    expect(jsonTextWithinDepth('['.repeat(10_000_000))).toBe(false);
  });
});

describe('checksums', () => {
  it('hashes UTF-8 with SHA-256 as lowercase hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives one checksum for the same query text and pivot items whatever the key order and spacing', async () => {
    const pivotItems = { rows: ['d'], columns: [], measures: ['m'], filters: [] };
    const a = await queryChecksum({ jsonQuery: '{"measures":["m"],"dimensions":["d"]}', pivotItems });
    const b = await queryChecksum({ pivotItems: { filters: [], measures: ['m'], columns: [], rows: ['d'] }, jsonQuery: '{ "dimensions": ["d"],\n  "measures": ["m"] }' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await queryChecksum({ jsonQuery: '{"measures":["m"]}', pivotItems })).not.toBe(a);
    expect(await queryChecksum({ jsonQuery: '{"measures":["m"],"dimensions":["d"]}', pivotItems: null })).not.toBe(a);
  });

  it('hashes query text that is not JSON as the text it is, so it still changes when the text does', async () => {
    const broken = await queryChecksum({ jsonQuery: '{"measures": ["m"' });
    expect(broken).toMatch(/^[0-9a-f]{64}$/);
    expect(await queryChecksum({ jsonQuery: '{"measures": ["n"' })).not.toBe(broken);
    expect(await queryChecksum({ jsonQuery: null })).toBe(await queryChecksum({}));
  });
});

describe('syncStatusOf', () => {
  it('is UP_TO_DATE when equal, CHANGED when both known and different, UNKNOWN when either is null', () => {
    expect(syncStatusOf('x', 'x')).toBe('UP_TO_DATE');
    expect(syncStatusOf('x', 'y')).toBe('CHANGED');
    expect(syncStatusOf(null, 'y')).toBe('UNKNOWN');
    expect(syncStatusOf('x', null)).toBe('UNKNOWN');
    expect(syncStatusOf(null, null)).toBe('UNKNOWN');
  });
});
