// QR codes for the share dialog: ISO/IEC 18004 Model 2 symbols in byte mode at error correction
// level M, versions 1 to 10 (up to 213 bytes of UTF-8), so a phone can open a follow link from the
// projector. The layout of every part (finder, timing and alignment patterns, format and version
// information, the zigzag data placement, the eight masks and their penalty rules N1–N4) follows the
// standard; the block table is its Table 9 for level M.
//
// Exports encodeQR(text, options) and drawQR(canvas, qr, options).

/** Level M per version (index 1–10): EC codewords per block, then [blocks, data codewords each] groups. */
const BLOCKS_M = [
  null,
  [10, [1, 16]],
  [16, [1, 28]],
  [26, [1, 44]],
  [18, [2, 32]],
  [24, [2, 43]],
  [16, [4, 27]],
  [18, [4, 31]],
  [22, [2, 38], [2, 39]],
  [22, [3, 36], [2, 37]],
  [26, [4, 43], [1, 44]],
];

/** Alignment pattern centre coordinates per version (rows and columns alike). */
const ALIGNMENT = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
  [6, 28, 50]];

/** The most bytes a symbol holds: byte mode at level M in version 10. */
export const MAX_QR_BYTES = 213;

// GF(256) with the standard's polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), as exp and log tables.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i += 1) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i += 1) EXP[i] = EXP[i - 255];
}

function gfMultiply(a, b) {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** The Reed–Solomon generator (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), coefficients highest degree first. */
function generator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i += 1) {
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j += 1) {
      next[j] ^= poly[j];
      next[j + 1] ^= gfMultiply(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly;
}

/** The `degree` error correction codewords of `data`: the remainder of data·xⁿ divided by the generator. */
function reedSolomon(data, degree) {
  const g = generator(degree);
  const remainder = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ remainder.shift();
    remainder.push(0);
    for (let j = 0; j < degree; j += 1) remainder[j] ^= gfMultiply(g[j + 1], factor);
  }
  return remainder;
}

function dataCodewords(version) {
  const [, ...groups] = BLOCKS_M[version];
  return groups.reduce((sum, [blocks, size]) => sum + blocks * size, 0);
}

/** Bytes a version holds in byte mode: the mode (4 bits) and count (8 bits, 16 from version 10) first. */
function capacity(version) {
  return Math.floor((dataCodewords(version) * 8 - 4 - (version < 10 ? 8 : 16)) / 8);
}

