// @ts-check
// A team's match in the viewer's player (/platform/replay/ID): the replay
// comes from the platform's API with the team token (it holds no other
// team's error output), then plays as any recorded match.
import { Player } from '/player.js';
import { h, api, byId, ApiError, forgetToken, token } from '/platform/common.js';

const id = decodeURIComponent(location.pathname.split('/').pop() || '');
const root = byId('player');

async function main() {
  if (!token('team')) {
    location.replace('/platform/');
    return;
  }
  const rep = await api(`matches/${encodeURIComponent(id)}/replay`, { role: 'team' });
  await new Player(root, { replay: rep }).start();
  document.title = `Match ${id}: ${document.title}`;
  // Back to the team's page, beside the player's Arena link.
  const head = root.querySelector('.match-head');
  if (head) head.insertBefore(h('a', { href: '/platform/team', class: 'back', title: 'Your team\u2019s page' }, '\u2039 Team'), head.children[1] || null);
}

main().catch((/** @type {unknown} */ e) => {
  if (e instanceof ApiError && e.status === 401) forgetToken('team');
  // Text only: the id comes from the address bar and the message from the server.
  root.replaceChildren(h('p', { class: 'fatal' }, `Cannot show match ${id}: ${e instanceof Error ? e.message : String(e)} `,
    h('a', { href: '/platform/team' }, 'Back to your team\u2019s page')));
});
