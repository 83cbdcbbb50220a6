import { useEffect, useState } from 'react';

/**
 * False while a component's first render is on its way to the screen, true once the browser has painted it: for parts
 * of a screen that must not hold up its first paint. A timeout set in an animation frame runs after that frame's paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, []);
  return painted;
}