/** The data codewords: mode, count, bytes, terminator, zero bits to a byte, then 0xEC 0x11 padding. */
function encodeData(bytes, version) {
  const total = dataCodewords(version) * 8;
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, total - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; codewords.length < total / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits the data into blocks, adds each block's EC codewords and interleaves them (data, then EC). */
function interleave(data, version) {
  const [ecPerBlock, ...groups] = BLOCKS_M[version];
  const blocks = [];
  let offset = 0;
  for (const [count, size] of groups) {
    for (let b = 0; b < count; b += 1) {
      const block = data.slice(offset, offset + size);
      offset += size;
      blocks.push({ data: block, ec: reedSolomon(block, ecPerBlock) });
    }
  }
  const out = [];
  const longest = Math.max(...blocks.map((b) => b.data.length));
  for (let i = 0; i < longest; i += 1) for (const b of blocks) if (i < b.data.length) out.push(b.data[i]);
  for (let i = 0; i < ecPerBlock; i += 1) for (const b of blocks) out.push(b.ec[i]);
  return out;
}

/** The 15 format bits for level M (00) and `mask`: BCH(15, 5), generator 0x537, XOR 0x5412. */
function formatBits(mask) {
  const data = (0b00 << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up): BCH(18, 6), generator 0x1F25. */
function versionBits(version) {
  let rem = version;
  for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

const MASKS = [
  (y, x) => (y + x) % 2 === 0,
  (y) => y % 2 === 0,
  (y, x) => x % 3 === 0,
  (y, x) => (y + x) % 3 === 0,
  (y, x) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (y, x) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (y, x) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (y, x) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** A symbol under construction: dark modules and which ones are function patterns. */
class Grid {
  constructor(version) {
    this.version = version;
    this.size = 17 + 4 * version;
    this.dark = new Uint8Array(this.size * this.size);
    this.reserved = new Uint8Array(this.size * this.size);
  }

  set(y, x, dark) {
    this.dark[y * this.size + x] = dark ? 1 : 0;
    this.reserved[y * this.size + x] = 1;
  }

  get(y, x) { return this.dark[y * this.size + x] === 1; }

  drawFunctionPatterns() {
    const { size, version } = this;
    for (let i = 0; i < size; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [top, left] of [[0, 0], [0, size - 7], [size - 7, 0]]) {
      // The 7 × 7 finder and its light separator.
      for (let dy = -1; dy <= 7; dy += 1) {
        for (let dx = -1; dx <= 7; dx += 1) {
          const y = top + dy;
          const x = left + dx;
          if (y < 0 || x < 0 || y >= size || x >= size) continue;
          const ring = Math.max(Math.abs(dy - 3), Math.abs(dx - 3));
          this.set(y, x, ring !== 2 && ring !== 4);
        }
      }
    }
    const centres = ALIGNMENT[version];
    const last = centres.length - 1;
    centres.forEach((cy, i) => centres.forEach((cx, j) => {
      // Not over the finders: the top-left, top-right and bottom-left corners.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) this.set(cy + dy, cx + dx, Math.max(Math.abs(dy), Math.abs(dx)) !== 1);
      }
    }));
    this.drawFormat(0); // reserves the areas; drawn again once the mask is chosen
    if (version >= 7) {
      const bits = versionBits(version);
      for (let i = 0; i < 18; i += 1) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.set(b, a, dark);
        this.set(a, b, dark);
      }
    }
  }

  drawFormat(mask) {
    const { size } = this;
    const bits = formatBits(mask);
    const bit = (i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i += 1) this.set(i, 8, bit(i));
    this.set(7, 8, bit(6));
    this.set(8, 8, bit(7));
    this.set(8, 7, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(8, 14 - i, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(8, size - 1 - i, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(size - 15 + i, 8, bit(i));
    this.set(size - 8, 8, true); // the dark module
  }

  /** Places the codewords' bits in the zigzag, two columns at a time from the bottom right. */
  drawCodewords(codewords) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5; // the vertical timing pattern is skipped whole
      const upward = ((right + 1) & 2) === 0;
      for (let vert = 0; vert < size; vert += 1) {
        const y = upward ? size - 1 - vert : vert;
        for (let j = 0; j < 2; j += 1) {
          const x = right - j;
          if (this.reserved[y * size + x]) continue;
          // Past the codewords come the remainder bits, light.
          const dark = i < codewords.length * 8 && ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
          this.dark[y * size + x] = dark ? 1 : 0;
          i += 1;
        }
      }
    }
  }

  /** Flips every data module where `mask` holds (applying it twice undoes it). */
  applyMask(mask) {
    const { size } = this;
    const test = MASKS[mask];
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        if (!this.reserved[y * size + x] && test(y, x)) this.dark[y * size + x] ^= 1;
      }
    }
  }

  /** The standard's penalty: N1 runs of five or more, N2 2 × 2 blocks, N3 finder-like runs, N4 balance. */
  penalty() {
    const { size } = this;
    let score = 0;
    for (const byRow of [true, false]) {
      for (let a = 0; a < size; a += 1) {
        let runDark = false;
        let run = 0;
        const history = [0, 0, 0, 0, 0, 0, 0];
        for (let b = 0; b < size; b += 1) {
          const dark = byRow ? this.get(a, b) : this.get(b, a);
          if (dark === runDark) {
            run += 1;
            if (run === 5) score += 3;
            else if (run > 5) score += 1;
          } else {
            this.pushRun(run, history);
            if (!runDark) score += this.finderLike(history) * 40;
            runDark = dark;
            run = 1;
          }
        }
        // The light border after the last run.
        if (runDark) {
          this.pushRun(run, history);
          run = 0;
        }
        this.pushRun(run + size, history);
        score += this.finderLike(history) * 40;
      }
    }
    for (let y = 0; y < size - 1; y += 1) {
      for (let x = 0; x < size - 1; x += 1) {
        const c = this.get(y, x);
        if (c === this.get(y, x + 1) && c === this.get(y + 1, x) && c === this.get(y + 1, x + 1)) score += 3;
      }
    }
    const dark = this.dark.reduce((sum, v) => sum + v, 0);
    const total = size * size;
    score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
    return score;
  }

  /** Records a run length, newest first; the first run of a line counts the light border before it. */
  pushRun(length, history) {
    history.pop();
    history.unshift(history[0] === 0 ? length + this.size : length);
  }

  /** 1:1:3:1:1 dark runs with four light modules on one side (and at least one on the other), per side. */
  finderLike(history) {
    const n = history[1];
    const core = n > 0 && history[2] === n && history[3] === n * 3 && history[4] === n && history[5] === n;
    return (core && history[0] >= n * 4 && history[6] >= n ? 1 : 0) + (core && history[6] >= n * 4 && history[0] >= n ? 1 : 0);
  }
}

/**
 * Encodes `text` (as UTF-8) in the smallest version from 1 to 10 at level M.
 * @param {string} text
 * @param {{ mask?: number }} options  mask: 0–7 to force one (tests compare with other encoders);
 *   by default the one with the lowest penalty, the first of equals
 * @returns {{ version: number, mask: number, size: number, modules: Uint8Array }} modules: size × size,
 *   row by row, 1 for dark; without the quiet zone
 * @throws {RangeError} when the text needs more than MAX_QR_BYTES bytes, or the mask is not 0–7
 */
export function encodeQR(text, { mask } = {}) {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (version <= 10 && capacity(version) < bytes.length) version += 1;
  if (version > 10) throw new RangeError(`a QR code of versions 1–10 at level M holds ${MAX_QR_BYTES} bytes, not ${bytes.length}`);
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask <= 7)) throw new RangeError('mask must be 0–7');
  const grid = new Grid(version);
  grid.drawFunctionPatterns();
  grid.drawCodewords(interleave(encodeData(bytes, version), version));
  let chosen = mask;
  if (chosen === undefined) {
    let best = Infinity;
    for (let m = 0; m < 8; m += 1) {
      grid.applyMask(m);
      grid.drawFormat(m);
      const score = grid.penalty();
      if (score < best) {
        best = score;
        chosen = m;
      }
      grid.applyMask(m);
    }
  }
  grid.applyMask(chosen);
  grid.drawFormat(chosen);
  return { version, mask: chosen, size: grid.size, modules: grid.dark };
}

/**
 * Draws `qr` on `canvas`: `scale` CSS px per module with a light quiet zone of `quiet` modules (the
 * standard asks for 4), sharp at the device's pixel ratio.
 * @param {HTMLCanvasElement} canvas
 * @param {{ size: number, modules: Uint8Array }} qr  as encodeQR returns it
 * @param {{ scale?: number, quiet?: number }} options
 */
export function drawQR(canvas, qr, { scale = 4, quiet = 4 } = {}) {
  const dpr = window.devicePixelRatio || 1;
  const side = (qr.size + 2 * quiet) * scale;
  canvas.width = Math.round(side * dpr);
  canvas.height = Math.round(side * dpr);
  canvas.style.width = `${side}px`;
  canvas.style.height = `${side}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = '#000000';
  for (let y = 0; y < qr.size; y += 1) {
    for (let x = 0; x < qr.size; x += 1) {
      if (qr.modules[y * qr.size + x]) ctx.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
    }
  }
}
