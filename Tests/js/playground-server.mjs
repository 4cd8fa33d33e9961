// The real server for the Node tests: the built binary (LAYOUT_PLAYGROUND_BIN, else
// .build/debug/layout-playground) on a free loopback port, started once per test file.
// Exports startServer and skipWithoutWebSocket.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import assert from 'node:assert/strict';

/**
 * Debian 12's Node 18 has no WebSocket at all: the tests skip with this reason there (the browser test
 * Tests/browser/test_connection_module.py runs the module on its own); false where there is one.
 */
export const skipWithoutWebSocket = typeof WebSocket === 'function' ? false : `this Node (${process.version}) has no WebSocket`;

/**
 * Starts the server with `--port 0` and `args` and waits for its `listening on http://HOST:PORT/` line.
 * @param {string[]} args  extra flags
 * @returns {Promise<{ process: import('node:child_process').ChildProcess, url: string }>}  `url` is ws://HOST:PORT/
 * @throws {AssertionError} when its first line is not `listening on …`
 */
export async function startServer(args) {
  const binary = process.env.LAYOUT_PLAYGROUND_BIN ?? '.build/debug/layout-playground';
  const child = spawn(binary, ['--port', '0', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  while (!output.includes('\n')) {
    const [chunk] = await once(child.stdout, 'data');
    output += chunk;
  }
  const match = /^listening on http:\/\/([^/\s]+)\//.exec(output);
  assert.ok(match, `the server did not start: ${output}`);
  return { process: child, url: `ws://${match[1]}/` };
}
