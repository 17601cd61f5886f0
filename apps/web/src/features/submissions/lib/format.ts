export const CELL_MAX = 30;

/** Text cut to `max` characters with an ellipsis; '-' when empty (table cells). */
export function cellText(text: string, max: number = CELL_MAX): string {
  if (text.trim() === '') return '-';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** en-US short date and time, e.g. 'Jan 5, 2025, 3:04 PM'; 'Invalid date' when unreadable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date answer (YYYY-MM-DD, read as that calendar day) in the reader's locale. */
export function formatDateAnswer(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString();
}

/** The answer of a field: stored under its id, or under its label by older clients. */
export function answerOf(data: Record<string, unknown>, field: { id: string; label: string }): unknown {
  if (Object.hasOwn(data, field.id)) return data[field.id];
  if (Object.hasOwn(data, field.label)) return data[field.label];
  return undefined;
}

/** Page buttons: up to 5, sliding so the current page stays in the middle when it can. */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
