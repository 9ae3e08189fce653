import type { CubeQuery } from '../contract';
import { deploymentForQuery, type AnswerTarget } from '../chat/chat-placement';
import type { DataSource } from '../ports/data-source';
import { Store } from './store';

/**
 * "Place in sheet" of an agent's answer: the deployment whose model has the query's members is found (the browsed
 * one first), then the answer opens there as a new exploration. While it is looked for, placing waits; a failure,
 * or no deployment having the members, is kept for the chat tab to tell.
 */

export interface AnswerPlacingDeps {
  data: Pick<DataSource, 'forDeployment'>;
  /** The deployments an answer may go to. */
  deploymentIds: readonly number[];
  /** Opens the answer's query as a new exploration in that deployment, placed at the selection. */
  onPlace(target: AnswerTarget, query: CubeQuery): void;
}

export type AnswerPlacingProblem = { kind: 'no-deployment' } | { kind: 'failed'; error: unknown };

export interface AnswerPlacingState {
  finding: boolean;
  problem: AnswerPlacingProblem | null;
}

const IDLE: AnswerPlacingState = { finding: false, problem: null };

export class AnswerPlacing extends Store<AnswerPlacingState> {
  constructor(private readonly deps: AnswerPlacingDeps) {
    super(IDLE);
  }

  /** Places the answer's query, preferring the deployment browsed. */
  async place(query: CubeQuery, browsedDeploymentId: number): Promise<void> {
    this.update({ problem: null, finding: true });
    try {
      const target = await deploymentForQuery(this.deps.data, this.deps.deploymentIds, browsedDeploymentId, query);
      if (target === null) this.update({ problem: { kind: 'no-deployment' } });
      else this.deps.onPlace(target, query);
    } catch (error) {
      this.update({ problem: { kind: 'failed', error } });
    } finally {
      this.update({ finding: false });
    }
  }

  /** The chat tab went: what it told is not told again when it comes back. */
  leave(): void {
    this.update(IDLE);
  }
}
