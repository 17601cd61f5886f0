const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** "less than a minute ago", "3 minutes ago", "2 hours ago", "4 days ago". */
export function formatProofAge(seconds: number): string {
  if (seconds < 60) return 'less than a minute ago';
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  return relative.format(-Math.floor(seconds / 86_400), 'day');
}

/** "7 minutes", "1 minute", "less than a minute". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.floor(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
