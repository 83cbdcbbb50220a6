import { useEffect, useState } from 'react';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The part of `text` typed so far: one more character every `msPerCharacter`, once. Users who ask for reduced motion
 * get the whole text at once. The text is meant to stay the same while the component lives.
 */
export function useTypingText(text: string, msPerCharacter: number): string {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? text.length : 0));
  useEffect(() => {
    if (shown >= text.length) return;
    const timer = setTimeout(() => setShown((count) => count + 1), msPerCharacter);
    return () => clearTimeout(timer);
  }, [shown, text, msPerCharacter]);
  return text.slice(0, shown);
}
