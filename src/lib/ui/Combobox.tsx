import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldControl } from './FormFields';
import { exactOption, matchOptions, type ComboboxOption } from './combobox-match';
import './combobox.css';

interface ComboboxProps {
  /** The Field's control props: its id (the label's target), aria-invalid and aria-describedby. */
  control: FieldControl;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' when none is chosen. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** What the list is called for assistive technology ('Test papers'). */
  listLabel: string;
  /** Text to start searching with when nothing is chosen (the code a link shows). */
  suggestedQuery?: string;
  /** What to say when nothing matches the typed text. */
  noMatchText: (query: string) => string;
}

const shown = (option: ComboboxOption | undefined) => (option ? `${option.value} ${option.label}` : '');

/**
 * A searchable list (the WAI-ARIA 1.2 combobox pattern with a listbox popup): type a code or a word of a name and the
 * list narrows; arrows move through it, Enter chooses, Escape closes; a tap on an option (44 px tall) chooses it. The
 * typed text chooses by itself when it is exactly an option's value ('ee', 'cs1'). Focus stays in the input throughout,
 * and `aria-activedescendant` names the option the arrows are on.
 */
export function Combobox({
  control,
  options,
  value,
  onChange,
  placeholder,
  listLabel,
  suggestedQuery,
  noMatchText,
}: ComboboxProps) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const selected = options.find((option) => option.value === value);
  // null: the input shows the chosen option; a string: what the candidate is typing.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  const searching = query ?? (selected ? '' : (suggestedQuery ?? ''));
  const found = matchOptions(options, searching);
  const activeIndex = Math.min(active, found.length - 1);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(activeIndex))}`)?.scrollIntoView({ block: 'nearest' });
    // optionId is derived from listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeIndex]);

  function choose(option: ComboboxOption | undefined) {
    if (option) onChange(option.value);
    setQuery(null);
    setOpen(false);
  }

  function type(text: string) {
    setQuery(text);
    setActive(0);
    setOpen(true);
    if (value) onChange('');
  }

  function move(by: number) {
    if (!open) {
      setOpen(true);
      return;
    }
    if (found.length > 0) setActive((activeIndex + by + found.length) % found.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        return;
      case 'Enter':
        if (!open) return;
        // Enter chooses from the open list; it submits the form only once the list is closed.
        event.preventDefault();
        choose(found[activeIndex] ?? exactOption(options, searching));
        return;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setQuery(null);
        return;
    }
  }

  function onBlur() {
    if (query !== null) choose(exactOption(options, query));
    setOpen(false);
  }

  return (
    <div className="combobox">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={placeholder}
        value={query ?? shown(selected)}
        onChange={(event) => type(event.target.value)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <button
        type="button"
        className="combobox__toggle"
        tabIndex={-1}
        aria-label={`Show all ${listLabel.toLowerCase()}`}
        aria-controls={listId}
        aria-expanded={open}
        // Keeps the focus in the input, so its blur does not close the list under the tap.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          setQuery(open ? null : '');
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={listLabel}
        className="combobox__list"
        hidden={!open}
        onMouseDown={(event) => event.preventDefault()}
      >
        {found.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            className={index === activeIndex ? 'combobox__option combobox__option--active' : 'combobox__option'}
            onClick={() => choose(option)}
          >
            <span className="combobox__value">{option.value}</span> {option.label}
          </li>
        ))}
      </ul>
      {open && found.length === 0 && (
        <p className="combobox__empty" role="status">
          {noMatchText(searching.trim())}
        </p>
      )}
    </div>
  );
}
