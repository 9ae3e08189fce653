import { useEffect, useRef, useState } from 'react';

export interface Viewport {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The scroll position and size of a scrolling element, updated once per frame while it scrolls or resizes. */
export function useScrollViewport<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, left: 0, width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = { top: element.scrollTop, left: element.scrollLeft, width: element.clientWidth, height: element.clientHeight };
      setViewport((current) =>
        current.top === next.top && current.left === next.left && current.width === next.width && current.height === next.height ? current : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', schedule, { passive: true });
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', schedule);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return { ref, viewport };
}
