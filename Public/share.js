// Scenes in the URL: JSON → deflate-raw (CompressionStream) → base64url, in the hash as #s=….
// The page also keeps drawing-only view fields the server does not store (clipsToBounds) in the
// documents it shares, exports and imports.
//
// Exports encodeScene, decodeScene, shareableScene, clipsOf, sceneFromText and opsDuration.

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const response = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await response.arrayBuffer());
}

/** A scene document as a compact URL-safe string. */
export async function encodeScene(doc) {
  const json = new TextEncoder().encode(JSON.stringify(doc));
  return toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The scene document back from encodeScene's string; throws on anything else. */
export async function decodeScene(text) {
  const bytes = await pipe(fromBase64Url(text), new DecompressionStream('deflate-raw'));
  const doc = JSON.parse(new TextDecoder().decode(bytes));
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('not a scene document');
  return doc;
}

/**
 * A scene document to send or share: the fields the server reports but does not read back
 * (`broken`) are dropped; `clips` (a set of view ids) becomes `clipsToBounds: true`.
 */
export function shareableScene(doc, clips = new Set()) {
  const copy = JSON.parse(JSON.stringify(doc || {}));
  for (const c of copy.constraints || []) delete c.broken;
  for (const v of copy.views || []) {
    if (clips.has(v.id)) v.clipsToBounds = true;
    else delete v.clipsToBounds;
  }
  return copy;
}

/** The view ids marked clipsToBounds in a document. */
export function clipsOf(doc) {
  return new Set((doc?.views || []).filter((v) => v && v.clipsToBounds === true).map((v) => v.id));
}

/** A scene document from imported JSON text: the document itself, or {scene: …} as `scene` answers. */
export function sceneFromText(text) {
  const value = JSON.parse(text);
  const doc = value && typeof value === 'object' && value.scene && typeof value.scene === 'object' && !value.views
    ? value.scene
    : value;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('the JSON is not an object');
  if (doc.views !== undefined && !Array.isArray(doc.views)) throw new Error('"views" must be an array');
  if (doc.constraints !== undefined && !Array.isArray(doc.constraints)) throw new Error('"constraints" must be an array');
  return doc;
}

/** Seconds an op list animates for (the longest block, delays included), for the timeline's range. */
export function opsDuration(ops, actions = []) {
  let longest = 0;
  for (const op of Array.isArray(ops) ? ops : []) {
    if (!op || typeof op !== 'object') continue;
    let d = 0;
    if (op.type === 'animate') {
      const spring = op.curve && typeof op.curve === 'object' && op.curve.spring;
      const fallback = spring && spring.mass !== undefined ? 1.5 : 0.25;
      d = (op.delay || 0) + Math.max(op.duration ?? fallback, opsDuration(op.ops, actions));
    } else if (op.type === 'keyboard') {
      d = op.duration ?? 0.25;
    } else if (op.type === 'device') {
      d = op.duration ?? 0.4;
    } else if (op.type === 'batch') {
      d = opsDuration(op.ops, actions);
    } else if (op.type === 'action') {
      const action = actions.find((a) => a.name === op.name);
      d = action ? opsDuration(action.ops, []) : 0;
    }
    longest = Math.max(longest, d);
  }
  return longest;
}
