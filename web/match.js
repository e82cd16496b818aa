// @ts-check
// The match page: the player of the match named by the page's path. A
// module of its own, as the Content-Security-Policy allows no inline script.
import { Player } from '/player.js';

const id = decodeURIComponent(location.pathname.split('/').pop() || '');
const root = /** @type {HTMLElement} */ (document.getElementById('player'));
new Player(root, { id }).start().catch((/** @type {unknown} */ e) => {
  // Text only: the id comes from the address bar and the message from the
  // server, and neither may become markup.
  const p = document.createElement('p');
  p.className = 'fatal';
  const home = document.createElement('a');
  home.href = '/';
  home.textContent = 'All matches';
  p.append(`Cannot show match ${id}: ${e instanceof Error ? e.message : String(e)}. `, home);
  root.replaceChildren(p);
});
