// Public/placement.js under Node: which candidate box a label takes. Boxes by hand: one taken box
// covers 0…10 × 0…10; the band to avoid is the line y = 20 widened to 19…21.
//   node --test Tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Placement } from '../../Public/placement.js';

const box = (x0, y0, x1, y1) => ({ x0, y0, x1, y1 });
const taken = [box(0, 0, 10, 10)];
const avoid = [box(0, 19, 100, 21)];
const identity = (b) => b;

test('the first candidate clear of the taken boxes and the band wins', () => {
  const placement = new Placement({ taken, avoid });
  const over = box(5, 5, 15, 15);        // overlaps the taken box by 5 × 5
  const across = box(20, 15, 30, 25);    // free, but crosses the band (15 < 21 and 25 > 19)
  const clear = box(20, 30, 30, 40);     // free and off the band
  assert.equal(placement.choose([over, across, clear], identity), clear);
});

test('with every free candidate across the band, the first free one is taken', () => {
  const placement = new Placement({ taken, avoid });
  const across = box(20, 15, 30, 25);
  assert.equal(placement.choose([box(0, 0, 5, 5), across], identity), across);
  assert.equal(placement.choose([across], identity, (b) => placement.apart(b)), null);
});

test('edges that touch do not clash; the slack lets boxes overlap by that much', () => {
  const strict = new Placement({ taken });
  assert.equal(strict.free(box(10, 0, 20, 10)), true);     // shares the edge x = 10
  assert.equal(strict.free(box(9.5, 0, 20, 10)), false);   // 0.5 inside
  const slack = new Placement({ taken, slack: 1 });
  assert.equal(slack.free(box(9.5, 0, 20, 10)), true);     // 0.5 inside, within the slack of 1
});

test('a box taken is in the way of the next', () => {
  const placement = new Placement();
  placement.take(box(0, 0, 10, 10));
  assert.equal(placement.choose([box(5, 5, 15, 15), box(10, 0, 20, 10)], identity).x0, 10);
});
