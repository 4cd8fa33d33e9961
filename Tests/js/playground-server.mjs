// The real server for the Node tests: the built binary (LAYOUT_PLAYGROUND_BIN, else
// .build/debug/layout-playground) on a free loopback port, started once per test file, with a session
// journal of its own. Exports startServer and skipWithoutWebSocket.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';

/**
 * Debian 12's Node 18 has no WebSocket at all: the tests skip with this reason there (the browser test
 * Tests/browser/test_connection_module.py runs the module on its own); false where there is one.
 */
export const skipWithoutWebSocket = typeof WebSocket === 'function' ? false : `this Node (${process.version}) has no WebSocket`;

/**
 * Starts the server with `--port 0` and `args` and waits for its `listening on http://HOST:PORT/` line.
 * Unless `args` name `--state` or `--no-state`, the server journals in a fresh temporary folder, removed
 * when it exits: a test's server never shares a journal with another server (one server per folder).
 * @param {string[]} args  extra flags
 * @returns {Promise<{ process: import('node:child_process').ChildProcess, url: string, stateDir: string | null }>}
 *   `url` is ws://HOST:PORT/; `stateDir` the folder made for it, null when `args` chose
 * @throws {AssertionError} when its first line is not `listening on …`
 */
export async function startServer(args) {
  const binary = process.env.LAYOUT_PLAYGROUND_BIN ?? '.build/debug/layout-playground';
  const choosesState = args.some((arg) => ['--state', '--no-state'].includes(arg.split('=')[0]));
  const stateDir = choosesState ? null : mkdtempSync(join(tmpdir(), 'layout-playground-state-'));
  const stateArgs = stateDir ? ['--state', stateDir] : [];
  const child = spawn(binary, ['--port', '0', ...args, ...stateArgs], { stdio: ['ignore', 'pipe', 'ignore'] });
  if (stateDir) child.once('exit', () => rmSync(stateDir, { recursive: true, force: true }));
  let output = '';
  while (!output.includes('\n')) {
    const [chunk] = await once(child.stdout, 'data');
    output += chunk;
  }
  const match = /^listening on http:\/\/([^/\s]+)\//.exec(output);
  assert.ok(match, `the server did not start: ${output}`);
  return { process: child, url: `ws://${match[1]}/`, stateDir };
}
