/** What the address names: /form/<formIdOrSlug> or /form/<formIdOrSlug>/embed. */
export type FillLocation = { identifier: string; embed: boolean };

export function parseFillLocation(pathname: string): FillLocation | null {
  const match = /^\/form\/([^/]+)(\/embed)?\/?$/.exec(pathname);
  if (!match) return null;
  let identifier: string;
  try {
    identifier = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return identifier.trim() === '' ? null : { identifier, embed: Boolean(match[2]) };
}

/** A numeric value is a form id; anything else is a slug. */
export function isFormId(identifier: string): boolean {
  return /^\d+$/.test(identifier);
}
