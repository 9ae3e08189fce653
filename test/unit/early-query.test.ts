import { RequestCancelledError, type PlatformClient } from '../../src/client';
import type { Deployment } from '../../src/contract';
import { sendEarly } from '../../src/placements/early-query';
import { DeploymentDataClients, type DataClient } from '../../src/platform/deployment-data';

/**
 * Issue 43: a query sent early (the report as listed, while the report is read again) is stopped when its result
 * turns out unused, and stopping it, or any one caller's cancel, does not fail the deployment's data connection the
 * others wait on.
 */

/** A platform whose environments answer when the test says, and which counts what it was asked. */
function slowPlatform() {
  let answer: () => void = () => undefined;
  const asked = { environments: 0, tokens: 0 };
  const platform = {
    listEnvironments: (_id: number, signal?: AbortSignal) => {
      asked.environments += 1;
      if (signal) throw new Error('the shared opening must not carry one caller\'s signal');
      return new Promise((resolve) => {
        answer = () => resolve([]);
      });
    },
    issueDeploymentToken: async () => {
      asked.tokens += 1;
      return { token: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    },
  } as unknown as PlatformClient;
  return { platform, asked, answer: () => answer() };
}

const deployment = { id: 7, deploymentUrl: 'https://sales.example.com' } as Deployment;
const client = {} as DataClient;

describe('DeploymentDataClients', () => {
  it("one caller's cancel stops its own wait only: the connection opens once for the others", async () => {
    const { platform, asked, answer } = slowPlatform();
    const clients = new DeploymentDataClients(platform, () => [deployment], () => client);
    const first = new AbortController();
    const cancelled = clients.forDeployment(7, first.signal);
    const other = clients.forDeployment(7, new AbortController().signal);
    first.abort();
    await expect(cancelled).rejects.toBeInstanceOf(RequestCancelledError);
    answer();
    await expect(other).resolves.toBe(client);
    await expect(clients.forDeployment(7)).resolves.toBe(client);
    expect(asked.environments).toBe(1);
  });

  it('a signal already aborted is refused at once, and the opening goes on for the next caller', async () => {
    const { platform, asked, answer } = slowPlatform();
    const clients = new DeploymentDataClients(platform, () => [deployment], () => client);
    await expect(clients.forDeployment(7, AbortSignal.abort())).rejects.toBeInstanceOf(RequestCancelledError);
    const next = clients.forDeployment(7);
    answer();
    await expect(next).resolves.toBe(client);
    expect(asked.environments).toBe(1);
  });
});

describe('sendEarly', () => {
  it('drop aborts the early request alone, and its failure then fails nothing', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | null = null;
    const early = sendEarly((signal) => {
      seen = signal;
      return new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new RequestCancelledError())));
    }, caller.signal);
    expect(seen!.aborted).toBe(false);
    early.drop();
    expect(seen!.aborted).toBe(true);
    expect(caller.signal.aborted).toBe(false);
    await expect(early.result).rejects.toBeInstanceOf(RequestCancelledError);
  });

  it("the caller's cancel reaches the early request too", () => {
    const caller = new AbortController();
    let seen: AbortSignal | null = null;
    const early = sendEarly(async (signal) => {
      seen = signal;
    }, caller.signal);
    caller.abort();
    expect(seen!.aborted).toBe(true);
    return early.result;
  });
});
