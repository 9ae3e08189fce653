import type { Adapter, AdapterPayload } from 'oidc-provider';

/** oidc-provider's storage, in memory, one per provider (its own quick-start one warns on every start). */
export function memoryAdapter(): (new (model: string) => Adapter) & { forget(model: string): void } {
  const stored = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    /** Drops everything of one model (e.g. every refresh token: the provider revoked them). */
    static forget(model: string): void {
      for (const key of [...stored.keys()]) if (key.startsWith(`${model}:`)) stored.delete(key);
    }

    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: AdapterPayload) {
      stored.set(this.key(id), payload);
    }
    async find(id: string) {
      return stored.get(this.key(id));
    }
    async findByUserCode() {
      return undefined;
    }
    async findByUid(uid: string) {
      return [...stored.entries()].find(([key, payload]) => key.startsWith(`${this.model}:`) && payload.uid === uid)?.[1];
    }
    async consume(id: string) {
      const payload = stored.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      stored.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of stored) if (payload.grantId === grantId) stored.delete(key);
    }
  };
}
