// Re-encoding with sharp (libvips): an original in, one width in one format out. What a hostile or
// broken file can do is bounded here: a pixel cap before decoding (a small file can declare a huge
// image), one frame of an animation, SVG refused (rasterising it would run its references), and the
// original's metadata (camera, location) dropped.
import sharp from 'sharp';
import type { MediaWidth } from './address.js';
import type { OutputFormat } from './negotiate.js';

/** Largest image decoded: 40 megapixels, above any photograph a firm's site would upload. */
export const MAX_INPUT_PIXELS = 40_000_000;
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** An original that is not an image this server re-encodes: the site shows its default image. */
export class UnusableImage extends Error {}

export interface Variant {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The original's format (sharp's name), or UnusableImage for one it will not decode. */
export async function formatOf(original: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch (error) {
    throw new UnusableImage(`not an image: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!format || !DECODABLE.has(format)) throw new UnusableImage(`refused format: ${format ?? 'unknown'}`);
  return format;
}

export async function encode(original: Buffer, width: MediaWidth, format: OutputFormat): Promise<Variant> {
  await formatOf(original);
  const pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? pipeline.avif({ quality: 50, effort: 3 })
      : format === 'webp'
        ? pipeline.webp({ quality: 72, effort: 4 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: 75, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9, palette: true });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    throw new UnusableImage(`cannot encode: ${error instanceof Error ? error.message : String(error)}`);
  }
}
