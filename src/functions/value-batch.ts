import type { CubeLoadResult, CubeMeta, CubeQuery } from '../contract';
import { sourceArgument, valueRequest, type FormulaFilter, type ValueRequest } from '../core/formula-args';
import { answersOf, membersShown, planQueries } from '../core/formula-batch';
import { deploymentOfCall } from './call-deployment';
import { asFormulaError, FormulaError } from './formula-errors';
import type { FormulaSources } from './formula-sources';
import { MemberChecker, UnknownMemberError } from './member-checker';

const isSet = (filter: FormulaFilter) => filter.values.length > 1;

/** One `RS.VALUE` call waiting for its batch. */
interface PendingValue {
  measure: unknown;
  pairs: readonly unknown[];
  resolve: (answer: number | null) => void;
  reject: (error: FormulaError) => void;
}

/**
 * Batches `RS.VALUE` calls. Excel calls a custom function once per cell, and Office.js's runtime invokes every call
 * of one calculation message in one synchronous loop, so calls gathered until the next macrotask are one batch
 * (Microsoft's batching pattern: https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-batching).
 * A batch becomes the fewest `/v1/load` queries (src/core/formula-batch.ts). The members asked are checked to exist
 * (member-checker.ts): a set's alongside the values, a single member only when no row of the answers holds it, so a
 * sheet whose members all have rows asks nothing more. Each call's answer is kept, per deployment, until the next
 * refresh, so recalculating the same cells asks nothing.
 */
export class ValueBatcher {
  private pending: PendingValue[] = [];
  private answers = new Map<string, Promise<number | null>>();
  /** Queries sent since the last refresh, member checks among them (what tests and the benchmark count). */
  queriesSent = 0;
  private readonly members: MemberChecker;

  constructor(private readonly sources: FormulaSources, private readonly load: (deploymentId: number, query: CubeQuery) => Promise<CubeLoadResult>) {
    this.members = new MemberChecker((deploymentId, query) => this.send(deploymentId, query));
  }

  value(measure: unknown, pairs: readonly unknown[]): Promise<number | null> {
    return new Promise((resolve, reject) => {
      // Fire and forget: flush settles every call it takes, with its answer or its error.
      if (!this.pending.length) setTimeout(() => void this.flush(), 0);
      this.pending.push({ measure, pairs, resolve, reject });
    });
  }

  /** Drops every kept answer: the next calculation asks the data API again. Returns how many were dropped. */
  forget(): number {
    const dropped = this.answers.size;
    this.answers.clear();
    this.members.forget();
    this.queriesSent = 0;
    return dropped;
  }

  /** Rejects with `#N/A` naming the first member of the filters the deployment's data does not have (RS.MEMBERS's check). */
  checkMembers(deploymentId: number, filters: readonly FormulaFilter[]): Promise<void> {
    return this.members.check(deploymentId, [filters])[0]!;
  }

  private send(deploymentId: number, query: CubeQuery): Promise<CubeLoadResult> {
    this.queriesSent += 1;
    return this.load(deploymentId, query);
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const byDeployment = new Map<number, Array<{ call: ValueRequest; pending: PendingValue }>>();
    // Calls naming the same source have the same deployment and model: each is looked up once a batch, not once a call.
    const deployments = new Map<string | null, Promise<{ deploymentId: number; meta: CubeMeta }>>();
    const deploymentOf = (pairs: readonly unknown[]) => {
      const source = sourceArgument(pairs);
      let found = deployments.get(source);
      if (!found) deployments.set(source, (found = this.deploymentAndModel(pairs)));
      return found;
    };
    for (const pending of batch) {
      try {
        this.sources.checkDownloadAllowed();
        const { deploymentId, meta } = await deploymentOf(pending.pairs);
        // Kept by deployment id (below), so the name the call gave it is no part of its key.
        const call = { ...valueRequest(meta, pending.measure, pending.pairs), source: null };
        const calls = byDeployment.get(deploymentId) ?? [];
        calls.push({ call, pending });
        byDeployment.set(deploymentId, calls);
      } catch (error) {
        pending.reject(asFormulaError(error));
      }
    }
    await Promise.all(Array.from(byDeployment, ([deploymentId, calls]) => this.answer(deploymentId, calls)));
  }

  /** The deployment the pairs name (by an unpaired last item, else the workbook's default) and its data model, which resolves the members. */
  private async deploymentAndModel(pairs: readonly unknown[]): Promise<{ deploymentId: number; meta: CubeMeta }> {
    const deploymentId = await deploymentOfCall(this.sources, pairs, 'value');
    return { deploymentId, meta: await this.sources.meta(deploymentId) };
  }

  /** Answers one deployment's calls: kept answers at once, the rest from the fewest queries and the member checks. */
  private async answer(deploymentId: number, calls: Array<{ call: ValueRequest; pending: PendingValue }>): Promise<void> {
    const missing: Array<{ call: ValueRequest; key: string; settle: { resolve: (n: number | null) => void; reject: (e: unknown) => void } }> = [];
    for (const { call, pending } of calls) {
      // Every request is built by `valueRequest`, its keys always in one order: plain JSON is canonical here.
      const key = `${deploymentId}|${JSON.stringify(call)}`;
      let answer = this.answers.get(key);
      if (!answer) {
        let settle!: { resolve: (n: number | null) => void; reject: (e: unknown) => void };
        answer = new Promise<number | null>((resolve, reject) => { settle = { resolve, reject }; });
        this.answers.set(key, answer);
        missing.push({ call, key, settle });
      }
      answer.then(pending.resolve, (error: unknown) => pending.reject(asFormulaError(error)));
    }
    if (!missing.length) return;
    const requests = missing.map((m) => m.call);
    // A set's members are filtered, not grouped, so no row shows them: they are checked alongside the values.
    const setChecks = this.members.check(deploymentId, requests.map((call) => call.filters.filter(isSet)));
    const plan = planQueries(requests);
    const values = Promise.all(plan.map((planned) => this.send(deploymentId, planned.query))).then((results) => ({
      answers: answersOf(plan, results), shown: membersShown(plan, results),
    }));
    // A member a row holds exists; only the values no row holds (a typo, or no rows in this slice) are checked, after.
    let unshownChecks: Promise<void>[] | null = null;
    const unshownCheck = (index: number, shown: ReadonlyMap<string, ReadonlySet<string>>) => {
      unshownChecks ??= this.members.check(deploymentId, requests.map((call) => call.filters.filter((filter) => !isSet(filter) && !shown.get(filter.member)?.has(filter.values[0]!))));
      return unshownChecks[index]!;
    };
    await Promise.all(missing.map(async (m, index) => {
      try {
        // Every check of every call is awaited here, so none fails unheard.
        const [{ answers }] = await Promise.all([values, setChecks[index], values.then(({ shown }) => unshownCheck(index, shown))]);
        m.settle.resolve(answers[index] ?? null);
      } catch (error) {
        // A failed query is not kept: the next calculation asks again. An unknown member is, until the next refresh.
        if (!(error instanceof UnknownMemberError)) this.answers.delete(m.key);
        m.settle.reject(error);
      }
    }));
  }
}
