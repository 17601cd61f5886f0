/**
 * An instruction as the interpreter reads it: folded (lower case, no accents, one space) with
 * each quoted passage replaced by a token (⟦0⟧, ⟦1⟧...), and a map from every folded character
 * back to the text as typed, so a new label keeps the owner's capitals and accents.
 */
export type Text = {
  /** Folded text; quoted passages are tokens ⟦n⟧. */
  folded: string;
  /** For each folded character, where it starts and ends in `typed`. */
  from: number[];
  to: number[];
  typed: string;
  /** The quoted passages as typed, by token number. */
  quotes: string[];
};

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  œ: 'oe',
  æ: 'ae',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};

/** One character folded: lower case without accents ('É' → 'e', 'ß' → 'ss'). */
function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return (
    SPECIAL[lower] ??
    lower
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[‘’`´]/g, "'")
  );
}

/** Folds text without keeping the map: what labels are compared as. */
export function fold(text: string): string {
  return Array.from(text, foldChar).join('').replace(/\s+/g, ' ').trim();
}

const OPEN_DOUBLE = '"“”„«»';
const CLOSE_DOUBLE: Record<string, string> = {
  '"': '"“”',
  '“': '”"“',
  '”': '”"',
  '„': '“”"',
  '«': '»',
  '»': '«»',
};
const SINGLE = "'‘’`";
const isLetter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Where the quote opened at `i` closes, or -1 when it is an apostrophe or unmatched. */
function closingQuote(typed: string, i: number): number {
  const open = typed[i] as string;
  if (OPEN_DOUBLE.includes(open)) {
    const closers = CLOSE_DOUBLE[open] ?? '"';
    for (let j = i + 1; j < typed.length; j++) if (closers.includes(typed[j] as string)) return j;
    return -1;
  }
  if (!SINGLE.includes(open)) return -1;
  // An apostrophe inside a word ("don't", "l'adresse") does not open a quote.
  if (isLetter(typed[i - 1]) || !typed[i + 1] || /\s/.test(typed[i + 1] as string)) return -1;
  for (let j = i + 2; j < typed.length; j++) {
    if (!SINGLE.includes(typed[j] as string)) continue;
    if (!isLetter(typed[j + 1]) && !/\s/.test(typed[j - 1] as string)) return j;
  }
  return -1;
}

/** Reads an instruction: folds it, keeps the map, and takes out its quoted passages. */
export function readText(typed: string): Text {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  const quotes: string[] = [];
  const push = (text: string, start: number, end: number) => {
    for (const c of text) {
      folded += c;
      from.push(start);
      to.push(end);
    }
  };
  for (let i = 0; i < typed.length; i++) {
    const char = typed[i] as string;
    const close = closingQuote(typed, i);
    if (close > i + 1) {
      push(`⟦${quotes.length}⟧`, i, close + 1);
      quotes.push(typed.slice(i + 1, close).trim());
      i = close;
      continue;
    }
    if (/\s/.test(char)) {
      if (folded !== '' && !folded.endsWith(' ')) push(' ', i, i + 1);
      continue;
    }
    push(foldChar(char), i, i + 1);
  }
  return trim(elide({ folded, from, to, typed, quotes }));
}

// French and Italian elisions ('l'entreprise', "all'oggetto") read as two words.
const ELISION =
  /(?<![a-z])(l|d|j|n|s|c|m|t|qu|lorsqu|jusqu|all|dell|nell|sull|dall|un|quell|coll)'(?=[a-z])/g;

function elide(text: Text): Text {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const m of text.folded.matchAll(ELISION)) {
    const end = m.index + m[0].length;
    folded += `${text.folded.slice(at, end)} `;
    from.push(...text.from.slice(at, end), text.from[end - 1] as number);
    to.push(...text.to.slice(at, end), text.to[end - 1] as number);
    at = end;
  }
  if (at === 0) return text;
  folded += text.folded.slice(at);
  from.push(...text.from.slice(at));
  to.push(...text.to.slice(at));
  return { ...text, folded, from, to };
}

/** The part of the text from folded index `start` to `end`. */
export function slice(text: Text, start: number, end = text.folded.length): Text {
  return trim({
    ...text,
    folded: text.folded.slice(start, end),
    from: text.from.slice(start, end),
    to: text.to.slice(start, end),
  });
}

function trim(text: Text): Text {
  let start = 0;
  let end = text.folded.length;
  while (start < end && /[\s,.;:!]/.test(text.folded[start] as string)) start++;
  while (end > start && /[\s,.;:!]/.test(text.folded[end - 1] as string)) end--;
  if (start === 0 && end === text.folded.length) return text;
  return {
    ...text,
    folded: text.folded.slice(start, end),
    from: text.from.slice(start, end),
    to: text.to.slice(start, end),
  };
}

/** The words as typed for folded index `start` to `end`: a quoted passage alone gives its inside. */
export function typedText(text: Text, start = 0, end = text.folded.length): string {
  const part = text.folded.slice(start, end).trim();
  const only = /^⟦(\d+)⟧$/.exec(part);
  if (only) return text.quotes[Number(only[1])] ?? '';
  const offset =
    start + (text.folded.slice(start, end).length - text.folded.slice(start, end).trimStart().length);
  const last = offset + part.length - 1;
  if (part === '' || text.from[offset] === undefined || text.to[last] === undefined) return '';
  return text.typed.slice(text.from[offset], text.to[last]).trim();
}

/** The quoted passage a token stands for, or undefined when the text is not one token. */
export function quoteOf(text: Text, folded: string): string | undefined {
  const only = /^⟦(\d+)⟧$/.exec(folded.trim());
  return only ? text.quotes[Number(only[1])] : undefined;
}

/**
 * A label as the owner would write it: no surrounding quotes or full stop, and unless it was
 * quoted (then it stays exactly as typed) a capital first letter.
 */
export function asLabel(raw: string, quoted = false): string {
  const text = raw
    .trim()
    .replace(/^["'“”‘’«»„]+|["'“”‘’«»„]+$/g, '')
    .replace(/[.,;:!]+$/, '')
    .trim();
  return quoted ? text : text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
