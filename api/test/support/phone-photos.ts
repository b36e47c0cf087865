import sharp from 'sharp';

interface Photo {
  id: string;
  filename: string;
  data: Buffer;
}

const PHONE_SIZE = { width: 3024, height: 4032 };

/**
 * `count` training photos made from fewer real ones the way phones deliver them: 12 MP JPEGs
 * (decoding them is a real part of a training's cost), as taken, mirrored, reframed and
 * re-exposed, in turn.
 */
export async function phoneSizedVariants(sources: Photo[], count: number): Promise<Photo[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const source = sources[index % sources.length]!;
      const variant = Math.floor(index / sources.length) % 4;
      let image = sharp(source.data).rotate();
      if (variant === 1) image = image.flop();
      if (variant === 2) {
        const { width = 0, height = 0 } = await sharp(source.data).rotate().metadata();
        const crop = { width: Math.round(width * 0.85), height: Math.round(height * 0.85) };
        image = image.extract({ left: Math.round((width - crop.width) / 2), top: 0, ...crop });
      }
      if (variant === 3) image = image.modulate({ brightness: 1.1, saturation: 0.9 });
      const data = await image
        .resize({ ...PHONE_SIZE, fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer();
      return { id: `phone-${index}`, filename: `phone-${index}-${source.filename}`, data };
    }),
  );
}
