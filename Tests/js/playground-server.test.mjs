// The Node tests' server helper on its own: servers it starts side by side each journal in a folder
// of their own (one server per journal folder), so no test depends on another server running in the
// checkout, `bash .ci/play` included.
//   node --test Tests/js/
import { test } from 'node:test';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import assert from 'node:assert/strict';
import { startServer } from './playground-server.mjs';

test('two servers started without --state run side by side, each with its own journal', async () => {
  const [first, second] = await Promise.all([startServer(['--rate', '0']), startServer(['--rate', '0'])]);
  try {
    assert.ok(first.stateDir && second.stateDir, 'each server gets a state folder');
    assert.notEqual(first.stateDir, second.stateDir);
    assert.ok(first.process.spawnargs.includes(first.stateDir));
    assert.ok(existsSync(first.stateDir) && existsSync(second.stateDir));
  } finally {
    for (const server of [first, second]) {
      server.process.kill('SIGTERM');
      await once(server.process, 'exit');
    }
  }
  assert.ok(!existsSync(first.stateDir) && !existsSync(second.stateDir), 'the folders go with their servers');
});

test('a server told --no-state gets no folder', async () => {
  const server = await startServer(['--rate', '0', '--no-state']);
  server.process.kill('SIGTERM');
  await once(server.process, 'exit');
  assert.equal(server.stateDir, null);
  assert.ok(!server.process.spawnargs.includes('--state'));
});
