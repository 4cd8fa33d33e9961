// The page's connection: connection.js's Connection to the server that served the page (or the one
// named by ?ws=…), retried at once when the browser comes back online or the tab becomes visible.
// Exports pageConnection and defaultUrl.

import { Connection } from './connection.js';

/** ws(s)://<this host>/ — or the URL in ?ws=… (handy when serving the page elsewhere). */
export function defaultUrl(loc = window.location) {
  const override = new URLSearchParams(loc.search).get('ws');
  if (override) return override;
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/`;
}

/** A Connection for this page, not yet started (app.js starts it once every part listens). */
export function pageConnection() {
  const connection = new Connection({ url: defaultUrl() });
  window.addEventListener('online', () => connection.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') connection.retryNow();
  });
  return connection;
}
