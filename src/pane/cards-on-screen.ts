/**
 * Whether the view has committed the pane's first cards: what they do not need (the sheets' watchers, following the
 * selection, the status re-reads) waits for it, so none of its Excel requests goes before the cards do.
 */
export class CardsOnScreen {
  private said: () => void = () => undefined;
  private readonly said$ = new Promise<void>((resolve) => (this.said = resolve));

  /** `patienceMs`: how long to wait for the view to say so; undefined (no view: tests) waits for nothing. */
  constructor(private readonly patienceMs: number | undefined) {}

  /** The view has committed the first cards (or the listing's failure). */
  shown(): void {
    this.said();
  }

  /** Once the view says the first cards are on screen, or after the patience if it does not. */
  async wait(): Promise<void> {
    if (this.patienceMs === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.said$, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.patienceMs)))]);
    clearTimeout(timer);
  }
}
