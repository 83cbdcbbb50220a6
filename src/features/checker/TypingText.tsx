import { useEffect, useState } from 'react';

const STEP_MS = 55;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Types its text once, letter by letter; screen readers and reduced-motion users get the whole text at once. */
export function TypingText({ text, className }: { text: string; className?: string }) {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? text.length : 0));

  useEffect(() => {
    if (shown >= text.length) return;
    const timer = setTimeout(() => setShown((count) => count + 1), STEP_MS);
    return () => clearTimeout(timer);
  }, [shown, text]);

  return (
    <p className={className}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true">
        {text.slice(0, shown)}
        <span className="typing-caret" />
      </span>
    </p>
  );
}
