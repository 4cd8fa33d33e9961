// The scene in the URL: reading what the hash asks for (#scene=name or #s=… compressed), keeping
// the hash in step with the scene as it is edited, and the "Copy scene link" button.
//
// Exports wantedFromHash(log) and SceneLink.

import { encodeScene, decodeScene, shareableScene } from './share.js';
import { toast } from './toast.js';

/** How long the hash waits after the last change before it is rewritten, ms (edits come in bursts). */
const HASH_DELAY_MS = 60;

/**
 * What the URL asks for: { name } for #scene=…, { doc } for #s=… (compressed), or null. A link
 * that cannot be read is logged as `bad-link` (then #scene=…, if any, is used).
 * @param {import('./log.js').LogPanel} log
 */
export async function wantedFromHash(log) {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const packed = params.get('s');
  if (packed) {
    try {
      return { doc: await decodeScene(packed) };
    } catch (error) {
      log.error('bad-link', `the scene in the link could not be read (${error.message})`);
    }
  }
  const name = params.get('scene');
  return name ? { name } : null;
}

/** Writes the scene into the URL: #scene=name for a built-in scene as loaded, #s=… once edited. */
export class SceneLink {
  /** @param {import('./scenes.js').Scenes} scenes  the scene, its clips and whether it is edited */
  constructor(scenes) {
    this.scenes = scenes;
    this.timer = 0;
    document.getElementById('share').addEventListener('click', () => this.copy());
  }

  /** Rewrites the hash (without a history entry) shortly after the last call; a follower's stays #follow=…. */
  update() {
    clearTimeout(this.timer);
    if (document.body.dataset.following) return;
    this.timer = setTimeout(async () => {
      const { scene, edited, clips } = this.scenes;
      if (!scene) return;
      let hash;
      if (edited) {
        hash = `#s=${await encodeScene(shareableScene(scene, clips))}`;
      } else {
        hash = `#scene=${encodeURIComponent(scene.name)}`;
      }
      if (window.location.hash !== hash) history.replaceState(null, '', hash);
    }, HASH_DELAY_MS);
  }

  /** The page's URL with the whole scene in #s=… (the scene counts as edited from now on). */
  async shareUrl() {
    const { scenes } = this;
    if (!scenes.scene) return window.location.href;
    const packed = await encodeScene(shareableScene(scenes.scene, scenes.clips));
    const url = new URL(window.location.href);
    url.hash = `s=${packed}`;
    scenes.edited = true;
    history.replaceState(null, '', url.hash);
    return url.toString();
  }

  async copy() {
    const url = await this.shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      toast(`Scene link copied (${url.length} characters): it holds the whole scene: whoever opens it gets a copy to edit.`);
    } catch {
      toast('The link in the address bar holds the whole scene; copy it from there.');
    }
  }
}
