import { useEffect, useState } from 'react';

/** Reveals `text` one character at a time (the dashboard's typing tagline); shows it whole when motion is reduced. */
export function useTypingText(text: string, msPerCharacter = 45): string {
  const [length, setLength] = useState(0);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setLength(text.length);
      return;
    }
    setLength(0);
    const timer = window.setInterval(() => {
      setLength((shown) => {
        if (shown >= text.length) window.clearInterval(timer);
        return Math.min(shown + 1, text.length);
      });
    }, msPerCharacter);
    return () => window.clearInterval(timer);
  }, [text, msPerCharacter]);
  return text.slice(0, length);
}
