const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (any version): anything else can never match a row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
