// @ts-check
// An event's public page (/platform/watch?event=E), for anyone, no token:
// its ranking, its latest top games with their replays, its live games
// (the viewer's live page), its format's tables as every team sees them
// (its leagues league by league, and each format's cards: formats.js),
// and the results once published. It follows the event's stream: a match
// recorded, a state of the event changed (a round drawn, a final's game,
// the results published) or a live game started or ended reads the page
// again, without polling. TV mode plays the latest top
// games one after another, full screen, a live game first.
import { Player } from '/player.js';
import { h, api, byId, header, when, follow } from '/platform/common.js';
import { publicCardsOf } from '/platform/formats.js';

const root = byId('page');
const event = new URLSearchParams(location.search).get('event') || '';
const base = `public/events/${encodeURIComponent(event)}`;
/** @type {{info: any, board: any[], games: any[], format: any}} */
const state = { info: null, board: [], games: [], format: {} };
const parts = { live: h('div'), board: h('div'), games: h('div'), format: h('div', { class: 'format-tables' }), results: h('div') };
/** @type {HTMLElement|null} */
let tv = null;

async function main() {
  state.info = await api(base);
  document.title = `${state.info.name} \u2013 Arena`;
  root.replaceChildren(header(state.info.name, button('tv-button', 'TV', startTV)),
    h('main', { class: 'plat watch' },
      h('p', { class: 'sub' }, `${state.info.game}: the ranking, the latest top games and the live games, as they are played.`),
      h('section', { class: 'card' }, h('h2', null, 'Live now'), parts.live),
      h('section', { class: 'card' }, h('h2', null, 'Ranking'), parts.board),
      h('section', { class: 'card' }, h('h2', null, 'Latest top games'), parts.games),
      parts.format,
      parts.results));
  await refresh();
  // a refresh is four reads, and the public routes allow a client 120 a
  // minute: at most one refresh in 3 s keeps a busy event's page within
  follow(`${base}/stream`, null, () => { refresh().catch((e) => console.warn('reading the event again', e)); }, { everyMs: 3000 });
}

/** Reads the event again. */
async function refresh() {
  const [info, board, games, format] = await Promise.all([api(base), api(`${base}/leaderboard`), api(`${base}/games`), api(`${base}/format`)]);
  Object.assign(state, { info, board, games, format });
  parts.live.replaceChildren(liveView(info.live));
  parts.board.replaceChildren(boardView(board));
  parts.games.replaceChildren(gamesView(games));
  const open = [...parts.format.querySelectorAll('details')].map((d) => d.open);
  parts.format.replaceChildren(...(format.leagues ? [leaguesView(format.leagues, format.unplaced || [])] : []),
    ...publicCardsOf(info, format, { replay: replayPage }));
  // a reader's unfolded details stay unfolded when the tables are drawn again
  parts.format.querySelectorAll('details').forEach((d, k) => { if (k < open.length) d.open = open[k]; });
  parts.results.replaceChildren(info.results ? resultsView(info.results) : '');
}

/** @param {any[]} live */
function liveView(live) {
  if (!live.length) return h('p', { class: 'muted' }, 'No game is being played right now.');
  return h('ul', { class: 'live-games' }, live.map((l) => h('li', null,
    h('span', { class: 'live-dot', title: 'live' }), ' ', seatsText(l.seats), l.kind ? ` (${l.kind})` : '', ' ',
    h('a', { href: l.watch, class: 'watch-live' }, 'watch live'))));
}

/** @param {any[]} board */
function boardView(board) {
  if (!board.length) return h('p', { class: 'muted' }, 'No team yet.');
  return h('table', { class: 'board' },
    h('thead', null, h('tr', null, ['#', 'Team', 'Rating', 'Games', 'Wins', 'Draws', 'Losses'].map((c) => h('th', null, c)))),
    h('tbody', null, board.map((s) => h('tr', null,
      h('td', null, s.rank ? String(s.rank) : '\u2013'), h('td', null, s.team),
      h('td', null, s.rank ? s.rating.toFixed(1) : ''), h('td', null, String(s.games)),
      h('td', null, String(s.wins)), h('td', null, String(s.draws)), h('td', null, String(s.losses))))));
}

/** A game's public replay page. @param {number} id */
function replayPage(id) {
  return `/platform/replay/${id}?public=${encodeURIComponent(event)}`;
}

/**
 * The leagues' leaderboards, the top league first, then the teams not
 * placed in a league yet (no build of theirs has played), which the
 * ranking lists too.
 * @param {any[]} leagues @param {any[]} unplaced
 */
