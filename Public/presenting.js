// Live presenting: sharing this page's session (`share`: a follow link, a join code and its QR code),
// the follower count (`followers`), handing the controls to a follower (`handOver`) and taking them
// back (`takeBack`), stopping (`unshare`); following someone else's (`follow` from #follow=CODE or a
// typed code: the canvas large, the panels hidden, "following NAME · live", the step title and the
// presenter's pointer; the panels back while the presenter hands this page the controls, `controls`);
// and the presenter mode for projectors (large type, high contrast, panels that fold away).
//
// A follow that ends without this page asking (the presenter stopped, did not come back in time, or
// the server no longer has the share, e.g. it restarted without its journal) leaves a notice over the
// stage saying so, with what to do next: start a session of its own, or enter another code.
//
// document.body.dataset.sharing (the code), .following (the code), .followEnded (the code whose follow
// ended, while the notice shows), .controls ("granted": a follower holds the controls; "handed": an
// owner handed them over) and .presenter ("on") tell the stylesheet, and tests, where the page stands.
//
// Exports Presenting and followCodeFromHash().

import { encodeQR, drawQR } from './qr.js';
import { PresenterPointer } from './presenter-pointer.js';
import { DemoSteps } from './demo-steps.js';
import { toast } from './toast.js';

const $ = (id) => document.getElementById(id);

/** The join code alphabet (no 0/O, 1/I) and length, as the server makes codes. */
const CODE_PATTERN = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

/** The code in #follow=CODE, upper-cased, or null. */
export function followCodeFromHash() {
  const code = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('follow');
  return code ? code.trim().toUpperCase() : null;
}

/** Sharing, following and presenter mode. */
export class Presenting {
  /**
   * @param {{ connection, scenes, controls, renderer, selection, sender, canvas }} parts  the page's
   *   connection, scene store, side panel (its scene list), renderer, selection, latest-wins sender
   *   and canvas
   * @param {{ onOwnSession?: () => void }} [callbacks]  onOwnSession: a follow ended, the page's session
   *   is one of its own again (the status says so)
   */
  constructor({ connection, scenes, controls, renderer, selection, sender, canvas }, { onOwnSession = () => {} } = {}) {
    this.connection = connection;
    this.onOwnSession = onOwnSession;
    this.scenes = scenes;
    this.controls = controls;
    this.renderer = renderer;
    this.selection = selection;
    /** The join code of this page's shared session, or null. */
    this.code = null;
    /** The absolute follow link, or null. */
    this.link = null;
    /** How many follow this page's session. */
    this.followers = 0;
    /** The code this page follows, or null. */
    this.following = null;
    /** The title of the presenter's current step ('' before one). */
    this.stepTitle = '';
    /** False once the server answered `handOver` with `unknown-type`: the controls stay hidden. */
    this.canHandOver = true;
    /** The answer to the last `handOver`, or null. */
    this.lastHandOver = null;
    /** Owner: the followers' session ids as last listed, or null (not known). */
    this.followerIds = null;
    /** Owner: the session id of the follower holding the controls (`followers.controller`), or null. */
    this.controller = null;
    /** Follower: whether the presenter handed this page the controls (`controls`). */
    this.hasControls = false;
    /** The connection's state as last reported ("connecting" | "open" | "closed"): the banner's "live". */
    this.connectionState = connection.state;
    /** The text of the notice shown since a follow ended without this page asking, or null. */
    this.endedNotice = null;
    this.el = {
      share: $('present-share'), followButton: $('present-follow'), count: $('present-count'),
      mode: $('presenter-mode'), panels: $('panels-toggle'),
      dialog: $('share-dialog'), link: $('share-link'), copy: $('share-copy'), code: $('share-code'),
      qr: $('share-qr'), dialogCount: $('share-followers'), handOverRow: $('hand-over-row'),
      handOverTo: $('hand-over-to'), handOver: $('hand-over'), takeBack: $('take-back'), unshare: $('unshare'),
      followDialog: $('follow-dialog'), followCode: $('follow-code'), followGo: $('follow-go'),
      followError: $('follow-error'), banner: $('follow-banner'), bannerText: $('follow-text'),
      bannerStep: $('follow-step'), leave: $('follow-leave'),
      ended: $('follow-ended'), endedText: $('follow-ended-text'), endedOwn: $('follow-ended-own'),
      endedCode: $('follow-ended-code'),
    };
    this.pointer = new PresenterPointer({ canvas, dot: $('presenter-pointer'), renderer, selection, sender });
    this.steps = new DemoSteps({
      connection, scenes, bar: $('steps-bar'), title: $('steps-title'), prev: $('steps-prev'), next: $('steps-next'),
    }, { onError: (answer) => toast(`That step failed: ${answer.message ?? answer.code}`) });
    this.wire();
    connection.addEventListener('message', (event) => this.onMessage(event.detail));
    connection.addEventListener('state', (event) => this.onState(event.detail.state));
  }

