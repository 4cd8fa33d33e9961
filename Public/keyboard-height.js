// The software keyboard's height for a scene's device and orientation, in points.
//
// Exports KEYBOARD_HEIGHTS and keyboardHeight(root).

/**
 * Keyboard heights in points, [portrait, landscape], without the QuickType bar. Approximations of
 * UIKit's English keyboard (they vary with the iOS version, the language and the predictive bar):
 * home-button iPhones 216 / 162; iPhones with a home indicator 291 / 171 (216 plus the 75 pt area
 * under the keys, with the home indicator); the iPad 313 / 398.
 */
export const KEYBOARD_HEIGHTS = {
  'iphone-se': [216, 162],
  'iphone-8': [216, 162],
  'iphone-x': [291, 171],
  'iphone-15-pro-max': [291, 171],
  ipad: [313, 398],
};

/**
 * The keyboard height for a scene root ({ size: [w, h], safeArea: [top, left, bottom, right],
 * device?, orientation? }); without a device preset it is guessed: a short side of 700 pt or more
 * is an iPad, a safe-area inset other than the top one an iPhone with a home indicator.
 */
export function keyboardHeight(root = {}) {
  const [w, h] = Array.isArray(root.size) ? root.size : [375, 667];
  const landscape = root.device ? root.orientation === 'landscape' : w > h;
  let heights = KEYBOARD_HEIGHTS[root.device];
  if (!heights) {
    const safe = Array.isArray(root.safeArea) ? root.safeArea : [0, 0, 0, 0];
    if (Math.min(w, h) >= 700) heights = KEYBOARD_HEIGHTS.ipad;
    else if (safe[2] > 0 || safe[1] > 0 || safe[3] > 0) heights = KEYBOARD_HEIGHTS['iphone-x'];
    else heights = KEYBOARD_HEIGHTS['iphone-8'];
  }
  return heights[landscape ? 1 : 0];
}
