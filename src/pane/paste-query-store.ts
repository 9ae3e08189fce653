import type { CubeMeta, CubeQuery } from '../contract';
import type { AnswerTarget } from '../chat/chat-placement';
import { pastedQuery, readPastedQuery } from '../core/pasted-query';
import type { PastedQueryProblem } from '../core/pasted-query-problems';
import { Store } from './store';

/**
 * "Paste a query" beside New exploration: a form taking a Cube query as JSON (core/pasted-query.ts reads it), checked
 * against the browsed deployment's model; a query with no problem opens in the exploration builder, placed at the
 * selection, from where it is saved as a report like any exploration. Text that is no query is told without asking
 * the data API; otherwise every problem is told at once, the model's with the text's.
 */

export interface PasteQueryDeps {
  /** The deployment's model (`/v1/meta`); null when its data API offers none. */
  meta(deploymentId: number, signal: AbortSignal): Promise<CubeMeta | null>;
  /** Opens the query as a new exploration in the builder, placed at the selection (the opener shows its own failure). */
  open(target: AnswerTarget, query: CubeQuery): Promise<void>;
}

export interface PasteQueryState {
  /** The form is shown. */
  shown: boolean;
  text: string;
  /** The model is being read to check the query. */
  checking: boolean;
  /** What the last check found; empty before one, or when it found nothing. */
  problems: PastedQueryProblem[];
  /** Reading the model failed (the data API is down, say); told in the error's own words. */
  error: unknown;
  /** The deployment's data API offers no model to check against. */
  noModel: boolean;
}

const CLOSED: PasteQueryState = { shown: false, text: '', checking: false, problems: [], error: null, noModel: false };

export class PasteQueryStore extends Store<PasteQueryState> {
  /** The check under way: hiding the form or a newer check aborts it. */
  private checking: AbortController | null = null;

  constructor(private readonly deps: PasteQueryDeps) {
    super(CLOSED);
  }

  show(): void {
    this.update({ shown: true });
  }

  /** Cancel: the form goes, with what was pasted and found. */
  hide(): void {
    this.checking?.abort();
    this.checking = null;
    this.update(CLOSED);
  }

  setText(text: string): void {
    this.update({ text });
  }

  /** Checks the text against the deployment's model; a query without problems opens in the builder, and the form goes. */
  async submit(deploymentId: number): Promise<void> {
    if (this.getState().checking) return;
    const { text } = this.getState();
    const read = readPastedQuery(text);
    if (!read.query) {
      this.update({ problems: read.problems, error: null, noModel: false });
      return;
    }
    const controller = new AbortController();
    this.checking = controller;
    this.update({ checking: true, problems: [], error: null, noModel: false });
    try {
      const meta = await this.deps.meta(deploymentId, controller.signal);
      if (controller.signal.aborted) return;
      if (!meta) {
        this.update({ checking: false, noModel: true });
        return;
      }
      const outcome = pastedQuery(text, meta);
      if (!outcome.ok) {
        this.update({ checking: false, problems: outcome.problems });
        return;
      }
      this.hide();
      await this.deps.open({ deploymentId, meta }, outcome.query);
    } catch (error) {
      if (!controller.signal.aborted) this.update({ checking: false, error });
    } finally {
      if (this.checking === controller) this.checking = null;
    }
  }
}