  wire() {
    const { el } = this;
    el.share.addEventListener('click', () => this.share());
    el.followButton.addEventListener('click', () => this.openFollowDialog());
    el.endedCode.addEventListener('click', () => this.openFollowDialog());
    el.endedOwn.addEventListener('click', () => this.startOwnSession());
    el.followGo.addEventListener('click', () => this.followTyped());
    el.followCode.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.followTyped();
      }
    });
    el.copy.addEventListener('click', () => this.copyLink());
    el.unshare.addEventListener('click', () => this.unshare());
    el.handOver.addEventListener('click', () => this.handOver());
    el.takeBack.addEventListener('click', () => this.takeBack());
    el.leave.addEventListener('click', () => this.leave());
    el.mode.addEventListener('click', () => this.setPresenterMode(document.body.dataset.presenter !== 'on'));
    el.panels.addEventListener('click', () => this.setPanelsHidden(document.body.dataset.panels !== 'hidden'));
  }

  /**
   * A new session (not a rejoined one): follows the code of #follow=… (or the one followed before a
   * reconnect) and returns the follow's promise (resolving to the code followed, or null when refused);
   * false when the page should open a scene of its own; null while the ended-follow notice waits for
   * the user's choice (nothing is opened). The old session's share went with it.
   */
  onHello() {
    // A `hello` with no `rejoined` before it is a new session: a share this page held did not survive
    // (the server restarted without it, or the grace period passed) and its followers were let go.
    if (this.code) {
      toast(`The live demo ${this.code} has ended: the server no longer has this session. Share again for a new code.`);
    }
    this.setShared(null);
    this.setControls(false);
    const code = this.following || followCodeFromHash();
    if (!code) return this.endedNotice === null ? false : null;
    return this.follow(code, { fromLink: true });
  }

  onState(state) {
    const open = state === 'open';
    this.connectionState = state;
    this.updateBanner();
    for (const node of [this.el.share, this.el.followButton, this.el.endedOwn, this.el.endedCode]) node.disabled = !open;
    // A follower's dropped connection gives the controls back to the owner; a follower rebuilt by a
    // restarted server that still holds them is told again (`controls` before its `rejoined`).
    if (state === 'closed') this.setControls(false);
  }

  onMessage(message) {
    switch (message.type) {
      case 'followers': this.setFollowers(message); break;
      case 'rejoined':
        // A session taken back after a dropped connection keeps its share, its followers and who
        // holds the controls; one rebuilt by a restarted server shares nothing.
        if (typeof message.shared === 'string') {
          this.setShared({ code: message.shared, link: `/#follow=${message.shared}` });
          this.setFollowers({ count: message.followers, followers: message.followerIds, controller: message.controller });
        } else if (this.code) {
          this.setShared(null);
          toast('The share ended while the connection was down: share again for a new code.');
        }
        // A follower's own token (where the server keeps followers' places) follows again, no code needed.
        if (typeof message.following === 'string') this.startFollowing(message);
        break;
      case 'controls': if (this.following) this.setControls(message.granted === true, { tell: true }); break;
      case 'pointer': if (this.following) this.pointer.show(message); break;
      case 'step': if (this.following && message.re === null) this.showStep(message); break;
      case 'scene':
        // The presenter loaded another scene (or stepped back, which rebuilds it).
        if (this.following && message.re === null && message.scene) this.scenes.apply(message.scene);
        this.updateBanner();
        break;
      case 'ended':
        if (this.following) {
          const code = this.following;
          this.endFollowing(message.reason === 'owner-gone'
            ? `The live demo ${code} has ended: its presenter did not come back in time.`
            : `The live demo ${code} has ended: its presenter stopped sharing.`, code);
        }
        break;
      default: break;
    }
  }

  /** After each drawing: the pointer (sent or shown) follows. */
  afterDraw() {
    this.pointer.afterDraw();
  }

  /** The scene changed (loaded, edited, refreshed): the steps bar follows. */
  sceneChanged() {
    this.steps.sceneChanged();
    this.updateBanner();
  }

  // ------------------------------------------------------------------ owner

  async share() {
    let answer;
    try {
      answer = await this.connection.request({ type: 'share' });
    } catch {
      return;
    }
    if (answer.type !== 'shared') {
      toast(`Sharing is not available: ${answer.message ?? answer.code}`);
      return;
    }
    // Sharing a shared session answers the same code: whom to hand over to and who drives stay.
    const same = answer.code === this.code;
    this.setShared(answer);
    this.setFollowers({
      count: answer.followers ?? 0, followers: same ? this.followerIds : null, controller: same ? this.controller : null,
    });
    this.el.dialog.showModal();
  }

  /**
   * Shows the share (`shared` answer) or clears it (null); the pointer starts being sent with the
   * followers (`setFollowers`), which every caller gives next.
   */
  setShared(answer) {
    const { el } = this;
    this.code = answer?.code ?? null;
    this.link = answer ? new URL(answer.link ?? `/#follow=${answer.code}`, window.location.href).toString() : null;
    if (this.code) document.body.dataset.sharing = this.code;
    else delete document.body.dataset.sharing;
    el.count.hidden = !this.code;
    el.share.textContent = this.code ? `Sharing ${this.code}` : 'Share live';
    this.updateStepsBar();
    if (!this.code) {
      if (el.dialog.open) el.dialog.close();
      this.followers = 0;
      this.setController(null);
      return;
    }
    el.link.value = this.link;
    el.code.textContent = this.code;
    try {
      this.qr = encodeQR(this.link);
      drawQR(el.qr, this.qr, { scale: 4 });
      el.qr.hidden = false;
    } catch (error) {
      // A link over 213 bytes (a very long host name): the link and code still work.
      el.qr.hidden = true;
      console.warn(error.message);
    }
  }

  /**
   * A `followers` event (or the `shared` answer's count): the count, whom to hand over to, and who
   * holds the controls ("Take back controls" shows while a follower does).
   */
  setFollowers(message) {
    const count = Number.isInteger(message.count) ? message.count : 0;
    this.followers = count;
    this.setController(typeof message.controller === 'string' ? message.controller : null);
    this.followerIds = Array.isArray(message.followers) ? message.followers : null;
    const text = `${count} following`;
    this.el.count.textContent = text;
    this.el.dialogCount.textContent = text;
    // Followers by the server's ids when it lists them, else by their order of joining.
    const select = this.el.handOverTo;
    const ids = Array.isArray(message.followers) ? message.followers : null;
    select.replaceChildren(...Array.from({ length: count }, (_, i) => {
      const option = document.createElement('option');
      option.value = ids ? String(ids[i]) : String(i);
      option.textContent = ids ? String(ids[i]) : `Follower ${i + 1}`;
      return option;
    }));
    this.el.handOverRow.hidden = !this.canHandOver || count === 0;
  }

  /** Owner: the follower holding the controls (null: this page holds them). */
  setController(id) {
    this.controller = this.code ? id : null;
    // While a follower drives, the owner's pointer would be refused (`read-only`): it is not sent.
    this.pointer.setSending(Boolean(this.code) && !this.controller);
    const { takeBack } = this.el;
    takeBack.hidden = !this.controller;
    takeBack.title = this.controller ? `Follower ${this.controller} has the controls: take them back` : '';
    if (this.controller) document.body.dataset.controls = 'handed';
    else if (!this.following) delete document.body.dataset.controls;
    // The session answers this page's edits `read-only` while a follower drives: the panels rest
    // (inert: no clicks, no keyboard focus) until the controls come back.
    for (const part of document.querySelectorAll('.panel, .timeline, .stage-footer')) part.inert = Boolean(this.controller);
  }

  async handOver() {
    const value = this.el.handOverTo.value;
    const to = /^\d+$/.test(value) ? Number(value) : value;
    let answer;
    try {
      answer = await this.connection.request({ type: 'handOver', to });
    } catch {
      return;
    }
    this.lastHandOver = answer;
    if (answer.type === 'error') {
      if (answer.code === 'unknown-type') {
        this.canHandOver = false;
        this.el.handOverRow.hidden = true;
        toast('This server cannot hand the controls over.');
      } else {
        toast(`Hand-over refused: ${answer.message ?? answer.code}`);
      }
      return;
    }
    toast('The controls were handed over.');
  }

  /** Takes the controls back from the follower holding them, and re-reads the scene it edited. */
  async takeBack() {
    let answer;
    try {
      answer = await this.connection.request({ type: 'takeBack' });
    } catch {
      return;
    }
    if (answer.type === 'error') {
      toast(`Take-back refused: ${answer.message ?? answer.code}`);
      return;
    }
    this.setController(null);
    toast('You have the controls again.');
    this.scenes.refresh();
  }

  async unshare() {
    try {
      await this.connection.request({ type: 'unshare' });
    } catch {
      return;
    }
    this.setShared(null);
    this.setController(null);
    toast('Sharing stopped: followers were told.');
  }

  async copyLink() {
    try {
      await navigator.clipboard.writeText(this.link);
      toast('Follow link copied: whoever opens it watches this session live, read-only.');
    } catch {
      this.el.link.select();
      toast('Select the link and copy it.');
    }
  }

  // ------------------------------------------------------------------ follower

  /** Opens the follow dialog (its last error cleared, the code field focused). */
  openFollowDialog() {
    this.el.followError.hidden = true;
    if (!this.el.followDialog.open) this.el.followDialog.showModal();
    this.el.followCode.focus();
  }

  followTyped() {
    const code = this.el.followCode.value.replace(/[\s-]/g, '').toUpperCase();
    if (!CODE_PATTERN.test(code)) {
      this.showFollowError('A join code is 8 letters and digits, such as K7QD3MZA.');
      return;
    }
    this.follow(code, { fromLink: false });
  }

  showFollowError(text) {
    this.el.followError.textContent = text;
    this.el.followError.hidden = false;
  }

  /**
   * Follows `code`; a refused link from the URL (or a code followed before a reconnect that the server
   * no longer has) ends in the notice, which offers a session of the page's own or another code.
   * Resolves to the code followed, or null when refused or closed.
   */
  async follow(code, { fromLink }) {
    let answer;
    try {
      answer = await this.connection.request({ type: 'follow', code });
    } catch {
      return null; // closed: the next hello follows again
    }
    if (answer.type !== 'scene' || !answer.following) {
      if (fromLink) {
        this.endFollowing(answer.code === 'unknown-code'
          ? `The live demo ${code} is no longer on this server: its presenter stopped sharing, or the server was restarted without it.`
          : `The live demo ${code} cannot be followed: ${answer.message ?? answer.code}`, code);
      } else {
        const reason = answer.code === 'unknown-code' ? `No one is sharing with the code ${code}.` : (answer.message ?? answer.code);
        this.showFollowError(reason);
      }
      return null;
    }
    if (this.el.followDialog.open) this.el.followDialog.close();
    this.startFollowing(answer);
    this.scenes.apply(answer.scene);
    this.updateBanner();
    return this.following;
  }

  /**
   * The follow view for a `follow` answer, or a follower's `rejoined` (both carry `following`, the
   * code, and `step` while the presenter is on one); the caller shows the scene.
   */
  startFollowing(answer) {
    this.hideEnded();
    this.following = answer.following;
    document.body.dataset.following = this.following;
    const hash = `#follow=${this.following}`;
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
    this.steps.setEnabled(false);
    this.stepTitle = '';
    if (answer.step) this.showStep(answer.step);
  }

  /**
   * Follower: the presenter handed this page the controls (the panels come back, its edits run on the
   * shared session) or took them back (read-only again). `tell`: say so in a toast.
   */
  setControls(granted, { tell = false } = {}) {
    const changed = granted !== this.hasControls;
    this.hasControls = granted;
    if (granted) document.body.dataset.controls = 'granted';
    else if (document.body.dataset.controls === 'granted') delete document.body.dataset.controls;
    this.updateBanner();
    if (tell && changed) toast(granted ? 'You have the controls: your edits play for everyone.' : 'The presenter took the controls back.');
  }

  showStep(step) {
    const count = Number.isInteger(step.count) ? step.count : 0;
    this.stepTitle = typeof step.title === 'string' ? `Step ${step.index + 1} of ${count}: ${step.title}` : '';
    this.updateBanner();
  }

  updateBanner() {
    const { banner, bannerText, bannerStep } = this.el;
    banner.hidden = !this.following;
    if (!this.following) return;
    const scene = this.scenes.scene;
    const controls = this.hasControls ? ' · you have the controls' : '';
    // Live only while the connection is open: a dropped one says so, and the red dot goes grey.
    const live = this.connectionState === 'open';
    const state = live ? 'live' : this.connectionState === 'connecting' ? 'reconnecting…' : 'disconnected';
    banner.dataset.live = String(live);
    bannerText.textContent = `following ${scene?.title || scene?.name || this.following} · ${state}${controls}`;
    bannerStep.textContent = this.stepTitle;
    bannerStep.hidden = !this.stepTitle;
  }

  async leave() {
    try {
      await this.connection.request({ type: 'unfollow' });
    } catch {
      // closed: the next hello opens a scene of the page's own, the hash no longer says follow
    }
    this.clearFollowing();
    this.openOwnScene();
  }

  /**
   * The follow ended without this page asking (`text` says why; `code` the demo it followed): the follow
   * view goes and the notice takes the stage until the user starts a session of its own or follows
   * another code. Nothing of the presenter's stays: no banner, pointer, steps or controls.
   */
  endFollowing(text, code) {
    this.clearFollowing();
    this.endedNotice = text;
    document.body.dataset.followEnded = code;
    this.el.endedText.textContent = text;
    this.el.ended.hidden = false;
    // Keyboard users land on the first choice (the alert is read out as well).
    if (!this.el.followDialog.open) this.el.endedOwn.focus();
  }

  /** Hides the ended-follow notice, if it shows. */
  hideEnded() {
    this.endedNotice = null;
    delete document.body.dataset.followEnded;
    this.el.ended.hidden = true;
  }

  /** The notice's "Start a session of my own": a scene of the page's own is opened. */
  startOwnSession() {
    this.hideEnded();
    if (this.el.followDialog.open) this.el.followDialog.close();
    this.openOwnScene();
  }

  /** The session is the page's own again: the wanted scene (the URL's, else the first) is opened. */
  openOwnScene() {
    this.scenes.wanted = null;
    this.scenes.open(this.scenes.list);
  }

  /** The follow view goes (banner, pointer, steps, controls, the #follow link); the status follows. */
  clearFollowing() {
    this.following = null;
    delete document.body.dataset.following;
    this.setControls(false);
    this.pointer.reset();
    this.stepTitle = '';
    this.updateBanner();
    this.steps.setEnabled(true);
    if (followCodeFromHash()) history.replaceState(null, '', window.location.pathname + window.location.search);
    this.onOwnSession();
  }

  // ------------------------------------------------------------------ presenter mode

  setPresenterMode(on) {
    if (on) document.body.dataset.presenter = 'on';
    else delete document.body.dataset.presenter;
    this.el.mode.setAttribute('aria-pressed', String(on));
    this.renderer.setPresenter(on);
    this.el.panels.hidden = !on;
    // A projector wants the canvas: the panels fold away on entering ("Show panels" brings them back).
    this.setPanelsHidden(on);
    this.updateStepsBar();
  }

  /** The demo steps bar shows while this page presents: sharing live or in presenter mode. */
  updateStepsBar() {
    this.steps.setPresenting(Boolean(this.code) || document.body.dataset.presenter === 'on');
  }

  setPanelsHidden(hidden) {
    if (hidden) document.body.dataset.panels = 'hidden';
    else delete document.body.dataset.panels;
    this.el.panels.setAttribute('aria-pressed', String(hidden));
    this.el.panels.textContent = hidden ? 'Show panels' : 'Hide panels';
  }
}
