// Short notes at the bottom of the stage (#toast) and the note that points to the log when a
// problem arrives while the log is out of sight (#problem-toast).
//
// Exports toast(text) and watchProblems(log).

const $ = (id) => document.getElementById(id);

const TOAST_MS = 3500;
const PROBLEM_MS = 8000;

let toastTimer = 0;

/** Shows `text` in the stage's note for 3.5 s (a newer note replaces it and restarts the time). */
export function toast(text) {
  const node = $('toast');
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, TOAST_MS);
}

/**
 * A new conflict or error while the log is out of sight (narrow layouts, where the page scrolls):
 * a note at the bottom of the window for 8 s, with a button that brings the log into view.
 * @param {import('./log.js').LogPanel} log  the panel whose `onProblem` this takes over
 */
export function watchProblems(log) {
  let timer = 0;
  const note = $('problem-toast');
  log.onProblem = (text) => {
    const list = $('log').getBoundingClientRect();
    const shown = Math.min(list.bottom, window.innerHeight) - Math.max(list.top, 0);
    if (shown >= Math.min(40, list.height)) return;
    $('problem-text').textContent = text;
    note.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => { note.hidden = true; }, PROBLEM_MS);
  };
  $('problem-show').addEventListener('click', () => {
    note.hidden = true;
    $('log').closest('.card').scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    $('log').focus({ preventScroll: true });
  });
  $('problem-close').addEventListener('click', () => { note.hidden = true; });
}
