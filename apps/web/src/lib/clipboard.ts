/** Copies text; throws with a message for the user when the browser cannot. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard not supported in this browser');
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    throw new Error('Failed to copy URL to clipboard');
  }
}
