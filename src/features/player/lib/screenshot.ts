// A screenshot of what the wall shows, taken by the player itself: it draws the slide on screen
// onto a canvas from the page's own layout (each element's box as the browser laid it out), so
// it needs no network and no library. Drawn: background colours, images and videos (the frame
// on screen) with their object-fit, and text word by word at the place each word was laid out,
// in its font and colour. What the wall does not show is left out: hidden layers (the next
// slide waiting underneath), anything with display none, visibility hidden or opacity 0.
// Icons (SVG), gradients, shadows and rounded corners are not drawn, nor a picture from another
// origin (it would make the canvas unreadable).

/** The widest screenshot kept, in pixels (a 4K wall is scaled down). */
export const SCREENSHOT_MAX_WIDTH = 1280;
export const SCREENSHOT_QUALITY = 0.8;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const transparent = (colour: string) =>
  !colour || colour === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(colour.replace(/\s+/g, ' '));

/** Where a picture of `sw`×`sh` lands in `box` under the element's object-fit. */
function fitted(fit: string, sw: number, sh: number, box: Box): Box {
  if (fit === 'fill' || !sw || !sh) return box;
  const scale =
    fit === 'cover'
      ? Math.max(box.w / sw, box.h / sh)
      : fit === 'none'
        ? 1
        : Math.min(box.w / sw, box.h / sh, fit === 'scale-down' ? 1 : Number.POSITIVE_INFINITY);
  const w = sw * scale;
  const h = sh * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/**
 * A picture the canvas may read back: from this origin, a blob, or fetched with CORS. One from
 * another origin (a video still playing from its signed link) is left out rather than taint
 * the whole picture.
 */
function readable(el: HTMLImageElement | HTMLVideoElement): boolean {
  const src = el.currentSrc || el.getAttribute('src') || '';
  if (!src || src.startsWith('blob:') || src.startsWith('data:') || el.crossOrigin !== null) return true;
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

function shown(style: CSSStyleDeclaration): boolean {
  return style.display !== 'none' && style.visibility !== 'hidden' && style.opacity !== '0';
}

function transformed(text: string, transform: string): string {
  if (transform === 'uppercase') return text.toUpperCase();
  if (transform === 'lowercase') return text.toLowerCase();
  return text;
}

function drawText(ctx: CanvasRenderingContext2D, node: Text, style: CSSStyleDeclaration, origin: Box) {
  const text = node.textContent ?? '';
  if (!text.trim()) return;
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  ctx.fillStyle = style.color;
  ctx.textBaseline = 'middle';
  const range = document.createRange();
  const words = /\S+/g;
  for (let m = words.exec(text); m; m = words.exec(text)) {
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    // A word broken over two lines has a box per line; its first is where it starts.
    const r = range.getClientRects()[0] ?? range.getBoundingClientRect();
    if (!r.width) continue;
    ctx.fillText(
      transformed(m[0], style.textTransform),
      r.left - origin.x,
      r.top - origin.y + r.height / 2,
      r.width + 1,
    );
  }
  range.detach();
}

function drawElement(ctx: CanvasRenderingContext2D, el: Element, origin: Box) {
  if (el instanceof HTMLElement && el.dataset.visible === 'false') return;
  if (el instanceof SVGElement) return;
  const style = getComputedStyle(el);
  if (!shown(style)) return;
  const rect = el.getBoundingClientRect();
  const box = { x: rect.left - origin.x, y: rect.top - origin.y, w: rect.width, h: rect.height };

  if (!transparent(style.backgroundColor) && box.w && box.h) {
    ctx.fillStyle = style.backgroundColor;
    ctx.fillRect(box.x, box.y, box.w, box.h);
  }
  const alpha = Number.parseFloat(style.opacity);
  ctx.save();
  if (alpha < 1) ctx.globalAlpha *= alpha;
  if (el instanceof HTMLImageElement && el.complete && el.naturalWidth && readable(el)) {
    const at = fitted(style.objectFit, el.naturalWidth, el.naturalHeight, box);
    clipTo(ctx, box, () => ctx.drawImage(el, at.x, at.y, at.w, at.h));
  } else if (el instanceof HTMLVideoElement && el.readyState >= 2 && el.videoWidth && readable(el)) {
    const at = fitted(style.objectFit, el.videoWidth, el.videoHeight, box);
    clipTo(ctx, box, () => ctx.drawImage(el, at.x, at.y, at.w, at.h));
  } else if (el instanceof HTMLCanvasElement && el.width) {
    ctx.drawImage(el, box.x, box.y, box.w, box.h);
  }
  for (const child of el.childNodes) {
    if (child instanceof Text) drawText(ctx, child, style, origin);
    else if (child instanceof Element) drawElement(ctx, child, origin);
  }
  ctx.restore();
}

function clipTo(ctx: CanvasRenderingContext2D, box: Box, draw: () => void) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  draw();
  ctx.restore();
}

/**
 * Draws `root` (the player, or whatever the wall shows) as a JPEG. Throws with a readable
 * reason when the browser cannot draw or read the picture (a file from another origin taints it).
 */
export async function captureScreenshot(root: Element): Promise<Blob> {
  const rect = root.getBoundingClientRect();
  const origin = { x: rect.left, y: rect.top, w: rect.width, h: rect.height };
  if (!rect.width || !rect.height) throw new Error('Nothing is on screen to capture.');
  const scale = Math.min(window.devicePixelRatio || 1, SCREENSHOT_MAX_WIDTH / rect.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(rect.width * scale);
  canvas.height = Math.round(rect.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a screenshot (no 2D canvas).');
  ctx.scale(scale, scale);
  const page = getComputedStyle(root);
  ctx.fillStyle = transparent(page.backgroundColor) ? '#000' : page.backgroundColor;
  ctx.fillRect(0, 0, rect.width, rect.height);
  drawElement(ctx, root, origin);
  return new Promise<Blob>((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The browser made no picture of the screen.'))),
        'image/jpeg',
        SCREENSHOT_QUALITY,
      );
    } catch (error) {
      reject(
        new Error(
          error instanceof DOMException && error.name === 'SecurityError'
            ? 'The picture on screen comes from another origin and cannot be read.'
            : `The screen could not be drawn: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  });
}
