import { InsecureTransportError } from '../../src/client';
import { parseSignInMessage, signInPageUrl } from '../../src/placement/sign-in';

describe('sign-in helpers', () => {
  it("finds the sign-in page under the platform's address, https or loopback only", () => {
    expect(signInPageUrl('https://tenant.example.com')).toBe('https://tenant.example.com/auth/sign-in');
    expect(signInPageUrl('https://tenant.example.com/base/')).toBe('https://tenant.example.com/base/auth/sign-in');
    expect(signInPageUrl('http://localhost:3000')).toBe('http://localhost:3000/auth/sign-in');
    expect(() => signInPageUrl('http://tenant.example.com')).toThrow(InsecureTransportError);
  });

  it("reads the page's messages and ignores anything else", () => {
    expect(parseSignInMessage('{"type":"report-sync:signed-in","accessToken":"plt_x"}')).toEqual({ kind: 'signed-in', accessToken: 'plt_x' });
    expect(parseSignInMessage('{"type":"report-sync:cancelled"}')).toEqual({ kind: 'cancelled' });
    expect(parseSignInMessage('{"type":"report-sync:signed-in","accessToken":""}')).toBeNull();
    expect(parseSignInMessage('{"type":"other"}')).toBeNull();
    expect(parseSignInMessage('not json')).toBeNull();
  });
});
