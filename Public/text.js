// Text of labels, buttons and text fields, drawn in the font the server measures with (Inter, served
// from fonts/ and declared in style.css as "Playground Inter").
//
// The page breaks lines itself with canvas measureText instead of receiving them: frames carry only
// geometry, and a label's width changes on every frame of an animation, while the scene document (with
// the server's `lines`) is re-read only after edits. Chromium shapes with HarfBuzz on the same font
// file, and both sides use the same greedy rule (break after spaces and hyphens, hanging spaces,
// characters when a word is wider than the line), so the breaks agree with the server's `lines`.

export const TEXT_FAMILY = '"Playground Inter"';

// UIFont.Weight names to CSS weights (Inter's instances: ultraLight = ExtraLight 200, thin = Thin 100).
const WEIGHTS = {
  ultraLight: 200, thin: 100, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800, black: 900,
};
// Dynamic Type sizes and weights at the Large content size (the server's Font.TextStyle).
const STYLES = {
  largeTitle: [34, 'regular'], title1: [28, 'regular'], title2: [22, 'regular'], title3: [20, 'regular'],
  headline: [17, 'semibold'], body: [17, 'regular'], callout: [16, 'regular'], subheadline: [15, 'regular'],
  footnote: [13, 'regular'], caption1: [12, 'regular'], caption2: [11, 'regular'],
};
// Inter 4.0: ascender 2728, descender −680, line gap 0 per 2816 units (the server reads them from the
// file; the scene's fontMetrics carries them too).
const ASCENDER = 2728 / 2816;
const LINE_HEIGHT = 3408 / 2816;

// The system font's tracking in 1/1000 em for the whole sizes 6…79 pt (Apple's SF Pro table; the
// server's SystemFontTracking), added after every character as canvas letterSpacing; 0 from 80 pt.
const TRACKING = [
  41, 34, 26, 19, 12, 6, 0, -6, -11, -16, -20, -26, -25, -24, -23, -18, -12, -4, 3, 6, 8, 11,
  14, 14, 14, 13, 13, 12, 12, 11, 10, 10, 10, 10, 10, 9, 9, 9, 8, 8, 8, 8, 8, 7, 7, 7, 6, 6,
  5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

/** Points after every character at `size` points, interpolated between whole sizes. */
export function trackingOf(size) {
  if (!(size > 0) || size >= 80) return 0;
  const position = Math.min(Math.max(size, 6), 79) - 6;
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, TRACKING.length - 1);
  return (TRACKING[lower] + (TRACKING[upper] - TRACKING[lower]) * (position - lower)) * size / 1000;
}

/** [size in points, CSS weight] of a scene font object. */
export function fontOf(font = {}) {
  const style = STYLES[font.textStyle];
  const size = style ? style[0] : font.size ?? 17;
  return [size, WEIGHTS[style ? style[1] : font.weight] ?? 400];
}

/** Loads the faces the scene uses; calls `done` once they are ready (the canvas needs them loaded). */
export function loadFonts(views, done) {
  if (!document.fonts) return;
  const wanted = new Set(views.filter((v) => v.kind).map((v) => fontOf(v.font)[1]));
  const loads = [...wanted].map((weight) => document.fonts.load(`${weight} 17px ${TEXT_FAMILY}`));
  if (loads.length) Promise.all(loads).then(done, () => {});
}

/** Greedy lines of `text` at `width` points (Infinity: no wrapping), as the server's LineBreaker. */
export function breakLines(ctx, text, width, byChars) {
  const lines = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lastBreak = -1; // index in `line` after which it may break
    for (const ch of paragraph) {
      const candidate = line + ch;
      if (/\s/.test(ch)) {
        line = candidate;
        lastBreak = line.length;
        continue;
      }
      if (line.length && ctx.measureText(candidate).width > width + 1e-6) {
        const at = !byChars && lastBreak > 0 ? lastBreak : line.length;
        lines.push(line.slice(0, at).trimEnd());
        line = line.slice(at);
        lastBreak = -1;
        if (line.length && ctx.measureText(line + ch).width > width + 1e-6) {
          lines.push(line.trimEnd());
          line = '';
        }
      }
      line += ch;
      if (ch === '-') lastBreak = line.length;
    }
    lines.push(line.trimEnd());
  }
  return text === '' ? [] : lines;
}

