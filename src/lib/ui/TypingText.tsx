import { useTypingText } from './use-typing-text';
import './typing-text.css';

/**
 * Types its text once, letter by letter; screen readers and reduced-motion users get the whole text at once. The
 * whole text, invisible, holds its place from the start, so the lines below never move while it types.
 */
export function TypingText({
  text,
  className,
  msPerCharacter = 55,
}: {
  text: string;
  className?: string;
  msPerCharacter?: number;
}) {
  const typed = useTypingText(text, msPerCharacter);
  return (
    <p className={className ? `typing-text ${className}` : 'typing-text'}>
      <span className="visually-hidden">{text}</span>
      <span className="typing-text__room" aria-hidden="true">
        {text}
      </span>
      <span className="typing-text__typed" aria-hidden="true">
        {typed}
        <span className="typing-caret" />
      </span>
    </p>
  );
}
