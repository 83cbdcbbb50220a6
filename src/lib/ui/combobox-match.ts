/** An option of a Combobox: the value it sets, shown first, and the words after it. */
export interface ComboboxOption {
  value: string;
  label: string;
}

const compact = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * The options a typed query finds, best first: a value starting with it ('ee' → EE; 'cs1' → CS 1, spaces ignored),
 * then a word of the label starting with it ('civ' → CE 1, CE 2), then, from three letters on, the query anywhere in
 * value or label ('ology'). Within each, the list's own order. An empty query finds every option.
 */
export function matchOptions<Option extends ComboboxOption>(options: readonly Option[], query: string): Option[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  const packed = compact(needle);
  const rankOf = (option: Option): number => {
    if (compact(option.value).startsWith(packed)) return 0;
    if (
      option.label
        .toLowerCase()
        .split(/[\s,()-]+/)
        .some((word) => word.startsWith(needle))
    )
      return 1;
    // Two letters are in a third of the names: only a code or a word's start is what the candidate means by them.
    if (needle.length >= 3 && `${option.value} ${option.label}`.toLowerCase().includes(needle)) return 2;
    return -1;
  };
  return options
    .map((option, index) => ({ option, index, rank: rankOf(option) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.option);
}

/** The option whose value the text is, ignoring case and spaces ('cs1' is CS 1), if any. */
export function exactOption<Option extends ComboboxOption>(
  options: readonly Option[],
  text: string,
): Option | undefined {
  const packed = compact(text);
  return packed ? options.find((option) => compact(option.value) === packed) : undefined;
}
