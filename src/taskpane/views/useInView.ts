import { useEffect, type RefObject } from 'react';

/**
 * What a click makes the pane say (a question, a refusal) is seen where it appears (issue 42): the pane is long, and
 * a report placed from far down its list used to be refused ~1,200 px above where the user looked. Each time `shown`
 * becomes a new value (null: nothing shown), `scrolled` is brought into the pane's view (`nearest`: nothing moves
 * when it is in view already) and `focused`, when given, takes the focus, so a screen reader reads it and the next
 * Tab starts there. The scroll is instant, never animated, so there is no motion for a reduced-motion setting to stop.
 *
 * `whenInPane`: only while the user is in the pane (the focus in it, or nowhere), as for something the pane says
 * by itself or after a ribbon command: focus in the workbook or on the ribbon stays there, and the pane keeps still.
 */
export function useInView(
  shown: unknown,
  scrolled: RefObject<HTMLElement | null>,
  focused: RefObject<HTMLElement | null> | null,
  { whenInPane = false }: { whenInPane?: boolean } = {},
): void {
  useEffect(() => {
    const element = scrolled.current;
    if (shown === null || shown === undefined || !element) return;
    const inPane = userIsInPane(element);
    if (whenInPane && !inPane) return;
    element.scrollIntoView?.({ block: 'nearest' });
    // After the scroll, without one of its own: the focus never scrolls it again (to the top of a tall question).
    if (inPane) focused?.current?.focus({ preventScroll: true });
    // Only a new value brings it into view again (the refs stay the same): re-renders leave the user where they went.
  }, [shown, scrolled, focused, whenInPane]);
}

/**
 * The user is in the pane: its page has the focus and nothing outside the pane's `main` holds it (a button just
 * pressed there may have been disabled, leaving the focus on the body).
 */
function userIsInPane(element: HTMLElement): boolean {
  const page = element.ownerDocument;
  if (!page.hasFocus()) return false;
  const active = page.activeElement;
  return !active || active === page.body || (element.closest('main') ?? page.body).contains(active);
}