/** `line` cut to fit `width` with an ellipsis at its head, middle or tail. */
function truncate(ctx, line, width, mode) {
  if (ctx.measureText(line).width <= width) return line;
  const chars = [...line];
  for (let keep = chars.length - 1; keep >= 0; keep -= 1) {
    let text;
    if (mode === 'byTruncatingHead') text = '…' + chars.slice(chars.length - keep).join('');
    else if (mode === 'byTruncatingMiddle') {
      const head = Math.ceil(keep / 2);
      text = chars.slice(0, head).join('') + '…' + chars.slice(chars.length - (keep - head)).join('');
    } else text = chars.slice(0, keep).join('') + '…';
    if (ctx.measureText(text).width <= width || keep === 0) return text;
  }
  return line;
}

/**
 * Draws a text view's text in its box (w × h points; the context maps points, origin at the box's
 * top-left). UILabel centers its lines vertically; buttons and fields center their one line.
 * Returns the drawn lines' rectangles [x, y, w, h] in the box's points (one line height tall, cut
 * to the box), so the renderer can keep view names off the text.
 */
export function drawText(ctx, view, w, h, alpha) {
  const [size, weight] = fontOf(view.font);
  const kind = view.kind;
  const insets = kind === 'button' ? view.contentEdgeInsets || [0, 0, 0, 0] : [0, 0, 0, 0];
  const pad = kind === 'textField' && view.borderStyle && view.borderStyle !== 'none' ? 7 : 0;
  const left = insets[1] + pad;
  const width = Math.max(0, w - insets[1] - insets[3] - 2 * pad);
  const placeholder = kind === 'textField' && !view.text;
  const text = placeholder ? view.placeholder || '' : view.text || '';
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.font = `${weight} ${size}px ${TEXT_FAMILY}`;
  ctx.letterSpacing = `${trackingOf(size)}px`;
  ctx.textBaseline = 'alphabetic';
  const wraps = kind === 'label' && view.numberOfLines !== 1;
  const mode = view.lineBreakMode || 'byTruncatingTail';
  let lines = wraps ? breakLines(ctx, text, width, mode === 'byCharWrapping') : text === '' ? [] : [text.split('\n')[0]];
  const limit = kind === 'label' && view.numberOfLines ? view.numberOfLines : wraps ? lines.length : 1;
  const cut = lines.length > limit;
  lines = lines.slice(0, limit);
  if (lines.length && mode.startsWith('byTruncating')) {
    const last = lines.length - 1;
    lines[last] = truncate(ctx, cut ? lines[last] + '…' : lines[last], width, mode);
  }
  const lineHeight = size * LINE_HEIGHT;
  const block = Math.max(lines.length, 1) * lineHeight;
  const top = insets[0] + (h - insets[0] - insets[2] - block) / 2;
  const align = kind === 'button' ? 'center' : view.textAlignment;
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.clip();
  ctx.fillStyle = kind === 'button' ? '#0b5cd6' : placeholder ? 'rgba(60, 60, 67, 0.45)' : '#111827';
  const rects = [];
  lines.forEach((line, index) => {
    const lineWidth = ctx.measureText(line).width;
    let x = left;
    if (align === 'center') x = left + (width - lineWidth) / 2;
    else if (align === 'right') x = left + width - lineWidth;
    const y = top + index * lineHeight;
    ctx.fillText(line, x, y + size * ASCENDER);
    const x0 = Math.max(0, x);
    const y0 = Math.max(0, y);
    const x1 = Math.min(w, x + lineWidth);
    const y1 = Math.min(h, y + lineHeight);
    if (line && x1 > x0 && y1 > y0) rects.push([x0, y0, x1 - x0, y1 - y0]);
  });
  ctx.restore();
  return rects;
}
