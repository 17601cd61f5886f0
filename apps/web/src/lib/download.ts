/** Starts a browser download of `href` (a data: or blob: URL) under `filename`. */
export function saveUrl(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Starts a browser download of a blob; its URL is freed once the browser has taken it. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
