import { useTypingText } from '../../lib/use-typing-text';

const STEP_MS = 55;

/** Types its text once, letter by letter; screen readers and reduced-motion users get the whole text at once. */
export function TypingText({ text, className }: { text: string; className?: string }) {
  const typed = useTypingText(text, STEP_MS);
  return (
    <p className={className}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true">
        {typed}
        <span className="typing-caret" />
      </span>
    </p>
  );
}
