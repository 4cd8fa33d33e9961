// Public/connection.js's rejoin on its own under Node, against the real server (the built binary,
// LAYOUT_PLAYGROUND_BIN, else .build/debug/layout-playground, on a free loopback port):
//   node --experimental-websocket --test Tests/js/
// A dropped socket is reopened and its first request is `rejoin` with the newest resume token, so the
// session comes back as it was; a token the server does not know falls back to the new session.
// Expected frames come from the search-bar scene's constraints by hand: navView is pinned to the
// root's top by navTop (constant 0), 375 wide and 62 tall; navTop's constant −10 puts it at
// [0, −10, 375, 62].
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection } from '../../Public/connection.js';
import { skipWithoutWebSocket as skip, startServer } from './playground-server.mjs';

let server;
let url;

before(async () => {
  if (skip) return;
  ({ process: server, url } = await startServer(['--rate', '0', '--no-state']));
});

after(() => server?.kill('SIGTERM'));

/** A token store in memory, recording what the connection wrote. */
function memoryStore(initial = null) {
  const store = { token: initial, writes: [] };
  store.get = () => store.token;
  store.set = (token) => {
    store.token = token;
    store.writes.push(token);
  };
  return store;
}

/** Resolves with the next "session" event's detail. */
function nextSession(connection) {
  return new Promise((resolve) => {
    connection.addEventListener('session', (event) => resolve(event.detail), { once: true });
  });
}

/** A connection that reconnects at once (10 ms), every message it gets, and its first session. */
async function connect(options = {}) {
  const connection = new Connection({ url, minDelay: 10, maxDelay: 20, ...options });
  const messages = [];
  const sent = [];
  connection.addEventListener('message', (event) => messages.push(event.detail));
  const request = connection.request.bind(connection);
  connection.request = (message) => {
    sent.push(message);
    return request(message);
  };
  const first = nextSession(connection);
  connection.start();
  return { connection, messages, sent, first: await first };
}

test('a dropped socket rejoins its session: same id, scene, edit and clock', { skip }, async () => {
  const store = memoryStore();
  const { connection, messages, sent, first } = await connect({ tokenStore: store });
  try {
    assert.equal(first.rejoined, null);
    assert.equal(first.refused, null);
    const token = first.hello.resumeToken;
    assert.match(token, /^[0-9a-f]{32}$/);
    assert.deepEqual(store.writes, [token]);
    assert.deepEqual(connection.session, { id: first.hello.session, rejoined: false });
    await connection.request({ type: 'clock', mode: 'manual' });
    await connection.request({ type: 'load', name: 'search-bar' });
    await connection.request({ type: 'set', constraint: 'navTop', constant: -10 });
    // A 1 s linear animation of navTop from −10 to −62, stopped a quarter of the way: −10 − 52 × 0.25 = −23.
    await connection.request({ type: 'animate', duration: 1, curve: 'linear', ops: [
      { type: 'set', constraint: 'navTop', constant: -62 }, { type: 'layoutIfNeeded' }] });
    await connection.request({ type: 'advance', seconds: 0.25 });
    assert.deepEqual(messages.filter((m) => m.type === 'frames').at(-1).views.navView.frame, [0, -23, 375, 62]);

    const states = [];
    connection.addEventListener('state', (event) => states.push(event.detail.state));
    const second = nextSession(connection);
    const before = messages.length;
    sent.length = 0;
    connection.socket.close(); // the connection drops: Connection reopens it
    const back = await second;
    assert.deepEqual(states, ['closed', 'connecting', 'open']);
    // The rejoin is the new socket's first request, with the old token.
    assert.deepEqual(sent[0], { type: 'rejoin', token });
    assert.equal(back.refused, null);
    assert.equal(back.rejoined.session, first.hello.session);
    assert.notEqual(back.hello.session, first.hello.session); // the session made for the socket, dropped
    assert.deepEqual(connection.session, { id: first.hello.session, rejoined: true });
    assert.equal(connection.resumeToken, token);
    assert.equal(store.token, token);
    // hello, then the complete frames where the animation stood, then rejoined.
    const arrived = messages.slice(before).map((m) => m.type);
    assert.deepEqual(arrived, ['hello', 'frames', 'rejoined']);
    const complete = messages.slice(before).find((m) => m.type === 'frames');
    assert.deepEqual(complete.views.navView.frame, [0, -23, 375, 62]);
    const navTop = back.rejoined.scene.constraints.find((c) => c.id === 'navTop');
    assert.equal(navTop.constant, -62); // the animation's target, as set
    // The manual clock stood still and the animation runs on: −10 − 52 × 0.75 = −49.
    await connection.request({ type: 'advance', seconds: 0.5 });
    assert.deepEqual(messages.filter((m) => m.type === 'frames').at(-1).views.navView.frame, [0, -49, 375, 62]);
  } finally {
    connection.stop();
  }
});

