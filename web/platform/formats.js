// @ts-check
// The event formats' parts of the platform's pages, found by the format's
// name, as the server finds a format (platform/format): an event's JSON
// names the formats it runs (its "formats", from its game's metadata), and
// each format's page module (rounds.js, codinsa.js, blitz.js, sidequest.js) exports its
// parts as `page`, which this table maps from the format's name. The pages
// ask pagesOf(ev) and never name a game or a format.

import { page as rounds } from '/platform/rounds.js';
import { page as codinsa } from '/platform/codinsa.js';
import { page as blitz } from '/platform/blitz.js';
import { page as sidequest } from '/platform/sidequest.js';

/** @typedef {(path: string, o?: any) => Promise<any>} Caller */

/**
 * What the public page offers a format's cards: a game's public replay
 * page, by its match id (null: none to show).
 * @typedef {{replay: (id: number) => string|null}} PublicLinks
 */

/**
 * A format's parts of the pages; each is optional.
 * @typedef {object} FormatPage
 * @property {(ev: any, call: Caller, game: any) => HTMLElement[]} [organiserCards]
 *   the organiser's cards of the event, below its own card (call: the
 *   organiser's API, paths under organiser/; game: the game's description
 *   from /api/games)
 * @property {string} [finalNote] the format's final is its own: the
 *   organiser's controls say this instead of offering the final ranking
 * @property {(team: any, call: Caller, tok: () => string) => HTMLElement[]} [teamCardsFirst]
 *   the team's cards at the top of its page's second column, above the
 *   results (call: the team's API; tok: the team's token)
 * @property {(team: any, call: Caller, tok: () => string) => HTMLElement[]} [teamCards]
 *   the team's cards above the leaderboard
 * @property {(call: Caller) => Promise<boolean>} [holdsResults] whether
 *   a card of the format stands for the published results (the team's
 *   page then shows no results card)
 * @property {(m: any, links: HTMLElement[]) => HTMLElement|null} [matchLine]
 *   the line of one of the team's matches, in place of its time's tag and
 *   its links (null: the usual ones)
 * @property {(doc: any, o: PublicLinks) => HTMLElement[]} [publicCards]
 *   the format's cards on the event's public page (watch.js), drawn from
 *   its part of GET public/events/{id}/format (what every team sees of
 *   its tables, no team's own)
 * @property {(id: string, call: Caller) => Promise<any>} [shownGame]
 *   a game of the team's event that is not its own and that the format
 *   shows it (its seats' teams named), for the replay page
 */

/** The formats' page modules by the formats' names. @type {Record<string, FormatPage>} */
export const formatPages = { rounds, codinsa, blitz, sidequest };

/**
 * The public page's cards of an event's formats, from GET
 * public/events/{id}/format (each format's part under its name); a format
 * with nothing to show there has none.
 * @param {any} ev the public event (its "formats") @param {any} docs @param {PublicLinks} o
 * @returns {HTMLElement[]}
 */
export function publicCardsOf(ev, docs, o) {
  return ((ev && ev.formats) || []).flatMap((/** @type {string} */ name) => {
    const p = Object.hasOwn(formatPages, name) ? formatPages[name] : null;
    return p && p.publicCards && docs && docs[name] ? p.publicCards(docs[name], o) : [];
  });
}

/**
 * The page parts of the formats the event runs, in the event's order; a
 * format without one has none.
 * @param {any} ev an event of the API @returns {FormatPage[]}
 */
export function pagesOf(ev) {
  return ((ev && ev.formats) || []).flatMap((/** @type {string} */ name) =>
    Object.hasOwn(formatPages, name) ? [formatPages[name]] : []);
}
