// A button that opens a small menu under (or over) it: the top bar's File menu, the footer's Overlays.
// The button's aria-expanded says whether it is open; a click outside, Escape, or choosing one of the
// menu's buttons closes it. Exports menuButton.

/**
 * Wires `button` to show and hide `menu` (an element with the hidden attribute).
 * @param {HTMLButtonElement} button  carries aria-expanded and aria-controls
 * @param {HTMLElement} menu          its buttons close the menu when clicked; its checkboxes do not
 */
export function menuButton(button, menu) {
  const setOpen = (open) => {
    button.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if (event.target.closest('button')) setOpen(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (!menu.hidden && !menu.contains(event.target) && !button.contains(event.target)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    setOpen(false);
    if (menu.contains(document.activeElement)) button.focus();
  });
}
