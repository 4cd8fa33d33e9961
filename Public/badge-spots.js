// Where a constraint's badge may go, nearest first: spots on the constraint's line (its middle, then
// towards either end), then moved off it by small steps across and past its ends, ordered by how far
// the pill would sit from the line, so a badge placed at the first free spot moves only as far from
// the edge it labels as the badges, names and text already placed make it.
//
// Exports badgeSpots(line, size, options).

/** Along-the-line steps at most on each side of the middle, so a long line keeps the count bounded. */
const ALONG_STEPS = 8;
/** How far off the line and past its ends spots reach, in pills' sizes. */
const REACH_PILLS = 2;
/** Steps across the line per pill's size. */
const ACROSS_STEPS_PER_PILL = 2;

/**
 * Candidate centres for a `w` × `h` pill labelling the line from `a` to `b` (points { x, y }, any
 * one unit: device px), nearest first. A line of no length (an edge pinned to the same edge) runs
 * along `axis` ("horizontal" or "vertical"). `penalty(center)`: extra distance a spot counts as (a
 * spot off the device's screen), 0 by default. Each spot is { x, y, distance }: the gap between the
 * pill's box and the line.
 * - Complexity: O(k log k) for the k ≈ (2 × ALONG_STEPS + 2 × REACH_PILLS × 4) × (2 × REACH_PILLS × 4 + 1) spots.
 */
export function badgeSpots({ a, b, axis }, { w, h }, { penalty = () => 0, step: minStep = 4 } = {}) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  const [ux, uy] = length > 0 ? [dx / length, dy / length] : axis === 'horizontal' ? [1, 0] : [0, 1];
  const [nx, ny] = [-uy, ux];
  // The pill's extent along and across the line.
  const along = Math.abs(ux) * w + Math.abs(uy) * h;
  const across = Math.abs(nx) * w + Math.abs(ny) * h;
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const half = length / 2;
  const alongStep = Math.max(minStep, half / ALONG_STEPS);
  const reachAlong = half + REACH_PILLS * along;
  const offsets = [];
  for (let s = 0; s <= reachAlong + 1e-9; s += alongStep) offsets.push(s, -s);
  const acrossStep = Math.max(minStep / 2, across / ACROSS_STEPS_PER_PILL);
  const sideways = [];
  for (let t = 0; t <= REACH_PILLS * across + 1e-9; t += acrossStep) sideways.push(t, -t);
  const segment = { x0: Math.min(a.x, b.x), x1: Math.max(a.x, b.x), y0: Math.min(a.y, b.y), y1: Math.max(a.y, b.y) };
  const spots = [];
  for (const t of new Set(sideways)) {
    for (const s of new Set(offsets)) {
      const x = mid.x + ux * s + nx * t;
      const y = mid.y + uy * s + ny * t;
      // The gap between the pill's box and the line's bounding box (the line itself when it runs
      // along an axis, as every line does but a transformed view's).
      const gx = Math.max(0, segment.x0 - (x + w / 2), x - w / 2 - segment.x1);
      const gy = Math.max(0, segment.y0 - (y + h / 2), y - h / 2 - segment.y1);
      const distance = Math.hypot(gx, gy);
      spots.push({ x, y, distance, rank: distance + penalty({ x, y }), s: Math.abs(s) });
    }
  }
  // Nearest the line first; of spots as near, nearest its middle.
  spots.sort((p, q) => p.rank - q.rank || p.s - q.s);
  return spots;
}
