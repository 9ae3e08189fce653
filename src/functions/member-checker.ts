import type { CubeLoadResult, CubeQuery } from '../contract';
import type { FormulaFilter } from '../core/formula-args';
import { checkedFilters, memberCheckQuery, memberChecks, memberKeys, memberListQuery } from '../core/member-check';
import { closestMembers, unknownMemberMessage } from '../core/member-suggestions';
import { memo } from '../placements/shared-promises';
import { FormulaError } from './formula-errors';

/** What a call naming no member to check waits for: one settled promise shared by them all (a batch has 1,000s of calls). */
const NOTHING_TO_CHECK = Promise.resolve();

/** A member the data API does not have: `#N/A` with the closest ones. Kept until the next refresh, as answers are. */
export class UnknownMemberError extends FormulaError {
  constructor(message: string) {
    super('notAvailable', message);
  }
}

/**
 * Checks that the members formulas name exist (src/core/member-check.ts). A batch asks one query per deployment and
 * dimension, for the values not checked since the last refresh, sent alongside the batch's value queries; only when a
 * value is missing is the dimension listed, once per refresh, for the suggestion. A failed query is not kept.
 */
export class MemberChecker {
  /** Whether a value exists, by deployment, dimension and value key. */
  private readonly exists = memo<boolean>();
  /** A dimension's members, by deployment and dimension. */
  private readonly lists = memo<string[]>();

  constructor(private readonly load: (deploymentId: number, query: CubeQuery) => Promise<CubeLoadResult>) {}

  /** Drops what was checked (a refresh): the next calculation asks again. */
  forget(): void {
    this.exists.held.clear();
    this.lists.held.clear();
  }

  /**
   * Sends at once the queries the calls' filters need, and answers per call a promise that rejects with an
   * `UnknownMemberError` for its first value the data API does not have (or with the error of a failed query).
   */
  check(deploymentId: number, calls: readonly (readonly FormulaFilter[])[]): Promise<void>[] {
    const answers = new Map<string, Promise<boolean>>();
    for (const check of memberChecks(calls)) {
      const key = (value: string) => JSON.stringify([deploymentId, check.member, value]);
      const unchecked = check.values.filter((value) => !this.exists.held.has(key(value)));
      let found: Promise<Set<string>> | null = null;
      const send = () => (found ??= this.load(deploymentId, memberCheckQuery({ ...check, values: unchecked })).then((result) => new Set(memberKeys(result, check.member, check.type))));
      // The memo holds each answer (and handles its failure); values checked earlier in this refresh are not asked again.
      for (const value of check.values) answers.set(key(value), this.exists.get(key(value), undefined, async () => (await send()).has(value)));
    }
    return calls.map((filters) => (checkedFilters(filters).length ? this.checkCall(deploymentId, filters, answers) : NOTHING_TO_CHECK));
  }

  private async checkCall(deploymentId: number, filters: readonly FormulaFilter[], answers: ReadonlyMap<string, Promise<boolean>>): Promise<void> {
    for (const filter of checkedFilters(filters)) {
      for (const value of filter.values) {
        if (await answers.get(JSON.stringify([deploymentId, filter.member, value]))) continue;
        const members = await this.lists.get(JSON.stringify([deploymentId, filter.member]), undefined, async () =>
          memberKeys(await this.load(deploymentId, memberListQuery(filter.member)), filter.member, filter.type),
        );
        throw new UnknownMemberError(unknownMemberMessage(filter.shown, value, closestMembers(value, members)));
      }
    }
  }
}
