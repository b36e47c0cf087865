import type { KernelMemory } from './kernels';
import { activation, resizePaddedBilinear, type Activation } from './layers';

/**
 * The input face-api's landmark and face-recognition nets make of a face (`NetInput.toBatchTensor
 * (size, true)`, then `normalize(x, meanRgb).div(255)`): the face's pixels padded square at the
 * centre, resized to `size` × `size`, less face-api's mean colour, / 255.
 */

const MEAN_RGB = [122.782, 117.001, 104.298] as const;

/** A box of whole pixels in an image. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The face in `crop` (whole pixels of `image`) as a `size` × `size` input, in `memory`. */
export function faceInput(
  memory: KernelMemory,
  image: { data: ArrayLike<number>; height: number; width: number },
  crop: PixelBox,
  size: number,
): Activation {
  const side = Math.max(crop.width, crop.height);
  const difference = Math.abs(crop.width - crop.height);
  // face-api pads the short side with round(difference / 2) after it and the rest before.
  const before = difference - Math.round(difference / 2);
  const input = activation(memory, size, size, 3);
  resizePaddedBilinear(
    cropPixels(image, crop),
    crop.height,
    crop.width,
    crop.width < crop.height ? { top: 0, left: before } : { top: before, left: 0 },
    side,
    input,
  );
  const data = input.data;
  for (let index = 0; index < data.length; index += 1) {
    data[index] = (data[index]! - MEAN_RGB[index % 3]!) / 255;
  }
  return input;
}

/** The crop's pixels as their own RGB array. */
function cropPixels(image: { data: ArrayLike<number>; width: number }, crop: PixelBox) {
  const out = new Float32Array(crop.width * crop.height * 3);
  for (let row = 0; row < crop.height; row += 1) {
    for (let column = 0; column < crop.width * 3; column += 1) {
      out[row * crop.width * 3 + column] =
        image.data[((crop.y + row) * image.width + crop.x) * 3 + column]!;
    }
  }
  return out;
}
