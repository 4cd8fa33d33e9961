// Small drawing helpers shared by the canvas's renderer and its label placement: the contrast colour
// for text on a fill, a rectangle's device-pixel bounding box under a matrix, a rounded rectangle path.
//
// Exports labelColorFor(fill), deviceBox(matrix, x, y, w, h) and roundedRect(ctx, x, y, w, h, r).

/** Relative luminance of #rgb/#rrggbb/rgb(), or null when not parseable. */
function luminance(color) {
  let r, g, b;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color || '');
  if (hex) {
    let h = hex[1];
    if (h.length === 3) h = h.replace(/./g, (c) => c + c);
    r = parseInt(h.slice(0, 2), 16); g = parseInt(h.slice(2, 4), 16); b = parseInt(h.slice(4, 6), 16);
  } else {
    const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(color || '');
    if (!rgb) return null;
    [r, g, b] = rgb.slice(1, 4).map(Number);
  }
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Near-black or white, whichever contrasts more with `fill` (WCAG relative luminance). */
export function labelColorFor(fill) {
  const l = luminance(fill);
  if (l === null) return '#111827';
  // Pick whichever of near-black / white contrasts more with the fill.
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#111827' : '#ffffff';
}

/** The device-px bounding box { x0, y0, x1, y1 } of a local rectangle under a matrix. */
export function deviceBox(matrix, x, y, w, h) {
  const points = [[x, y], [x + w, y], [x, y + h], [x + w, y + h]].map(([px, py]) => matrix.transformPoint(new DOMPoint(px, py)));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Starts a path of a rounded rectangle (radius cut to half the shorter side). */
export function roundedRect(ctx, x, y, w, h, r) {
  const rr = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, rr);
  else ctx.rect(x, y, w, h);
}
