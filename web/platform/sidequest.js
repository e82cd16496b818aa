// @ts-check
// CodinGame 2026's side quest (tracks events) on the platform's pages: the
// board of the share of its games in which each team earned the
// side-quest point, as the team's page (its "Side quest" card) and the
// event's public page show it. The data: GET sidequest (a team) or the
// public page's part of GET public/events/{id}/format.
import { h } from '/platform/common.js';

/**
 * The board's table rows, the reader's team marked.
 * @param {any[]} list the board's lines @param {number} [mine] the reader's team id
 * @returns {HTMLElement[]}
 */
export function sideQuestRows(list, mine = 0) {
  return list.length ? list.map((/** @type {any} */ r) => h('tr', { class: mine && r.team_id === mine ? 'mine' : null },
    h('td', { class: 'num rank' }, String(r.rank)),
    h('td', { class: 'ellipsis', title: r.team }, r.team),
    h('td', { class: 'num' }, String(r.games)),
    h('td', { class: 'num' }, String(r.points)),
    h('td', { class: 'num' }, r.games ? `${Math.round(r.average * 100)}%` : '\u2013')))
    : [h('tr', null, h('td', { colspan: 5, class: 'dim' }, 'No game played yet.'))];
}

/**
 * The board as a card, around its rows' body.
 * @param {HTMLElement} body the table's tbody
 * @param {string} [id] the card's id
 */
export function sideQuestCard(body, id) {
  return h('section', { class: 'card public-sidequest', id: id || null },
    h('h2', null, 'Side quest'),
    h('p', { class: 'dim' }, 'The share of its games in which each team earned the side-quest point.'),
    h('div', { class: 'table-wrap' }, h('table', { class: 'list board' },
      h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Rank'), h('th', null, 'Team'), h('th', { class: 'num' }, 'Games'),
        h('th', { class: 'num' }, 'Points'), h('th', { class: 'num' }, 'Average'))),
      body)));
}

/**
 * The side quest's parts of the pages, by the format's name "sidequest"
 * (formats.js): its card on the public page (the team's is the team
 * page's own, with these rows).
 * @type {import('/platform/formats.js').FormatPage}
 */
export const page = {
  publicCards: (list) => [sideQuestCard(h('tbody', null, sideQuestRows(list)))],
};
