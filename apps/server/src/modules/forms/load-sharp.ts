/**
 * sharp, loaded with the first picture a request sends or asks for: a large native library that
 * most requests never need, so the server (and each test file) starts without it.
 */
export async function loadSharp(): Promise<typeof import('sharp').default> {
  return (await import('sharp')).default;
}
