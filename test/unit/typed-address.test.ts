import { schemeAdded, withHttpsScheme } from '../../src/core/typed-address';
import { CubeApiAddressError, normalizeCubeApiAddress } from '../../src/session/cube-api/cube-api-address';

/**
 * An address typed without a scheme is read as https (issue 42): as a browser's address bar reads one, never as plain
 * http, which goes only where typed, and then only to this computer (the platform's transport rule).
 */

describe('withHttpsScheme', () => {
  it.each([
    ['localhost:3000', 'https://localhost:3000'],
    ['example.com', 'https://example.com'],
    ['  cube.example.com/cubejs-api  ', 'https://cube.example.com/cubejs-api'],
    ['127.0.0.1:4000', 'https://127.0.0.1:4000'],
    ['[::1]:4000', 'https://[::1]:4000'],
    ['//cube.example.com', 'https://cube.example.com'],
  ])('%j without a scheme is read as %s', (typed, read) => {
    expect(withHttpsScheme(typed)).toBe(read);
    expect(schemeAdded(typed)).toBe(true);
  });

  it.each(['http://127.0.0.1:4000', 'https://cube.example.com/cubejs-api', 'HTTP://localhost:4000', 'ftp://cube.example.com', ''])(
    '%j keeps its scheme (or stays empty)',
    (typed) => {
      expect(withHttpsScheme(typed)).toBe(typed);
      expect(schemeAdded(typed)).toBe(false);
    },
  );
});

describe('the Cube API address typed without a scheme', () => {
  it.each([
    ['localhost:3000', 'https://localhost:3000'],
    ['example.com', 'https://example.com'],
    ['localhost:4000/cubejs-api/v1', 'https://localhost:4000/cubejs-api'],
    ['[::1]:4000/cubejs-api', 'https://[::1]:4000/cubejs-api'],
  ])('%j is read as %s', (typed, read) => {
    expect(normalizeCubeApiAddress(typed)).toBe(read);
  });

  it.each(['http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000'])('plain http typed to this computer stays plain http: %s', (typed) => {
    expect(normalizeCubeApiAddress(typed)).toBe(typed);
  });

  it.each([
    ['http://example.com', 'insecure'],
    ['http://192.168.1.10:4000/cubejs-api', 'insecure'],
    ['cube example com', 'not-a-url'],
    ['ftp://cube.example.com/cubejs-api', 'scheme'],
  ])('%j is refused (%s), naming what was typed', (typed, problem) => {
    let error: unknown;
    try {
      normalizeCubeApiAddress(typed);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CubeApiAddressError);
    expect(error).toMatchObject({ problem, address: typed });
  });
});
