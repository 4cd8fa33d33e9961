// A plain sentence for a `conflict` message: which constraint UIKit broke and which it could not hold
// together with, each as its equation (the form the equation field reads back) and its id; the
// engine's own constraints by what they stand for (UIKit's names kept in brackets).
//
// Exports conflictSentence(message, constraints) and engineMeaning(id).

import { equationText } from './controls.js';

/** What an engine constraint named the UIKit way stands for ("the root view's width, set by its window"), or null. */
export function engineMeaning(id) {
  const text = String(id);
  const rest = (prefix) => text.slice(prefix.length).replace(/^-/, '');
  if (text.startsWith('UIView-Encapsulated-Layout-')) {
    return `the root view's ${rest('UIView-Encapsulated-Layout-').toLowerCase()}, set by its window`;
  }
  if (text.startsWith('UIViewSafeAreaLayoutGuide')) return `the safe area's ${rest('UIViewSafeAreaLayoutGuide') || 'edges'}`;
  if (text.startsWith('UIKeyboardLayoutGuide')) return `the keyboard layout guide's ${rest('UIKeyboardLayoutGuide') || 'edges'}`;
  if (text.startsWith('NSContentSizeLayoutConstraint')) return 'an intrinsic content size';
  if (text.startsWith('NSAutoresizingMaskLayoutConstraint')) return 'an autoresizing mask';
  return null;
}

/**
 * "navView.height == 100 (c1) cannot hold together with navView.height == 62 (navHeight): UIKit broke
 * c1, which waits, broken, until the conflict goes away."
 * @param {{ broken?: string, constraints?: string[] }} message  the server's `conflict`
 * @param {Array<{ id: string }>} constraints  the scene's constraints as listed (equations come from them)
 */
export function conflictSentence(message, constraints = []) {
  const byId = new Map(constraints.map((c) => [c.id, c]));
  // UIKit's log describes each one as <NSLayoutConstraint:id equation>: the words for a constraint the
  // page does not list yet (one the same message added).
  const logged = new Map([...String(message.log || '').matchAll(/<NSLayoutConstraint:(\S+) ([^>]*)>/g)]
    .map(([, id, text]) => [id, text]));
  const describe = (id) => {
    const c = byId.get(id);
    if (c) return `${equationText(c)} (${id})`;
    if (logged.has(id) && !engineMeaning(id)) return `${logged.get(id)} (${id})`;
    const meaning = engineMeaning(id);
    return meaning ? `${meaning} (${id})` : String(id);
  };
  const broken = message.broken;
  const set = Array.isArray(message.constraints) ? message.constraints : [];
  const others = set.filter((id) => id !== broken);
  if (!broken) return `These constraints cannot all hold: ${set.map(describe).join('; ')}.`;
  const with_ = others.length ? ` cannot hold together with ${others.map(describe).join('; ')}` : ' cannot hold';
  return `${describe(broken)}${with_}: UIKit broke ${broken}, which waits, broken, until the conflict goes away.`;
}
