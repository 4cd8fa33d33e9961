// Public/connection.js on its own under Node (no page, no DOM), against the real server: the built
// binary (LAYOUT_PLAYGROUND_BIN, else .build/debug/layout-playground) on a free loopback port.
//   node --experimental-websocket --test Tests/js/
// Expected frames come from the search-bar scene's constraints by hand: navView is pinned to the
// root's top (navTop, constant 0), full width 375 and 62 tall (navHeight): [0, 0, 375, 62]; navTop's
// constant −10 moves it to y = −10.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, ConnectionClosedError, SUBPROTOCOL } from '../../Public/connection.js';
import { skipWithoutWebSocket as skip, startServer } from './playground-server.mjs';

let server;
let url;

before(async () => {
  if (skip) return;
  ({ process: server, url } = await startServer(['--rate', '0']));
});

after(() => server?.kill('SIGTERM'));

/** A started connection without reconnection, its hello received, and every message it gets. */
async function connect(suffix = '') {
  const connection = new Connection({ url: url + suffix, reconnect: false });
  const messages = [];
  connection.addEventListener('message', (event) => messages.push(event.detail));
  connection.start();
  await connection.ready();
  return { connection, messages };
}

test('a url is required', { skip }, () => {
  assert.throws(() => new Connection(), TypeError);
});

test('hello, then load and set answer with their frames first', { skip }, async () => {
  const { connection, messages } = await connect();
  try {
    assert.equal(connection.hello.protocol, SUBPROTOCOL);
    assert.equal(connection.hello.strict, true);
    const scene = await connection.request({ type: 'load', name: 'search-bar' });
    assert.equal(scene.type, 'scene');
    assert.equal(scene.scene.name, 'search-bar');
    const loaded = messages.filter((m) => m.type === 'frames').at(-1);
    assert.deepEqual(loaded.views.navView.frame, [0, 0, 375, 62]);

    const before = messages.length;
    const ok = await connection.request({ type: 'set', constraint: 'navTop', constant: -10 });
    assert.equal(ok.type, 'ok');
    const turn = messages.slice(before);
    assert.deepEqual(turn.map((m) => m.type), ['frames', 'ok']); // frames before the answer
    assert.deepEqual(turn[0].views.navView.frame, [0, -10, 375, 62]);
  } finally {
    connection.stop();
  }
});

test('an error answer resolves with its code', { skip }, async () => {
  const { connection } = await connect();
  try {
    await connection.request({ type: 'load', name: 'search-bar' });
    const error = await connection.request({ type: 'set', constraint: 'navTop', constant: 1, priorty: 750 });
    assert.equal(error.type, 'error');
    assert.equal(error.code, 'unknown-field');
    assert.equal(error.suggestion, 'priority');
  } finally {
    connection.stop();
  }
});

test('animationEnd does not settle a request; frames follow the manual clock', { skip }, async () => {
  const { connection, messages } = await connect();
  try {
    await connection.request({ type: 'load', name: 'search-bar' });
    // Manual clock: a 1 s linear animation of navTop to −62; at 0.5 s navView is half way, y = −31.
    await connection.request({ type: 'clock', mode: 'manual' });
    const started = await connection.request({ type: 'animate', duration: 1, curve: 'linear', ops: [
      { type: 'set', constraint: 'navTop', constant: -62 }, { type: 'layoutIfNeeded' }] });
    assert.equal(started.type, 'ok');
    await connection.request({ type: 'advance', seconds: 0.5 });
    assert.deepEqual(messages.filter((m) => m.type === 'frames').at(-1).views.navView.frame, [0, -31, 375, 62]);
    const end = await connection.request({ type: 'advance', seconds: 0.5 });
    assert.equal(end.type, 'ok');
    const ended = messages.find((m) => m.type === 'animationEnd');
    assert.equal(ended.re, started.re);
  } finally {
    connection.stop();
  }
});

test('the lenient protocol is asked for in the URL', { skip }, async () => {
  const { connection } = await connect('?lenient');
  try {
    assert.equal(connection.hello.strict, false);
    await connection.request({ type: 'load', name: 'search-bar' });
    const ok = await connection.request({ type: 'set', constraint: 'navTop', constant: 1, priorty: 750 });
    assert.equal(ok.type, 'ok');
  } finally {
    connection.stop();
  }
});

test('closing rejects what is pending and what comes after', { skip }, async () => {
  const { connection } = await connect();
  const pending = connection.request({ type: 'scene' });
  connection.stop();
  await assert.rejects(pending, ConnectionClosedError);
  await assert.rejects(connection.request({ type: 'scene' }), ConnectionClosedError);
});

test('ready rejects when nothing listens and reconnection is off', { skip }, async () => {
  const connection = new Connection({ url: 'ws://127.0.0.1:1/', reconnect: false });
  const states = [];
  connection.addEventListener('state', (event) => states.push(event.detail.state));
  connection.start();
  await assert.rejects(connection.ready(), ConnectionClosedError);
  assert.deepEqual(states, ['connecting', 'closed']);
});
