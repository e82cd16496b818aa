// @ts-check
// A match of the platform in the viewer's player. /platform/replay/ID is
// one of the team's matches: the replay comes from the API with the team
// token (it holds no other team's error output). /platform/replay/ID?event=E
// is the organiser's view of event E's match, whole; /platform/replay/test-N
// is one of the team's test games (its own bots' error output only);
// ?public=E a game of public event E, for anyone (no seat's error output).
import { Player } from '/player.js';
import { h, api, API, byId, ApiError, fetchAs, forgetToken, token, userMessage } from '/platform/common.js';
import { pagesOf } from '/platform/formats.js';

const id = decodeURIComponent(location.pathname.split('/').pop() || '');
const root = byId('player');

const event = new URLSearchParams(location.search).get('event');
const pub = new URLSearchParams(location.search).get('public');
/** A team's test game (/platform/replay/test-N), or null for a match. */
const test = event || pub ? null : /^test-(\d+)$/.exec(id);
/** @type {'team'|'organiser'|null} */
const role = pub ? null : event ? 'organiser' : 'team';
const back = pub ? `/platform/watch?event=${encodeURIComponent(pub)}` : event ? `/platform/organiser#event-${encodeURIComponent(event)}` : '/platform/team';
const backLabel = pub ? '\u2039 Event' : event ? '\u2039 Organiser' : '\u2039 Team';

async function main() {
  if (role && !token(role)) {
    location.replace(event ? '/platform/organiser' : '/platform/');
    return;
  }
  const path = pub ? `public/events/${encodeURIComponent(pub)}/matches/${encodeURIComponent(id)}/replay`
    : event ? `organiser/events/${encodeURIComponent(event)}/matches/${encodeURIComponent(id)}/replay`
    : test ? `tests/${test[1]}/replay` : `matches/${encodeURIComponent(id)}/replay`;
  const rep = await replayOf(path);
  await names(rep);
  await new Player(root, { replay: rep }).start();
  document.title = `${test ? `Test game ${test[1]}` : `Match ${id}`}: ${document.title}`;
  // Back to the page the match was chosen on, beside the player's Arena link.
  const head = root.querySelector('.match-head');
  if (head) head.insertBefore(h('a', { href: back, class: 'back' }, backLabel), head.children[1] || null);
}

/**
 * The replay, with its seed as a string: the API writes it as a JSON
 * number, which JavaScript rounds above 2^53 (the viewer's own API sends a
 * string). The top-level seed comes before the frames, so the first
 * "seed" key of the text is the match's.
 * @param {string} path @returns {Promise<any>}
 */
async function replayOf(path) {
  const res = await fetchAs(API + path, role);
  const body = await res.text();
  let rep = null;
  try {
    rep = JSON.parse(body);
  } catch {
    rep = null;
  }
  if (!res.ok || !rep) throw new ApiError(res.status, userMessage(res.status, rep && rep.error, role));
  const seed = /"seed":\s*(-?\d+)/.exec(body);
  if (seed && typeof rep.seed === 'number') rep.seed = seed[1];
  return rep;
}

/**
 * Shows the teams' names on the board: the replay names each seat by the
 * platform's id for the team; the list of matches has the names.
 * @param {any} rep
 */
async function names(rep) {
  try {
    let m;
    if (test) m = await api(`tests/${test[1]}`, { role });
    else m = (await api(pub ? `public/events/${encodeURIComponent(pub)}/games` : event ? `organiser/events/${encodeURIComponent(event)}/matches` : 'matches', { role })).find((/** @type {any} */ x) => String(x.id) === id);
    if (!m && !event && !pub) m = await shownGame(); // another team's game, of a Blitz final
    if (!m || m.seats.length !== rep.players.length) return;
    m.seats.forEach((/** @type {any} */ s, /** @type {number} */ k) => {
      if (s.team_id !== 0 && s.team) rep.players[k].name = s.team;
    });
  } catch (e) {
    console.warn('the teams\' names are not known', e);
  }
}

/**
 * The game this page shows when it is another team's that a format of the
 * team's event shows every team (formats.js shownGame: a Blitz final's,
 * from its finals page's data); undefined when none does.
 */
async function shownGame() {
  const t = await api('team', { role });
  for (const f of pagesOf(t.event)) {
    const g = f.shownGame ? await f.shownGame(id, (path, o = {}) => api(path, { ...o, role })) : undefined;
    if (g) return g;
  }
  return undefined;
}

main().catch((/** @type {unknown} */ e) => {
  if (e instanceof ApiError && e.status === 401 && role) forgetToken(role);
  // Text only: the id comes from the address bar and the message from the server.
  root.replaceChildren(h('p', { class: 'fatal' }, `Cannot show match ${id}: ${e instanceof Error ? e.message : String(e)} `,
    h('a', { href: back }, 'Back')));
});
