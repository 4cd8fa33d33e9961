// View names on the canvas: each placed in its box where no view drawn after it covers it and where
// it covers no other name and no line of text, shrunk or ellipsized to fit, on a backdrop when it must
// sit over other views, left out when there is no such place. What is drawn is recorded in the
// renderer's `labels` (CSS px, the tests read it).
//
// Exports drawLabels(renderer, jobs, hits, ghost, texts, avoid).

import { deviceBox, labelColorFor, roundedRect } from './draw-utils.js';
import { Placement } from './placement.js';

const LABEL_SIZE = 12; // label font size, CSS px, shrunk down to LABEL_MIN_SIZE to fit its box
const LABEL_MIN_SIZE = 8;
const LABEL_PAD = 6; // CSS px from the box's edges

/**
 * Labels after every box of a pass (`renderer`: the canvas's; `hits`: the pass's entries of its
 * hits). Each fits its box: the font shrinks from LABEL_SIZE down to LABEL_MIN_SIZE (both times the
 * renderer's textScale, larger in presenter mode), then the text is
 * ellipsized. It never covers another label or a line of text (the
 * text views' lines, `texts`, device-px boxes). It goes in the first place in its box that no view
 * drawn after it covers (the corners, then the middles of the top edge and of the left edge), else
 * in the band above (or below) the views that cover it, in a smaller font if that band is narrow;
 * when there is no room at all, on a light backdrop above everything, in the first corner clear of
 * the other labels and of text (one wholly inside a covering view, or clear of them, before one
 * across a covering view's edge). A label with no such place is left out (hovering the view names it).
 * Of the places in its box, one that also keeps off `avoid` (device-px boxes: the safe area's dashed
 * edges) comes first; when every one crosses them, they are not in the way.
 */
