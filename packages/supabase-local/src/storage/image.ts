// Image transformation as Supabase Storage does it with imgproxy behind it,
// done here with sharp: the transformation options and their limits (Storage's
// ImageRenderer), and the rendering with imgproxy's rules under `supabase
// start` (IMGPROXY_MAX_SRC_RESOLUTION=50 megapixels, IMGPROXY_MAX_SRC_FILE_SIZE
// 25 MB, 60 animation frames, WebP chosen when the client accepts it, quality
// jpeg 80 / webp 80 / avif 62, no enlargement, EXIF orientation applied).
import type sharpDefault from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { errors, StorageError } from './errors.ts';
import type { Schema } from './schema.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: string;
  format?: string;
  quality?: number;
  gravity?: string;
  x_offset?: number;
  y_offset?: number;
}

const GRAVITIES = ['no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'ce', 'sm', 'fp'] as const;

/** Storage's transformationOptionsSchema. */
export const TRANSFORM_SCHEMA = {
  type: 'object',
  properties: {
    height: { type: 'integer', minimum: 0 },
    width: { type: 'integer', minimum: 0 },
    resize: { type: 'string', enum: ['cover', 'contain', 'fill'] },
    format: { type: 'string', enum: ['origin', 'avif', 'webp'] },
    quality: { type: 'integer', minimum: 20, maximum: 100 },
    gravity: { type: 'string', enum: GRAVITIES },
    x_offset: { type: 'number' },
    y_offset: { type: 'number' },
  },
  when: (v) => v.gravity === 'fp',
  then: {
    required: ['x_offset', 'y_offset'],
    properties: {
      x_offset: { type: 'number', minimum: 0, maximum: 1 },
      y_offset: { type: 'number', minimum: 0, maximum: 1 },
    },
  },
} as const satisfies Schema;

/** IMAGE_TRANSFORMATION_LIMIT_MIN_SIZE / _MAX_SIZE: Storage's defaults, as under `supabase start`. */
const SIZE_LIMITS = { min: 1, max: 2000 };
const MAX_SOURCE_BYTES = 25_000_000;
const MAX_SOURCE_PIXELS = 50_000_000;
const MAX_ANIMATION_FRAMES = 60;
/** IMGPROXY_FORMAT_QUALITY of `supabase start`; other formats take imgproxy's default, 80. */
const DEFAULT_QUALITY: Record<string, number> = { jpeg: 80, webp: 80, avif: 62 };

type SharpModule = typeof sharpDefault;
let loaded: Promise<SharpModule> | undefined;

/** sharp, loaded on the first rendering: a stack whose platform lacks its binary still serves everything else. */
async function sharpModule(): Promise<SharpModule> {
  const pending = (loaded ??= import('sharp').then((m) => m.default));
  try {
    return await pending;
  } catch (e) {
    loaded = undefined;
    console.error('[storage] sharp could not be loaded; images cannot be transformed', e);
    throw errors.internal();
  }
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

const resizingType = (resize: string | undefined) =>
  resize === 'contain' ? 'fit' : resize === 'fill' ? 'force' : 'fill';

const validFocalPoint = (v: number | undefined): v is number =>
  v !== undefined && Number.isFinite(v) && v >= 0 && v <= 1;

/**
 * Storage's ImageRenderer.applyTransformation: the imgproxy options of a
 * request, as the X-Transformations header shows them, or (keepOriginal) as a
 * signed URL's token keeps them.
 */
export function transformationSegments(options: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height, SIZE_LIMITS.min, SIZE_LIMITS.max)}`);
  if (options.width) segments.push(`width:${clamp(options.width, SIZE_LIMITS.min, SIZE_LIMITS.max)}`);
  if (options.width || options.height) {
    segments.push(keepOriginal ? `resize:${options.resize}` : `resizing_type:${resizingType(options.resize)}`);
  }
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  if (options.gravity === 'sm') {
    segments.push('gravity:sm');
  } else if (options.gravity === 'fp') {
    if (!validFocalPoint(options.x_offset) || !validFocalPoint(options.y_offset)) {
      throw errors.invalidParameter('gravity', 'Focal point requires x and y coordinates within 0-1 range');
    }
    segments.push(`gravity:fp:${options.x_offset}:${options.y_offset}`);
  } else if (options.gravity) {
    const { x_offset: x, y_offset: y } = options;
    segments.push(
      x === undefined && y === undefined
        ? `gravity:${options.gravity}`
        : `gravity:${options.gravity}:${x ?? 0}:${y ?? 0}`,
    );
  }
  return segments;
}

/** Storage's setTransformationsFromString: the options a signed URL's token carries. */
export function transformFromString(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const param of text.split(',')) {
    const [name, value, x, y] = param.split(':');
    if (value === undefined || value === '') continue;
    switch (name) {
      case 'height':
      case 'width':
      case 'quality':
        options[name] = parseInt(value, 10);
        break;
      case 'resize':
      case 'format':
        options[name] = value;
        break;
      case 'gravity':
        options.gravity = value;
        if (x !== undefined && x !== '' && Number.isFinite(parseFloat(x))) options.x_offset = parseFloat(x);
        if (y !== undefined && y !== '' && Number.isFinite(parseFloat(y))) options.y_offset = parseFloat(y);
        break;
    }
  }
  return options;
}

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

export interface RenderedImage {
  bytes: Buffer;
  contentType: string;
}

const unsupported = () => errors.imageProcessing(400, 'The source image is invalid or unsupported for rendering');

interface Source {
  format: string;
  width: number;
  /** One frame's height. */
  height: number;
  frames: number;
  hasAlpha: boolean;
  /** EXIF orientation 5 to 8: the picture stands on its side and is turned upright. */
  turned: boolean;
}

async function inspect(sharp: SharpModule, bytes: Buffer): Promise<Source> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !meta.width || !meta.height) throw unsupported();
  // sharp reads AVIF and HEIC as "heif"; only AVIF can be written back.
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  const frames = Math.max(1, meta.pages ?? 1);
  const height = meta.pageHeight ?? meta.height;
  return {
    format,
    width: meta.width,
    height,
    frames,
    hasAlpha: Boolean(meta.hasAlpha),
    turned: (meta.orientation ?? 1) >= 5,
  };
}

/** Whether an Accept header takes WebP. */
export const acceptsWebp = (accept: string | undefined) => /(^|[\s,])image\/webp([\s;,]|$)/i.test(accept ?? '');

/**
 * The format a rendering is written in: as asked (webp, avif), the source's
 * (origin), or, with none asked, WebP when the client accepts it
 * (IMGPROXY_ENABLE_WEBP_DETECTION) and the source's otherwise.
 */
function outputFormat(source: Source, asked: string | undefined, accept: string | undefined): string {
  if (asked === 'webp' || asked === 'avif') return asked;
  if (asked !== 'origin' && acceptsWebp(accept)) return 'webp';
  if (source.format in CONTENT_TYPES) return source.format;
  return source.hasAlpha ? 'png' : 'jpeg';
}

/** The size after imgproxy's resize (resizing_type fill, fit or force; never enlarged), and the crop of "fill". */
function plan(source: { width: number; height: number }, o: TransformOptions) {
  const w = o.width ? clamp(o.width, SIZE_LIMITS.min, SIZE_LIMITS.max) : 0;
  const h = o.height ? clamp(o.height, SIZE_LIMITS.min, SIZE_LIMITS.max) : 0;
  if (!w && !h) return undefined;
  const type = resizingType(o.resize);
  const fx = w ? w / source.width : 0;
  const fy = h ? h / source.height : 0;
  let sx: number;
  let sy: number;
  if (!w || !h) {
    sx = sy = Math.min(fx || fy, 1);
  } else if (type === 'force') {
    sx = Math.min(fx, 1);
    sy = Math.min(fy, 1);
  } else {
    sx = sy = Math.min(type === 'fit' ? Math.min(fx, fy) : Math.max(fx, fy), 1);
  }
  const resized = {
    width: Math.max(1, Math.round(source.width * sx)),
    height: Math.max(1, Math.round(source.height * sy)),
  };
  const crop =
    type === 'fill' && w && h ? { width: Math.min(w, resized.width), height: Math.min(h, resized.height) } : undefined;
  return { resized, crop };
}

const POSITIONS: Record<string, string> = {
  no: 'north',
  so: 'south',
  ea: 'east',
  we: 'west',
  noea: 'northeast',
  nowe: 'northwest',
  soea: 'southeast',
  sowe: 'southwest',
  ce: 'centre',
};

/** imgproxy's calcPosition: where the crop box sits for a gravity (offsets < 1 are fractions of the image). */
function cropOrigin(
  image: { width: number; height: number },
  box: { width: number; height: number },
  o: TransformOptions,
): { left: number; top: number } {
  const gravity = o.gravity ?? 'ce';
  let left: number;
  let top: number;
  if (gravity === 'fp') {
    left = Math.round(image.width * (o.x_offset ?? 0.5)) - Math.floor(box.width / 2);
    top = Math.round(image.height * (o.y_offset ?? 0.5)) - Math.floor(box.height / 2);
  } else {
    const offset = (v: number | undefined, size: number) => (v === undefined ? 0 : Math.abs(v) < 1 ? v * size : v);
    const dx = Math.round(offset(o.x_offset, image.width));
    const dy = Math.round(offset(o.y_offset, image.height));
    left = Math.floor((image.width - box.width + 1) / 2) + dx;
    top = Math.floor((image.height - box.height + 1) / 2) + dy;
    if (gravity.startsWith('no')) top = dy;
    if (gravity.startsWith('so')) top = image.height - box.height - dy;
    if (gravity.endsWith('ea')) left = image.width - box.width - dx;
    if (gravity.endsWith('we')) left = dx;
  }
  return {
    left: clamp(left, 0, image.width - box.width),
    top: clamp(top, 0, image.height - box.height),
  };
}

function encode(img: Sharp, format: string, quality: number | undefined): Sharp {
  const q = quality ?? DEFAULT_QUALITY[format] ?? 80;
  switch (format) {
    case 'jpeg':
      return img.flatten({ background: '#ffffff' }).jpeg({ quality: q });
    case 'webp':
      return img.webp({ quality: q });
    case 'avif':
      return img.avif({ quality: q });
    case 'png':
      return img.png();
    case 'gif':
      return img.gif();
    case 'tiff':
      return img.tiff({ quality: q });
    default:
      throw unsupported();
  }
}

/**
 * Renders an image as Storage with imgproxy would: refuses sources past the
 * limits or that are not images with imgproxy's messages, then resizes, crops
 * and encodes. `accept` is the client's Accept header (ignored for format=origin).
 */
/** imgproxy's IMGPROXY_MAX_SRC_FILE_SIZE, checked before a source is read. */
export function assertSourceSize(bytes: number): void {
  if (bytes > MAX_SOURCE_BYTES) throw errors.imageProcessing(400, 'The source image file is too large to process');
}

export async function renderImage(
  bytes: Buffer,
  options: TransformOptions,
  accept: string | undefined,
): Promise<RenderedImage> {
  assertSourceSize(bytes.length);
  const sharp = await sharpModule();
  const source = await inspect(sharp, bytes);
  const frames = Math.min(source.frames, MAX_ANIMATION_FRAMES);
  if (source.width * source.height * frames > MAX_SOURCE_PIXELS) {
    throw errors.imageProcessing(400, 'The source image resolution is too large to process');
  }
  const format = outputFormat(source, options.format, accept);
  // An SVG asked for as SVG is sent as it is: imgproxy does not rasterize to write SVG.
  if (format === 'svg') return { bytes, contentType: CONTENT_TYPES.svg! };
  try {
    let img = sharp(bytes, { limitInputPixels: false, pages: frames > 1 ? frames : 1 }).autoOrient();
    const upright = source.turned
      ? { width: source.height, height: source.width }
      : { width: source.width, height: source.height };
    const steps = plan(upright, options);
    if (steps) {
      const { crop } = steps;
      const simpleGravity =
        !options.gravity ||
        (options.gravity in POSITIONS && options.x_offset === undefined && options.y_offset === undefined);
      if (crop && options.gravity === 'sm') {
        img = img.resize(crop.width, crop.height, { fit: 'cover', position: sharp.strategy.attention });
      } else if (crop && simpleGravity) {
        img = img.resize(crop.width, crop.height, { fit: 'cover', position: POSITIONS[options.gravity ?? 'ce'] });
      } else {
        img = img.resize(steps.resized.width, steps.resized.height, { fit: 'fill' });
        if (crop) {
          // Offsets and focal points: resize first, then cut the box out where imgproxy would.
          const resized = sharp(await img.toBuffer(), { pages: frames > 1 ? -1 : 1 });
          img = resized.extract({ ...cropOrigin(steps.resized, crop, options), ...crop });
        }
      }
    }
    const out = await encode(img, format, options.quality).toBuffer();
    return { bytes: out, contentType: CONTENT_TYPES[format]! };
  } catch (e) {
    if (e instanceof StorageError) throw e;
    throw unsupported();
  }
}
