// Public/ib-import.js's size check under Node: an import the server would refuse by its size is
// answered `too-large` in the page, before it is sent. Sizes by hand: the limits below are 100 bytes
// for the document and 160 for the whole message; `{"type":"import","format":"xib","document":""}`
// is 46 bytes, and each `"` of the document takes two bytes once JSON has escaped it.
//   node --test Tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tooLarge } from '../../Public/ib-import.js';

const limits = { maxImportBytes: 100, maxMessageBytes: 160 };
const message = (document) => ({ type: 'import', format: 'xib', document });

test('a document within both limits is sent', () => {
  assert.equal(tooLarge(message('a'.repeat(100)), limits), null);      // 46 + 100 = 146 ≤ 160
});

test('a document over maxImportBytes is refused with both sizes named', () => {
  const answer = tooLarge(message('a'.repeat(101)), limits);
  assert.equal(answer.code, 'too-large');
  assert.match(answer.message, /^the document is 101 bytes; the server imports documents of at most 100 bytes$/);
});

test('a document whose escaped message is over maxMessageBytes is refused before it closes the connection', () => {
  // 90 bytes of document (within 100), 60 of them quotes: 46 + 30 + 2 × 60 = 196 > 160.
  const answer = tooLarge(message('"'.repeat(60) + 'a'.repeat(30)), limits);
  assert.equal(answer.code, 'too-large');
  assert.match(answer.message, /^the import message is 196 bytes; the server takes messages of at most 160 bytes$/);
});

test('before hello nothing is refused here', () => {
  assert.equal(tooLarge(message('a'.repeat(10_000)), undefined), null);
});
