// The device picker and the Rotate button: the presets of `hello.devices`, rotation (animated on
// the server), and "Scene size", which puts the scene back on the root it was loaded with.
//
// Exports Devices.

import { shareableScene } from './share.js';

const $ = (id) => document.getElementById(id);

/** How long a device change or rotation animates, seconds (what the timeline expects). */
const ROTATION_SECONDS = 0.4;

/** The #device-select and #rotate controls, following the scene's root. */
export class Devices {
  /** @param {{ connection, scenes, timeline }} parts  the connection, the scene store and the timeline */
  constructor({ connection, scenes, timeline }) {
    this.connection = connection;
    this.scenes = scenes;
    this.timeline = timeline;
    this.select = $('device-select');
    this.rotate = $('rotate');
    /** The device preset names from `hello`. */
    this.list = [];
    this.select.addEventListener('change', (event) => {
      const name = event.target.value;
      if (name) this.setDevice(name, this.scenes.scene?.root?.orientation || 'portrait');
      else this.sceneSize();
    });
    this.rotate.addEventListener('click', () => {
      const root = this.scenes.scene?.root;
      const landscape = root?.orientation === 'landscape';
      this.setDevice(root?.device || this.select.value || null, landscape ? 'portrait' : 'landscape');
    });
  }

  /**
   * A new session's presets: "Scene size" first, then each preset by its title (`hello.deviceTitles`,
   * name → title; a preset without one shows its name).
   */
  fill(names, titles = {}) {
    this.list = names;
    const options = [new Option('Scene size', '')];
    for (const name of names) options.push(new Option(titles[name] || name, name));
    this.select.replaceChildren(...options);
    this.sync();
  }

  /** Shows the scene root's device and orientation. */
  sync() {
    const root = this.scenes.scene?.root || {};
    const { select, rotate } = this;
    const name = root.device || '';
    if (![...select.options].some((o) => o.value === name)) select.append(new Option(name, name));
    select.value = name;
    const landscape = root.orientation === 'landscape';
    rotate.setAttribute('aria-pressed', String(landscape));
    rotate.textContent = 'Rotate';
    rotate.setAttribute('aria-label', landscape ? 'Rotate to portrait' : 'Rotate to landscape');
  }

  /** Puts the scene on device `name` (null: the current root's size) in `orientation`. */
  async setDevice(name, orientation) {
    const message = { type: 'device', orientation };
    if (name) message.name = name;
    this.timeline.expectAnimation(ROTATION_SECONDS);
    try {
      const answer = await this.connection.request(message);
      if (answer.type !== 'error') {
        this.scenes.edited = true;
        await this.scenes.refresh(); // a keyboard that is up follows the rotation on the server
      } else {
        this.sync();
      }
    } catch { /* closed */ }
  }

  /** "Scene size": the edited scene again, on the root it was loaded with (no device preset). */
  async sceneSize() {
    const { scenes } = this;
    const root = scenes.scene?.root;
    if (!root?.device) return;
    const doc = shareableScene(scenes.scene, scenes.clips);
    doc.root = scenes.baseRoot
      ? { ...scenes.baseRoot }
      : { size: root.size, safeArea: root.safeArea, scale: root.scale };
    const answer = await scenes.loadDocument(doc, { edited: true });
    if (answer?.type !== 'scene') this.sync();
  }
}