test('a stored token rejoins from a new Connection (a reloaded page)', { skip }, async () => {
  const store = memoryStore();
  const { connection: first } = await connect({ tokenStore: store, reconnect: false });
  await first.request({ type: 'load', name: 'search-bar' });
  await first.request({ type: 'set', constraint: 'navTop', constant: -10 });
  const id = first.session.id;
  first.stop();
  await once(first, 'state'); // closed
  const { connection, first: back } = await connect({ tokenStore: store });
  try {
    assert.equal(back.rejoined?.session, id);
    assert.equal(back.rejoined.scene.constraints.find((c) => c.id === 'navTop').constant, -10);
    // ready() resolves once the session is settled.
    assert.equal((await connection.ready()).type, 'hello');
    const answer = await connection.request({ type: 'scene' });
    assert.equal(answer.scene.constraints.find((c) => c.id === 'navTop').constant, -10);
  } finally {
    connection.stop();
  }
});

test('an unknown token falls back to the new session and keeps its token', { skip }, async () => {
  const stale = '0123456789abcdef0123456789abcdef';
  const store = memoryStore(stale);
  const { connection, sent, first } = await connect({ tokenStore: store });
  try {
    assert.deepEqual(sent[0], { type: 'rejoin', token: stale });
    assert.equal(first.rejoined, null);
    assert.equal(first.refused, 'unknown-token');
    assert.deepEqual(connection.session, { id: first.hello.session, rejoined: false });
    assert.equal(store.token, first.hello.resumeToken);
    assert.notEqual(store.token, stale);
    // The new session works as any: the scene it holds is the empty one.
    const answer = await connection.request({ type: 'scene' });
    assert.equal(answer.scene.name, 'empty');
  } finally {
    connection.stop();
  }
});

test('rejoin off: a dropped socket gets a new session and sends no rejoin', { skip }, async () => {
  const { connection, sent, first } = await connect({ rejoin: false });
  try {
    const second = nextSession(connection);
    sent.length = 0;
    connection.socket.close();
    const back = await second;
    assert.deepEqual(sent, []);
    assert.equal(back.rejoined, null);
    assert.notEqual(back.hello.session, first.hello.session);
    assert.equal(connection.resumeToken, back.hello.resumeToken);
  } finally {
    connection.stop();
  }
});

test('a follower never holds the owner token and re-follows after its drop', { skip }, async () => {
  const { connection: owner, first: ownerSession } = await connect();
  const followerStore = memoryStore();
  const { connection: follower, messages, first: followerSession } = await connect({ tokenStore: followerStore });
  try {
    await owner.request({ type: 'load', name: 'search-bar' });
    const shared = await owner.request({ type: 'share' });
    assert.equal(shared.type, 'shared');
    const followed = await follower.request({ type: 'follow', code: shared.code });
    assert.equal(followed.following, shared.code);
    const ownerToken = ownerSession.hello.resumeToken;
    assert.equal(followerStore.token, followerSession.hello.resumeToken);
    // The follower's drop: a server that keeps followers' places takes it back following the code; one
    // that does not refuses the token, and the follower follows again by the code (as the page does).
    const second = nextSession(follower);
    follower.socket.close();
    const back = await second;
    if (back.rejoined) {
      assert.equal(back.rejoined.following, shared.code);
      assert.equal(back.rejoined.session, followerSession.hello.session);
    } else {
      assert.equal(back.refused, 'unknown-token');
      const again = await follower.request({ type: 'follow', code: shared.code });
      assert.equal(again.following, shared.code);
    }
    // Either way the owner's next edit reaches it: navTop −10 puts navView at [0, −10, 375, 62].
    const before = messages.length;
    await owner.request({ type: 'set', constraint: 'navTop', constant: -10 });
    while (!messages.slice(before).some((m) => m.type === 'frames')) await once(follower, 'message');
    assert.deepEqual(messages.slice(before).find((m) => m.type === 'frames').views.navView.frame, [0, -10, 375, 62]);
    assert.ok(!JSON.stringify(messages).includes(ownerToken), 'the owner token reached the follower');
    assert.ok(!followerStore.writes.includes(ownerToken));
  } finally {
    follower.stop();
    owner.stop();
  }
});
