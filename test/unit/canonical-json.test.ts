import { canonicalJson } from '../../src/core/canonical-json';
import { queryChecksum, sha256Hex } from '../../src/core/checksum';
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
