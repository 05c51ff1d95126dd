// Which format a browser gets, from its Accept header: AVIF, then WebP, then the original's own
// format (JPEG stays JPEG; anything else becomes PNG, which every browser shows).

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Media types the header accepts with a quality above 0 (parameters other than q ignored). */
function accepted(header: string): Set<string> {
  const types = new Set<string>();
  for (const part of header.slice(0, 1024).split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) types.add(type.trim());
  }
  return types;
}

export function negotiate(accept: string | undefined, originalFormat: string): OutputFormat {
  const types = accepted(accept ?? '');
  if (types.has('image/avif')) return 'avif';
  if (types.has('image/webp')) return 'webp';
  return originalFormat === 'jpeg' ? 'jpeg' : 'png';
}
