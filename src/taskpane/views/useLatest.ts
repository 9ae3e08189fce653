import { useRef, type MutableRefObject } from 'react';

/**
 * A ref that always holds the latest render's `value`: for callbacks of long-lived watchers (timers, Excel events)
 * made once in an effect, which must read the pane's state as it is now, not as it was when they were made.
 */
export function useLatest<T>(value: T): MutableRefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
