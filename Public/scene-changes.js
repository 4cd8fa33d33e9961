// What an edit changed in the scene document, as the server tells it (docs/PROTOCOL.md, "Changes"):
// an edit's answer (`ok`, `added`) and, on a follower, the `changes` event carry the views and
// constraints the edit changed or added, in the document's own shape, the ids removed, the lists'
// order when entries came or went, and `root` or `guides` when they changed. The page keeps its copy of
// the scene document from them instead of reading the whole `scene` (and `ambiguity`) again.
// Exports applyChanges, ambiguityMayChange and followChanges.

/** Fields of a constraint or view whose change leaves every view's ambiguity as it was. */
const LAYOUT_NEUTRAL = { constraints: new Set(['constant']), views: new Set(['alpha', 'color', 'label', 'transform']) };

/**
 * `scene` with `changes` applied: entries replaced in place or added at the end by id, removed ones
 * dropped, each list put in the announced order when one is given.
 * @param {object} scene  a scene document
 * @param {object} changes  a `changes` object
 * @returns {object} a new scene document (`scene` is not changed)
 */
export function applyChanges(scene, changes) {
  const next = { ...scene };
  for (const [key, orderKey] of [['views', 'viewOrder'], ['constraints', 'constraintOrder']]) {
    const entries = new Map((scene[key] || []).map((entry) => [entry.id, entry]));
    for (const id of changes.removed?.[key] || []) entries.delete(id);
    for (const entry of changes[key] || []) entries.set(entry.id, entry);
    const order = changes[orderKey];
    next[key] = Array.isArray(order) ? order.map((id) => entries.get(id)).filter(Boolean) : [...entries.values()];
  }
  if (changes.root) next.root = changes.root;
  if (Array.isArray(changes.guides)) {
    if (changes.guides.length) next.guides = changes.guides;
    else delete next.guides;
  }
  return next;
}

/**
 * Whether `changes` may change which views are ambiguous: anything but constraints' constants and views'
 * alpha, color, label or transform (entries added or removed, activity, priorities, sizes, the root).
 * @param {object} scene  the scene document before the changes
 * @param {object} changes
 */
export function ambiguityMayChange(scene, changes) {
  if (changes.removed || changes.viewOrder || changes.constraintOrder || changes.root || changes.guides) return true;
  for (const key of ['views', 'constraints']) {
    const before = new Map((scene[key] || []).map((entry) => [entry.id, entry]));
    for (const entry of changes[key] || []) {
      const old = before.get(entry.id);
      if (!old) return true;
      for (const field of new Set([...Object.keys(entry), ...Object.keys(old)])) {
        if (!LAYOUT_NEUTRAL[key].has(field) && JSON.stringify(entry[field]) !== JSON.stringify(old[field])) return true;
      }
    }
  }
  return false;
}

/**
 * Applies every announced change to `scenes` (scenes.js) as it arrives: the answers to this page's edits,
 * and the `changes` events a follower gets. An edit's answer also says the steps left to undo and redo.
 * `scenes.changesApplied` tells `scheduleRefresh` the copy is current.
 * @param {EventTarget} connection  the page's Connection (its `message` events)
 * @param {import('./scenes.js').Scenes} scenes
 */
export function followChanges(connection, scenes) {
  connection.addEventListener('message', (event) => {
    const message = event.detail;
    const { changes } = message;
    if (!changes || typeof changes !== 'object' || !scenes.scene || message.type === 'error') return;
    if (message.type === 'changes' && message.re !== null) return;
    if (typeof message.undo === 'number') scenes.cb.onHistory({ undo: message.undo, redo: message.redo ?? 0 });
    const ambiguity = ambiguityMayChange(scenes.scene, changes);
    scenes.changesApplied = true;
    scenes.show(applyChanges(scenes.scene, changes), { ambiguity });
  });
}
