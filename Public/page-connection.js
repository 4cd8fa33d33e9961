// The page's connection: connection.js's Connection to the server that served the page (or the one
// named by ?ws=…), retried at once when the browser comes back online or the tab becomes visible. Its
// resume token is kept in sessionStorage, so a reload of the tab (or coming back to it with the
// browser's Back) within the server's grace period (`hello.limits.resumeGraceSeconds`) takes the same
// session back, share and followers included. Opening the page anew, from a link or the address bar,
// starts a new session, as the link asks.
// Exports pageConnection, defaultUrl and sessionTokenStore.

import { Connection } from './connection.js';

/** ws(s)://<this host>/ — or the URL in ?ws=… (handy when serving the page elsewhere). */
export function defaultUrl(loc = window.location) {
  const override = new URLSearchParams(loc.search).get('ws');
  if (override) return override;
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/`;
}

/**
 * A Connection `tokenStore` in this tab's sessionStorage, one token per server URL (it is never put in
 * a link and no other tab sees it). Reading or writing throws where storage is off; the Connection
 * then keeps the token in memory only.
 * @param {string} url  the server's WebSocket URL
 * @param {Storage} [storage]  default `window.sessionStorage`
 */
export function sessionTokenStore(url, storage = window.sessionStorage) {
  const key = `layout-playground.resumeToken ${url}`;
  return {
    get: () => storage.getItem(key),
    set: (token) => (token ? storage.setItem(key, token) : storage.removeItem(key)),
  };
}

/** How this document was reached: 'navigate', 'reload', 'back_forward' or 'prerender' (Navigation Timing). */
function navigationType() {
  const [entry] = performance.getEntriesByType('navigation');
  return entry?.type ?? 'navigate';
}

/** A Connection for this page, not yet started (app.js starts it once every part listens). */
export function pageConnection() {
  const url = defaultUrl();
  let tokenStore = null;
  try {
    tokenStore = sessionTokenStore(url);
    // Only the same page again (reloaded, or back to it) takes its session back.
    if (!['reload', 'back_forward'].includes(navigationType())) tokenStore.set(null);
  } catch (error) {
    // window.sessionStorage itself throws where storage is blocked: the token lives in memory.
    console.warn('No session storage: a reload starts a new session.', error);
  }
  const connection = new Connection({ url, tokenStore });
  window.addEventListener('online', () => connection.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') connection.retryNow();
  });
  return connection;
}
