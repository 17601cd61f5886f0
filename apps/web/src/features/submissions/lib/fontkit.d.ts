// The little of fontkit (2.x, which ships no types) that the browser's PDF hands to pdf-lib.
declare module 'fontkit' {
  export interface Subset {
    encode(): Uint8Array;
  }
  export interface Font {
    createSubset(): Subset;
  }
  export function create(bytes: Uint8Array): Font;
}
