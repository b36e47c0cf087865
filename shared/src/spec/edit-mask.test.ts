import { describe, expect, it } from 'vitest';
import {
  EDIT_MASK_LIMITS,
  EDIT_MASK_TEXT,
  editMaskProblem,
  type EditFace,
  type EditPoint,
} from './edit-mask';

/** A jaw line like face-api's: 17 points on the lower half of an ellipse around (cx, cy). */
function jaw(cx: number, cy: number, rx: number, ry: number): EditPoint[] {
  return Array.from({ length: 17 }, (_, k) => {
    const angle = Math.PI * (k / 16);
    return { x: cx - rx * Math.cos(angle), y: cy + ry * Math.sin(angle) };
  });
}

/** The head's outline above the ears: the upper half of an ellipse, highest at y 0.12. */
const headOutline: EditPoint[] = jaw(0.5, 0.4, 0.15, -0.28);

const face = (isModelPerson: boolean): EditFace => ({
  outline: jaw(0.5, 0.4, 0.15, 0.25),
  headOutline,
  isModelPerson,
});
const box =
  (left: number, top: number, right: number, bottom: number) =>
  ({ x, y }: EditPoint) =>
    x >= left && x <= right && y >= top && y <= bottom;

describe('editMaskProblem', () => {
  it('accepts a mask up to the area limit that keeps clear of faces', () => {
    expect(editMaskProblem({ areaFraction: 0.05 })).toBeNull();
    expect(editMaskProblem({ areaFraction: EDIT_MASK_LIMITS.maxAreaFraction })).toBeNull();
    const background = { areaFraction: 0.02, painted: box(0, 0, 0.2, 0.2) };
    expect(editMaskProblem({ ...background, faces: [face(true), face(false)] })).toBeNull();
  });

  it('refuses a larger mask and says to paint a smaller area', () => {
    expect(editMaskProblem({ areaFraction: EDIT_MASK_LIMITS.maxAreaFraction + 0.01 })).toBe(
      EDIT_MASK_TEXT.tooLarge,
    );
    expect(EDIT_MASK_TEXT.tooLarge).toContain('Paint a smaller area');
  });

  it("accepts a mask inside the model person's face, clear of its edge", () => {
    const eyes = { areaFraction: 0.02, painted: box(0.4, 0.42, 0.6, 0.5), faces: [face(true)] };
    expect(editMaskProblem(eyes)).toBeNull();
  });

  it("refuses a mask across the edge of the model person's face", () => {
    // The chin: the jaw's lowest point is at y 0.65.
    const chin = { areaFraction: 0.02, painted: box(0.42, 0.55, 0.58, 0.7), faces: [face(true)] };
    expect(editMaskProblem(chin)).toBe(EDIT_MASK_TEXT.crossesFaceEdge);
    // The cheek on the left, across the jaw line at x 0.35-0.4.
    const cheek = { areaFraction: 0.02, painted: box(0.3, 0.45, 0.42, 0.55), faces: [face(true)] };
    expect(editMaskProblem(cheek)).toBe(EDIT_MASK_TEXT.crossesFaceEdge);
  });

  it('refuses a mask across the outline of a head, not one on either side', () => {
    const faces = [face(true)];
    const across = { areaFraction: 0.02, painted: box(0.4, 0.05, 0.6, 0.2) };
    expect(editMaskProblem({ ...across, faces })).toBe(EDIT_MASK_TEXT.crossesHeadOutline);
    // Anyone's: another person's hair tears the same way.
    expect(editMaskProblem({ ...across, faces: [face(false)] })).toBe(
      EDIT_MASK_TEXT.crossesHeadOutline,
    );
    // In the hair under the top (at x 0.42 the top lies at y 0.16), and in the room above it.
    const hair = { areaFraction: 0.02, painted: box(0.42, 0.18, 0.58, 0.22), faces };
    expect(editMaskProblem(hair)).toBeNull();
    const above = { areaFraction: 0.02, painted: box(0.4, 0, 0.6, 0.08), faces };
    expect(editMaskProblem(above)).toBeNull();
    // A photo that does not show the head's outline has nothing to cross.
    const cutOff = { ...across, faces: [{ ...face(true), headOutline: [] }] };
    expect(editMaskProblem(cutOff)).toBeNull();
  });

  it("refuses a mask on another person's face, even inside it", () => {
    const eyes = { areaFraction: 0.02, painted: box(0.4, 0.42, 0.6, 0.5), faces: [face(false)] };
    expect(editMaskProblem(eyes)).toBe(EDIT_MASK_TEXT.coversOtherFace);
  });

  it('checks the area before the faces, and needs the painted pixels for the faces', () => {
    const all = { areaFraction: 0.5, painted: () => true, faces: [face(false)] };
    expect(editMaskProblem(all)).toBe(EDIT_MASK_TEXT.tooLarge);
    expect(editMaskProblem({ areaFraction: 0.02, faces: [face(false)] })).toBeNull();
  });
});
