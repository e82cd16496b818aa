// @ts-check
// The finals page of a Blitz event (/platform/finals for a team,
// /platform/finals?event=ID for the organiser): the final's bracket drawn
// as it is played (each round's games with their teams, result, map and
// replay; the best-of-three grand final), the champion and the places
// once over, and before it the ranking that seeds it. Read again whenever
// the event's stream says it changed (a game of the final recorded, the
// final's state), for a screen people look at during the final.
import { h, api, token, header, byId, when, ApiError, forgetToken, follow } from '/platform/common.js';
import { bracketView, standingsView, rankingView, keepFresh, finalPlan } from '/platform/blitz.js';

const root = byId('page');
const event = new URLSearchParams(location.search).get('event');
const role = event ? 'organiser' : 'team';
const back = event ? `/platform/organiser#event-${encodeURIComponent(event)}` : '/platform/team';

/** The message of an error. @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

/** Who reads the page: the event's name, the team's (none for the organiser). */
async function whoami() {
  if (event) {
    const ev = await api(`organiser/events/${encodeURIComponent(event)}`, { role });
    return { event: ev.name || (ev.event && ev.event.name) || `Event ${event}`, team: '', id: 0 };
  }
  const t = await api('team', { role });
  return { event: t.event.name, team: t.team.name, id: t.team.id };
}

/** The Blitz document (the teams' view). */
async function blitzDoc() {
  if (event) return (await api(`organiser/events/${encodeURIComponent(event)}/blitz`, { role })).public;
  return api('blitz', { role });
}

/**
 * The replay of a game for the reader: every game of the final, once
 * recorded (a team's copy holds no other team's error output).
 * @param {any} g
 */
function replayOf(g) {
  if (!g.id) return null;
  return `/platform/replay/${encodeURIComponent(g.id)}${event ? `?event=${encodeURIComponent(event)}` : ''}`;
}

async function main() {
  if (!token(role)) {
    location.replace(event ? '/platform/organiser' : '/platform/');
    return;
  }
  let me;
  try {
    me = await whoami();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) forgetToken(role);
    root.replaceChildren(header('Finals'), h('main', { class: 'plat' }, h('p', { class: 'notice error' }, text(err), ' ', h('a', { href: back }, 'Back'))));
    return;
  }
  const status = h('div', { class: 'finals-status' });
  const board = h('div', { class: 'finals-board' });
  const side = h('div', { class: 'finals-side' });
  const updated = h('span', { class: 'dim small updated' });
  const msg = h('p', { class: 'notice page-notice', hidden: true, role: 'alert' });
  const main = h('main', { class: 'plat finals' }, status, board, side);
  root.replaceChildren(
    header(h('span', null, h('b', null, me.event), h('span', { class: 'dim' }, ' \u00b7 Finals')), updated,
      h('a', { href: back, class: 'small-button button' }, event ? '\u2039 Organiser' : '\u2039 Team')),
    msg, main);
  document.title = `Finals \u2013 ${me.event} \u2013 Arena`;
  follow(event ? `organiser/events/${encodeURIComponent(event)}/stream` : 'stream', role, () => {});
  keepFresh(main, async () => {
    try {
      show(await blitzDoc(), me, status, board, side);
      msg.hidden = true;
      updated.textContent = `updated ${when(new Date().toISOString())}`;
    } catch (err) {
      msg.textContent = text(err);
      msg.className = 'notice error page-notice';
      msg.hidden = false;
    }
  });
}

/**
 * @param {any} d @param {{team: string, id: number}} me
 * @param {HTMLElement} status @param {HTMLElement} board @param {HTMLElement} side
 */
function show(d, me, status, board, side) {
  const f = d.final;
  if (!f) {
    status.replaceChildren(h('h1', null, 'The final has not started'),
      h('p', { class: 'dim' }, 'The ranking of the ranked rounds seeds it: the best seeds meet last.'));
    board.replaceChildren();
    side.replaceChildren(h('section', { class: 'card' }, h('h2', null, 'Ranking'), rankingView(d.ranking, (d.schedule && d.schedule.size) || 4, me.team)));
    return;
  }
  const champion = f.done && f.standings && f.standings.length ? f.standings[0].name : '';
  status.replaceChildren(
    champion
      ? h('h1', { class: 'champion' }, h('span', { class: 'crown', 'aria-hidden': 'true' }, '\u2605'), ' ', h('span', { class: 'name' }, champion), h('span', { class: 'dim' }, ' wins the final'))
      : h('h1', null, 'The final is being played', h('span', { class: 'live-dot', title: 'updated every few seconds' })),
    h('p', { class: 'dim' }, `${finalPlan(f.seeds.length, f.size)} ${f.games.length} games played.`));
  board.replaceChildren(bracketView(f, { replay: replayOf, mine: me.team }));
  const places = standingsView(f, me.team);
  side.replaceChildren(...(places ? [h('section', { class: 'card' }, h('h2', null, 'Places'), places)] : []));
}

main();
