const HOUR_MS = 3_600_000;

/** 'Just now' under 1 h, 'N hours ago', 'Yesterday' under 48 h, otherwise a date. */
export function formatRelativeTime(iso: string | undefined, now = Date.now()): string {
  if (!iso) return 'Unknown';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Unknown';
  const hours = Math.floor((now - time) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  if (hours < 48) return 'Yesterday';
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Published share of all forms, as a percentage rounded to 1 decimal. */
export function publishedPercentage(published: number, total: number): number {
  return total === 0 ? 0 : Math.round((published / total) * 1000) / 10;
}
