// Public/badge-spots.js, stage-fit.js and presenter-pointer.js's dotOffset under Node: where a badge
// is tried, how far the fit reaches beside the screen, where the presenter's dot moves off a badge.
// Every expected value is worked out by hand in the comments.
//   node --test Tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badgeSpots } from '../../Public/badge-spots.js';
import { StageFit, reachOf } from '../../Public/stage-fit.js';
import { dotOffset } from '../../Public/presenter-pointer.js';

test('a badge is tried on its line first, from the middle out, then off it', () => {
  // A vertical line from (100, 0) to (100, 80); a 20 × 10 pill. Its middle is (100, 40).
  const spots = badgeSpots({ a: { x: 100, y: 0 }, b: { x: 100, y: 80 }, axis: 'vertical' }, { w: 20, h: 10 });
  assert.deepEqual([spots[0].x, spots[0].y, spots[0].distance], [100, 40, 0]);
  // Every spot on the line (distance 0) comes before any off it, and distances never decrease.
  const distances = spots.map((s) => s.distance);
  assert.deepEqual(distances, [...distances].sort((p, q) => p - q));
  // Along the line the steps are 40 / 8 = 5 px (ALONG_STEPS a side); across, half the pill's 20 px.
  // The nearest spot off the line is past its end: at y = 90 the pill spans 85…95, 5 px below 80
  // (at y = 85 it still touches the end; moved 10 px across, its edge still touches the line).
  const firstOff = spots.find((s) => s.distance > 0);
  assert.deepEqual([firstOff.x, firstOff.y, firstOff.distance], [100, 90, 5]);
});

test('a line of no length runs along its axis, and a penalty pushes a spot back', () => {
  // A point (0, 50) on a screen's left edge, horizontal: spots at x = 0 come first unless they cost more.
  const line = { a: { x: 0, y: 50 }, b: { x: 0, y: 50 }, axis: 'horizontal' };
  const offScreen = (p) => (p.x - 10 < 0 ? 10 : 0); // a 20 px pill left of x = 0 is off the screen
  // Steps of 5 px: x = 10 is tried, the nearest spot wholly on the screen with the pill (0 … 20)
  // still touching the point.
  const [first] = badgeSpots(line, { w: 20, h: 10 }, { penalty: offScreen, step: 5 });
  assert.deepEqual([first.x, first.y, first.distance], [10, 50, 0]);
});

test('the fit keeps in sight the views starting near the screen, whole up to half the screen', () => {
  // A 375 × 667 screen: a 207 pt picker right under it counts whole; a 62 pt bar above it too; a
  // view 150 pt below the screen (more than 100 pt away) not at all; a 400 pt view beside it at most
  // 375 / 2 = 187.5 pt.
  const reach = reachOf([
    { frame: [0, 667, 375, 207] },
    { frame: [0, -62, 375, 62] },
    { frame: [0, 817, 375, 40] },
    { frame: [375, 0, 400, 100] },
    { frame: [-50, 0, 10, 10], hidden: true },
  ], 375, 667);
  assert.deepEqual(reach, { top: 62, left: 0, bottom: 207, right: 187.5 });
});

test('the fit comes back to the scene\'s first resting layout', () => {
  const fit = new StageFit();
  fit.measure([undefined], 375, 667); // no frames yet: nothing measured
  assert.equal(fit.base, null);
  fit.measure([{ frame: [0, 0, 375, 62] }], 375, 667);
  // 524 px of canvas height for 667 pt: 0.7856 px a point.
  assert.equal(fit.scale(840, 580, 375, 667, 1), 524 / 667);
  fit.measure([{ frame: [0, -62, 375, 62] }], 375, 667);
  assert.equal(fit.scale(840, 580, 375, 667, 1), 524 / (667 + 62));
  fit.measure([{ frame: [0, 0, 375, 62] }], 375, 667);
  assert.equal(fit.scale(840, 580, 375, 667, 1), 524 / 667);
});

test('the presenter\'s dot moves just clear of the badge under it', () => {
  // A badge 40 × 16 at (100, 100); the dot (11 px to its ring's outside) at the badge's centre
  // (120, 108). Up: 100 − 2 − 11 − 108 = −21; down: 116 + 2 + 11 − 108 = +21; left: 100 − 13 − 120 =
  // −33; right: 140 + 13 − 120 = +33. Up and down are as small: up is tried first.
  assert.deepEqual(dotOffset({ x: 120, y: 108 }, [[100, 100, 40, 16]]), { x: 0, y: -21 });
  // A second badge right above it: down is the nearest clear move.
  assert.deepEqual(dotOffset({ x: 120, y: 108 }, [[100, 100, 40, 16], [100, 70, 40, 16]]), { x: 0, y: 21 });
  // Nothing under the dot: it stays.
  assert.deepEqual(dotOffset({ x: 0, y: 0 }, [[100, 100, 40, 16]]), { x: 0, y: 0 });
});