export function drawLabels(renderer, jobs, hits, ghost, texts = [], avoid = []) {
  const { ctx, dpr } = renderer;
  // Presenter mode draws names larger (renderer.textScale), minimum and all.
  const k = renderer.textScale || 1;
  const labelPx = LABEL_SIZE * k;
  const minPx = LABEL_MIN_SIZE * k;
  const base = hits.length ? renderer.hits.indexOf(hits[0]) : 0;
  // Device-px boxes of what is drawn, to tell what covers a label.
  const boxes = hits.map((hit) => (hit.alpha > 0 ? deviceBox(hit.matrix, 0, 0, hit.w, hit.h) : null));
  // Content a label may never cover: text, and the labels placed before it (parents first).
  const placement = new Placement({ taken: texts, avoid, slack: dpr });
  const placed = [];
  for (const job of jobs) {
    const unit = Math.sqrt(Math.abs(job.matrix.a * job.matrix.d - job.matrix.b * job.matrix.c)) || 1;
    const px = dpr / unit; // one CSS pixel in the view's points (transforms included)
    const boxW = job.w / px;
    const boxH = job.h / px;
    const pad = boxW < 48 || boxH < 22 ? 3 : LABEL_PAD;
    const maxW = boxW - 2 * pad;
    if (maxW < 12 || Math.min(labelPx, boxH - 2) < minPx) continue;
    ctx.save();
    ctx.setTransform(job.matrix);
    const fontAt = (size) => `600 ${size * px}px ${renderer.fontFamily()}`;
    const widthOf = (t) => ctx.measureText(t).width / px;
    /** The text at the largest size up to `limit` that fits the box's width, ellipsized below the minimum. */
    const fit = (limit) => {
      ctx.font = fontAt(labelPx);
      const natural = widthOf(job.text);
      let size = Math.max(minPx, Math.min(limit, (labelPx * maxW) / Math.max(1, natural)));
      size = Math.floor(size * 4) / 4;
      ctx.font = fontAt(size);
      let text = job.text;
      if (widthOf(text) > maxW) {
        let keep = text.length;
        while (keep > 1 && widthOf(`${text.slice(0, keep).trimEnd()}…`) > maxW) keep -= 1;
        text = `${text.slice(0, keep).trimEnd()}…`;
      }
      return { size, text, w: widthOf(text), h: size * 1.2 };
    };
    const local = (x, y, t) => deviceBox(job.matrix, x * px, y * px, t.w * px, t.h * px);
    const coverers = [];
    for (let i = job.hit - base + 1; i < boxes.length; i += 1) if (boxes[i]) coverers.push(boxes[i]);
    const uncovered = (r) => !coverers.some((b) => placement.clash(b, r));
    const clear = (x, y, t) => {
      const r = local(x, y, t);
      return placement.free(r) && uncovered(r);
    };
    let choice = null;
    const t = fit(Math.min(labelPx, boxH - 2));
    const roomy = boxH >= t.h + 2 * pad;
    const top = roomy ? pad - 1 : (boxH - t.h) / 2;
    const bottom = roomy ? boxH - pad + 1 - t.h : top;
    const spots = [[pad, top], [boxW - pad - t.w, top], [pad, bottom], [boxW - pad - t.w, bottom],
      [(boxW - t.w) / 2, top], [pad, (boxH - t.h) / 2]];
    const spot = placement.choose(spots, ([x, y]) => local(x, y, t), uncovered);
    if (spot) choice = { x: spot[0], y: spot[1], t };
    if (!choice && coverers.some((b) => placement.clash(b, deviceBox(job.matrix, 0, 0, job.w, job.h)))) {
      // The bands above and below what covers the box (in CSS px of the box).
      const box = deviceBox(job.matrix, 0, 0, job.w, job.h);
      const inside = coverers.filter((b) => placement.clash(b, box));
      const toCss = (v) => (v / dpr) * (boxH / Math.max(1e-6, (box.y1 - box.y0) / dpr));
      const gapTop = toCss(Math.min(...inside.map((b) => b.y0)) - box.y0);
      const gapBottom = toCss(box.y1 - Math.max(...inside.map((b) => b.y1)));
      for (const [gap, atTop] of [[gapTop, true], [gapBottom, false]]) {
        if (!(gap >= minPx * 1.2)) continue;
        const band = fit(Math.min(labelPx, gap / 1.2));
        const y = atTop ? Math.max(0, (gap - band.h) / 2) : boxH - gap + Math.max(0, (gap - band.h) / 2);
        if (clear(pad, y, band)) { choice = { x: pad, y, t: band }; break; }
      }
    }
    if (!choice) {
      // On a backdrop (over the views that cover the box, never over text or a label): the spots at
      // the fitted size, then at the smallest size against the edges.
      const small = fit(minPx);
      const edge = Math.min(1, Math.max(0, (boxH - small.h) / 2));
      const options = [...spots.map(([x, y]) => [x, y, t]),
        [pad, edge, small], [boxW - pad - small.w, edge, small],
        [pad, boxH - edge - small.h, small], [boxW - pad - small.w, boxH - edge - small.h, small]];
      // A name across the edge of a view that covers its box reads as drawn over both: a spot wholly
      // inside one covering view (a device px of slack), or clear of them all, comes first.
      const inside = (r, b) => r.x0 >= b.x0 - dpr && r.x1 <= b.x1 + dpr && r.y0 >= b.y0 - dpr && r.y1 <= b.y1 + dpr;
      const straddles = (r) => coverers.some((b) => placement.clash(b, r) && !inside(r, b));
      const spot = options.find(([x, y, size]) => placement.free(local(x, y, size)) && !straddles(local(x, y, size)))
        || options.find(([x, y, size]) => placement.free(local(x, y, size)));
      if (spot) choice = { x: spot[0], y: spot[1], t: spot[2], backdrop: true };
    }
    ctx.restore();
    if (choice) {
      placed.push({ job, px, backdrop: false, ...choice });
      placement.take(local(choice.x, choice.y, choice.t));
    }
  }
  // Labels with room first, then the ones on a backdrop (above the views that cover their boxes).
  for (const p of [...placed.filter((q) => !q.backdrop), ...placed.filter((q) => q.backdrop)]) {
    const { job, px, x, y, t, backdrop } = p;
    ctx.save();
    for (const clip of job.clipChain) {
      ctx.setTransform(clip.matrix);
      ctx.beginPath();
      ctx.rect(0, 0, clip.w, clip.h);
      ctx.clip();
    }
    ctx.setTransform(job.matrix);
    ctx.beginPath();
    ctx.rect(0, 0, job.w, job.h);
    ctx.clip();
    ctx.globalAlpha = job.alpha;
    ctx.font = `600 ${t.size * px}px ${renderer.fontFamily()}`;
    if (backdrop) {
      ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
      roundedRect(ctx, (x - 3) * px, y * px, (t.w + 6) * px, t.h * px, 3 * px);
      ctx.fill();
    }
    ctx.fillStyle = backdrop ? '#111827' : labelColorFor(job.fill);
    ctx.textBaseline = 'middle';
    ctx.fillText(t.text, x * px, (y + t.h / 2) * px);
    ctx.restore();
    const r = deviceBox(job.matrix, x * px, y * px, t.w * px, t.h * px);
    const b = deviceBox(job.matrix, 0, 0, job.w, job.h);
    renderer.labels.push({
      id: job.id, text: t.text, full: job.text, size: t.size, backdrop, offscreen: ghost,
      rect: [r.x0 / dpr, r.y0 / dpr, (r.x1 - r.x0) / dpr, (r.y1 - r.y0) / dpr],
      box: [b.x0 / dpr, b.y0 / dpr, (b.x1 - b.x0) / dpr, (b.y1 - b.y0) / dpr],
    });
  }
}
