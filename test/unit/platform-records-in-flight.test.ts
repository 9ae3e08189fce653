import type { PlatformClient } from '../../src/client';
import type { Report } from '../../src/contract';
import { PlatformPlacementRegistry, RECORDS_IN_FLIGHT } from '../../src/platform/platform-placements';

/** A platform whose refresh records stay unanswered until `answerAll`; `sent` counts those it has received. */
function holdingPlatform() {
  const answers: (() => void)[] = [];
  const platform = {
    sent: 0,
    recordRefresh: () => {
      platform.sent += 1;
      return new Promise<Report>((resolve) => answers.push(() => resolve({} as Report)));
    },
    answerAll: () => answers.splice(0).forEach((answer) => answer()),
  };
  return platform;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PlatformPlacementRegistry records', () => {
  it("sends a 40-placement wave's records at once, not six at a time, and holds those beyond 64 until a slot frees", async () => {
    const platform = holdingPlatform();
    const registry = new PlatformPlacementRegistry(platform as unknown as PlatformClient, () => []);
    const record = (i: number) => registry.recordRefresh({ deploymentId: 1, reportId: i }, { placementId: `p${i}` });

    const wave = Array.from({ length: 40 }, (_, i) => record(i));
    await settle();
    expect(platform.sent).toBe(40);
    platform.answerAll();
    await Promise.all(wave);

    expect(RECORDS_IN_FLIGHT).toBe(64);
    const many = Array.from({ length: 70 }, (_, i) => record(i));
    await settle();
    expect(platform.sent).toBe(40 + 64);
    platform.answerAll();
    await settle();
    expect(platform.sent).toBe(40 + 70);
    platform.answerAll();
    await Promise.all(many);
  });
});
