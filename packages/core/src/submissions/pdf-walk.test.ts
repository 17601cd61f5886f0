import { describe, expect, it } from 'vitest';
import { PDF_PICTURE_MAX_SIDE, pdfPictureSize } from './pdf-walk.ts';

describe('the size a picture is put into a submission PDF at', () => {
  it('shrinks the longer side to the bound, keeping the proportions', () => {
    expect(pdfPictureSize(2000, 1200)).toEqual({ width: PDF_PICTURE_MAX_SIDE, height: 480 });
    expect(pdfPictureSize(3024, 4032)).toEqual({ width: 600, height: PDF_PICTURE_MAX_SIDE });
  });

  it('never enlarges a small picture', () => {
    expect(pdfPictureSize(120, 80)).toEqual({ width: 120, height: 80 });
    expect(pdfPictureSize(PDF_PICTURE_MAX_SIDE, 10)).toEqual({ width: PDF_PICTURE_MAX_SIDE, height: 10 });
  });

  it('keeps a thin picture at least a pixel wide', () => {
    expect(pdfPictureSize(10_000, 2)).toEqual({ width: PDF_PICTURE_MAX_SIDE, height: 1 });
  });
});
