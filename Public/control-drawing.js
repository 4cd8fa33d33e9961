// What an imported control shows, drawn in its box so a person recognises their screen: a button's
// title, a text field's placeholder or text in a rounded field, a switch, a segmented control's
// segments, an image view's placeholder picture, a slider's track. The view's `control` field
// (docs/PROTOCOL.md, "Scene documents") says which; drawing only, the layout never reads it.
//
// Exports drawControl(ctx, control, w, h, alpha) and drawsOwnText(control).

import { drawText, TEXT_FAMILY } from './text.js';
import { roundedRect } from './draw-utils.js';

/** iOS's system blue, green and greys as a control draws them (UIColor.systemBlue, …). */
const BLUE = '#0b5cd6';
const GREEN = '#34c759';
const TRACK_OFF = '#e9e9eb';
const FIELD_BORDER = 'rgba(60, 60, 67, 0.29)';
const SEGMENT_BACK = '#eeeef0';
/** A segment title's size, points (UISegmentedControl's 13 pt). */
const SEGMENT_FONT = 13;

/**
 * Whether the control shows text of its own, or a switch that fills its box: its name label would
 * cover it (hovering names it), as Xcode's canvas shows the control alone.
 */
export function drawsOwnText(control) {
  return ['button', 'textField', 'segmentedControl', 'switch'].includes(control?.kind);
}

/**
 * Draws `control` in a w × h box (points; the context maps points, origin at the box's top-left) at
 * `alpha`. Returns the rectangles [x, y, w, h] of the text drawn, in the box's points.
 */
export function drawControl(ctx, control, w, h, alpha) {
  ctx.save();
  ctx.globalAlpha = alpha;
  let rects = [];
  switch (control.kind) {
    case 'button':
      rects = drawText(ctx, { kind: 'button', text: control.title || '', font: { size: 15 } }, w, h, alpha);
      break;
    case 'textField':
      fieldBox(ctx, w, h);
      rects = drawText(ctx, { kind: 'textField', text: control.title || '', placeholder: control.placeholder || '',
        borderStyle: 'roundedRect', font: { size: 14 } }, w, h, alpha);
      break;
    case 'switch':
      drawSwitch(ctx, control.isOn !== false && control.on !== false, w, h);
      break;
    case 'segmentedControl':
      rects = drawSegments(ctx, control.segments || [], control.selectedSegment, w, h);
      break;
    case 'imageView':
      drawImagePlaceholder(ctx, w, h);
      break;
    case 'slider':
      drawSlider(ctx, w, h);
      break;
    default:
      break;
  }
  ctx.restore();
  return rects;
}

function fieldBox(ctx, w, h) {
  roundedRect(ctx, 0.5, 0.5, w - 1, h - 1, 5);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = FIELD_BORDER;
  ctx.stroke();
}

/** UISwitch: a 51 × 31 pill (scaled to the box), green with the knob right when on. */
function drawSwitch(ctx, on, w, h) {
  const height = Math.min(h, 31);
  const width = Math.min(w, height * 51 / 31);
  const y = (h - height) / 2;
  roundedRect(ctx, 0, y, width, height, height / 2);
  ctx.fillStyle = on ? GREEN : TRACK_OFF;
  ctx.fill();
  const knob = height - 4;
  ctx.beginPath();
  ctx.arc(on ? width - 2 - knob / 2 : 2 + knob / 2, y + height / 2, knob / 2, 0, 2 * Math.PI);
  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.25)';
  ctx.shadowBlur = 2;
  ctx.fill();
  ctx.shadowBlur = 0;
}

/** UISegmentedControl: equal segments on a grey track, the selected one white, titles centred. */
function drawSegments(ctx, segments, selected, w, h) {
  roundedRect(ctx, 0, 0, w, h, 8);
  ctx.fillStyle = SEGMENT_BACK;
  ctx.fill();
  const count = Math.max(1, segments.length);
  const width = w / count;
  if (Number.isInteger(selected) && selected >= 0 && selected < count) {
    roundedRect(ctx, selected * width + 2, 2, width - 4, h - 4, 7);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
  }
  ctx.fillStyle = 'rgba(60, 60, 67, 0.3)';
  for (let i = 1; i < count; i += 1) {
    if (i !== selected && i !== selected + 1) ctx.fillRect(i * width - 0.5, h * 0.25, 1, h * 0.5);
  }
  ctx.font = `500 ${SEGMENT_FONT}px ${TEXT_FAMILY}`;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#111827';
  const rects = [];
  segments.forEach((title, i) => {
    const room = width - 8;
    let text = title;
    while (text.length > 1 && ctx.measureText(text).width > room) text = `${text.slice(0, -2)}…`;
    const textWidth = Math.min(room, ctx.measureText(text).width);
    const x = i * width + (width - textWidth) / 2;
    ctx.fillText(text, x, h / 2);
    rects.push([x, Math.max(0, h / 2 - SEGMENT_FONT * 0.6), textWidth, Math.min(h, SEGMENT_FONT * 1.2)]);
  });
  return rects;
}

/** An image view without its image: a light frame holding a sun over two hills, as a placeholder. */
function drawImagePlaceholder(ctx, w, h) {
  ctx.fillStyle = '#eef1f5';
  ctx.fillRect(0, 0, w, h);
  const side = Math.min(w, h) * 0.6;
  const x = (w - side) / 2;
  const y = (h - side) / 2;
  ctx.strokeStyle = '#8a94a6';
  ctx.lineWidth = Math.max(1, side / 24);
  roundedRect(ctx, x, y, side, side * 0.8, side / 10);
  ctx.stroke();
  ctx.fillStyle = '#8a94a6';
  ctx.beginPath();
  ctx.arc(x + side * 0.7, y + side * 0.25, side * 0.09, 0, 2 * Math.PI);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(x + side * 0.1, y + side * 0.7);
  ctx.lineTo(x + side * 0.38, y + side * 0.38);
  ctx.lineTo(x + side * 0.6, y + side * 0.6);
  ctx.lineTo(x + side * 0.72, y + side * 0.5);
  ctx.lineTo(x + side * 0.9, y + side * 0.7);
  ctx.closePath();
  ctx.fill();
}

/** UISlider: a track across the box, blue up to a knob half way. */
function drawSlider(ctx, w, h) {
  const y = h / 2;
  ctx.fillStyle = TRACK_OFF;
  roundedRect(ctx, 2, y - 2, w - 4, 4, 2);
  ctx.fill();
  ctx.fillStyle = BLUE;
  roundedRect(ctx, 2, y - 2, w / 2 - 2, 4, 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(w / 2, y, Math.min(14, h / 2 - 1), 0, 2 * Math.PI);
  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.3)';
  ctx.shadowBlur = 3;
  ctx.fill();
}
