// Small string helpers shared by the parsing steps. All are linear-time scans or simple regexes.

/** Lowercases and strips accents so keyword regexes can stay ASCII. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Uppercases the first letter, skipping leading Spanish inverted marks. */
export function capitalize(text: string): string {
  const index = text.search(/\p{L}/u);
  if (index < 0) return text;
  return text.slice(0, index) + text.charAt(index).toUpperCase() + text.slice(index + 1);
}

export function countWords(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

/** Splits on the given separator characters, ignoring those inside parentheses or brackets. */
export function splitTopLevel(text: string, separators: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (depth === 0 && separators.includes(ch)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** Index of the first occurrence of `ch` outside parentheses, or -1. */
export function indexOfTopLevel(text: string, ch: string, from = 0): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && i >= from && c === ch) return i;
  }
  return -1;
}

/** Top-level parenthesised groups and the text with them removed. */
export function extractParentheses(text: string): { outside: string; groups: string[] } {
  const groups: string[] = [];
  let outside = '';
  let depth = 0;
  let groupStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '(') {
      if (depth === 0) groupStart = i + 1;
      depth++;
    } else if (ch === ')' && depth > 0) {
      depth--;
      if (depth === 0) groups.push(text.slice(groupStart, i).trim());
    } else if (depth === 0) {
      outside += ch;
    }
  }
  if (depth > 0) groups.push(text.slice(groupStart).trim());
  return { outside: collapseSpaces(outside), groups: groups.filter((g) => g.length > 0) };
}

/** snake_case value for an option label; accents stripped so values stay ASCII. */
export function slugifyValue(label: string, index: number): string {
  const slug = foldText(label)
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || `option_${index + 1}`;
}
