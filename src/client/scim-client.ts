import { ScimListResponse, ScimUser, type ScimError } from '../contract';
import { HttpClient, type HttpClientOptions } from './http';

export type ScimClientOptions = Omit<HttpClientOptions, 'authorization'> & { token: () => string | Promise<string> };

/** SCIM 2.0 Users on the Platform API's `/api/scim/v2` prefix; errors carry the SCIM Error's `detail`. */
export class ScimClient {
  private readonly http: HttpClient;

  constructor(options: ScimClientOptions) {
    const { token, ...rest } = options;
    this.http = new HttpClient({ ...rest, authorization: async () => `Bearer ${await token()}` });
  }

  private readonly errorMessage = (body: unknown) => (body as Partial<ScimError> | undefined)?.detail;

  listUsers(params: { filter?: string; startIndex?: number; count?: number } = {}): Promise<ScimListResponse> {
    return this.http.request(ScimListResponse, { path: '/api/scim/v2/Users', query: params, errorMessage: this.errorMessage });
  }

  getUser(id: string): Promise<ScimUser> {
    return this.http.request(ScimUser, { path: `/api/scim/v2/Users/${encodeURIComponent(id)}`, errorMessage: this.errorMessage });
  }

  replaceUser(id: string, user: ScimUser): Promise<ScimUser> {
    return this.http.request(ScimUser, {
      method: 'PUT',
      path: `/api/scim/v2/Users/${encodeURIComponent(id)}`,
      body: user,
      errorMessage: this.errorMessage,
    });
  }
}