function leaguesView(leagues, unplaced) {
  return h('section', { class: 'card public-leagues' }, h('h2', null, 'Leagues'),
    leagues.map((l) => h('div', { class: 'league-board', dataset: { league: String(l.number) } },
      h('h3', null, `League ${l.number} ${l.name}`, l.boss_only ? h('span', { class: 'dim' }, ' \u00b7 teams play only the boss') : ''),
      l.lines.length ? h('table', { class: 'board' },
        h('thead', null, h('tr', null, ['#', 'Team', l.boss_only ? 'Test' : 'Rating', 'Games'].map((c) => h('th', null, c)))),
        h('tbody', null, l.lines.map((/** @type {any} */ s) => h('tr', null,
          h('td', null, s.league_rank ? String(s.league_rank) : '\u2013'), h('td', null, s.team),
          h('td', null, s.boss_only ? testWords(s.promotion) : s.league_rank ? s.rating.toFixed(1) : ''),
          h('td', null, String(s.games))))))
        : h('p', { class: 'muted' }, 'No team in this league yet.'))),
    unplaced.length ? h('div', { class: 'league-board unplaced', dataset: { league: '0' } },
      h('h3', null, 'Not placed yet', h('span', { class: 'dim' }, ' \u00b7 a team enters a league once its first bot is built')),
      h('ul', { class: 'unplaced-teams' }, unplaced.map((/** @type {any} */ s) => h('li', null, s.team)))) : '');
}

/** A promotion test in words. @param {any} t */
function testWords(t) {
  return t ? `${t.wins} won of ${t.played} (${t.state})` : '';
}

/** @param {any[]} games */
function gamesView(games) {
  if (!games.length) return h('p', { class: 'muted' }, 'No game played yet.');
  return h('ul', { class: 'top-games' }, games.map((g) => h('li', { 'data-match': String(g.id) },
    h('span', { class: 'when' }, when(g.played)), ' ', seatsText(g.seats, true), ' ',
    h('a', { href: replayPage(g.id) }, 'replay'))));
}

/** @param {any[]} seats @param {boolean} [ranked] */
function seatsText(seats, ranked = false) {
  return seats.map((s) => `${s.team_id ? s.team : 'house bot'}${ranked && s.rank ? ` (${s.rank})` : ''}`).join(' vs ');
}

/** The published results: the standings, and each format's section as its own table when it gives rows. @param {any} res */
function resultsView(res) {
  const lines = res.standings || [];
  return h('section', { class: 'card' }, h('h2', null, res.final ? 'Results' : 'Results (provisional)'),
    h('ol', null, lines.map((/** @type {any} */ l) => h('li', null, l.team))));
}

/** TV mode: the latest top games one after another, full screen; a live game first. */
async function startTV() {
  if (tv) return;
  tv = h('div', { class: 'tv' });
  document.body.append(tv);
  tv.addEventListener('fullscreenchange', () => { if (!document.fullscreenElement) stopTV(); });
  try {
    await tv.requestFullscreen();
  } catch {
    // not allowed (a test's headless browser): the overlay fills the window all the same
  }
  tv.append(button('tv-close', 'Close TV', stopTV));
  for (let k = 0; tv; k++) {
    const live = state.info && state.info.live[0];
    const games = state.games;
    if (!live && !games.length) {
      await sleep(5000);
      continue;
    }
    const stage = h('div', { class: 'tv-stage' });
    tv.replaceChildren(button('tv-close', 'Close TV', stopTV), stage);
    const p = live ? new Player(stage, { id: live.id }) : new Player(stage, { replay: await publicReplay(games[k % games.length].id) });
    await p.start();
    p.speed = 4;
    if (!p.playing) p.act('play');
    // the player says nothing when it ends: look at it now and then (a local check, no request)
    while (tv && (p.playing || p.live)) await sleep(1000);
    await sleep(3000);
  }
}

function stopTV() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  if (tv) tv.remove();
  tv = null;
}

/**
 * A button that calls act when clicked (h takes no handlers: a listener).
 * @param {string} cls @param {string} text @param {() => void} act
 */
function button(cls, text, act) {
  const b = h('button', { type: 'button', class: cls }, text);
  b.addEventListener('click', act);
  return b;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A game's public replay, with the teams' names on the board. @param {number} id */
async function publicReplay(id) {
  const rep = await api(`${base}/matches/${id}/replay`);
  const g = state.games.find((x) => x.id === id);
  if (g && g.seats.length === rep.players.length) {
    g.seats.forEach((/** @type {any} */ s, /** @type {number} */ k) => { if (s.team_id) rep.players[k].name = s.team; });
  }
  return rep;
}

main().catch((e) => {
  root.replaceChildren(header('Competition platform'), h('main', { class: 'plat' },
    h('p', { class: 'notice error' }, `This event cannot be shown: ${e instanceof Error ? e.message : String(e)}`)));
});
