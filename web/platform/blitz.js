// @ts-check
// Coveo Blitz 2022 (jungle events) on the platform's pages: the
// organiser's "Ranked rounds" and "Final" cards, the team's card (its rank
// and group, the next round, how to play a local bot over WebSocket), the
// 2022 game page's line for ranked and final games, and the final's
// bracket as it is played (drawn here for the cards and the finals page,
// finals.js). The data: GET blitz (a team) and GET
// organiser/events/{id}/blitz (the organiser: the same document as
// "public", beside the schedule and the pending requests).
import { h, say, when, ApiError, failingView, whenChanged } from '/platform/common.js';

/** @typedef {(path: string, o?: any) => Promise<any>} Caller */


/** The message of an error, for a notice. @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A Go duration (nanoseconds) as people write it: 1h, 30m, 1h30m.
 * @param {number} ns
 */
export function duration(ns) {
  let s = Math.round((ns || 0) / 1e9);
  if (!s) return '0s';
  const out = [];
  for (const [unit, n] of /** @type {[string, number][]} */ ([['d', 86400], ['h', 3600], ['m', 60], ['s', 1]])) {
    if (s >= n) {
      out.push(`${Math.floor(s / n)}${unit}`);
      s %= n;
    }
  }
  return out.join('');
}

/** Whether a schedule is set (its start is not Go's zero time). @param {any} s */
function scheduled(s) {
  return !!(s && s.start && new Date(s.start).getFullYear() > 1 && s.every > 0);
}

/**
 * When the next ranked round is due, as the server decides it (its
 * "next_round": the schedule's round n at start + (n-1) x interval, never
 * sooner than an interval after the last one began), or null: no
 * schedule, the schedule stopped, its rounds all played, or the event's
 * end ("event_end") come first.
 * @param {any} doc the Blitz document (schedule, rounds, next_round)
 * @returns {Date|null}
 */
export function nextRound(doc) {
  return doc.next_round ? new Date(doc.next_round) : null;
}

/**
 * Why a running schedule has no next round: its rounds all played (its
 * cap reached), or else the event's end, from which none starts.
 * @param {any} doc the Blitz document @returns {string}
 */
function noNextRound(doc) {
  const s = doc.schedule;
  const capped = s.rounds > 0 && (doc.rounds || []).length - (s.before || 0) >= s.rounds;
  return capped || !doc.event_end ? 'none: the rounds are all played'
    : `none: no round starts after the event’s end (${when(doc.event_end)})`;
}

/** A schedule in words. @param {any} s */
function scheduleWords(s) {
  if (!scheduled(s)) return 'No schedule: ranked rounds are played only when you run one.';
  const plan = `from ${when(s.start)}, every ${duration(s.every)}, in groups of ${s.size || 4}, ${s.rounds ? `${s.rounds} rounds at most` : 'no cap on the number of rounds'}`;
  if (s.stopped) return `The schedule is stopped: no round of it starts (it was ${plan}). Save the schedule to start it again; a round run now still plays.`;
  return `The schedule runs: ${plan}.`;
}

/**
 * The move of a team in a played group: "up", "down" or "" (stays), from
 * the group's notes ("NAME up", "NAME down"; a team that sat out keeps
 * its place, but rounds recorded by earlier versions say "sits out, moves up").
 * @param {any} m a group (tournament match) @param {string} team
 */
function moveOf(m, team) {
  if (m.note && /moves up/.test(m.note)) return 'up';
  for (const a of m.advanced || []) {
    if (a === `${team} up`) return 'up';
    if (a === `${team} down`) return 'down';
  }
  return '';
}

/** An arrow for a move. @param {string} move */
function moveTag(move) {
  if (move === 'up') return h('span', { class: 'move up', title: 'moves up a group' }, '\u25b2 up');
  if (move === 'down') return h('span', { class: 'move down', title: 'moves down a group' }, '\u25bc down');
  return h('span', { class: 'move stay dim', title: 'stays in its group' }, '\u2013');
}

/**
 * The rounds played, newest first: each group's teams in the order of its
 * game, with who moved up and down.
 * @param {any[]} rounds @param {string} [mine] the reader's team
 */
export function roundsView(rounds, mine = '') {
  if (!rounds || !rounds.length) return h('p', { class: 'dim' }, 'No ranked round played yet.');
  return h('div', { class: 'blitz-rounds' }, [...rounds].reverse().map((rd) => h('details', { class: 'group blitz-round', open: rd === rounds[rounds.length - 1], dataset: { round: rd.number } },
    h('summary', null, `Round ${rd.number}`, h('span', { class: 'dim' }, ` \u00b7 ${when(rd.started)}`)),
    h('div', { class: 'groups' }, ((rd.groups && rd.groups.matches) || []).map((/** @type {any} */ m, /** @type {number} */ k) => {
      const order = m.ranking && m.ranking.length ? m.ranking : m.bots;
      return h('div', { class: 'blitz-group' },
        h('div', { class: 'dim small' }, `Group ${k + 1}`, m.note ? ` \u00b7 ${m.note}` : ''),
        h('ol', null, order.map((/** @type {string} */ t) => h('li', { class: t === mine ? 'mine' : null },
          h('span', { class: 'ellipsis-name', title: t }, t), ' ', moveTag(moveOf(m, t))))));
    })))));
}

/**
 * The current ranking, split in the groups of the next round.
 * @param {any[]} ranking @param {number} size @param {string} [mine]
 */
export function rankingView(ranking, size, mine = '') {
  if (!ranking || !ranking.length) return h('p', { class: 'dim' }, 'No ranking yet: the first round takes the teams in the casual leaderboard\u2019s order.');
  return h('div', { class: 'table-wrap' }, h('table', { class: 'list board blitz-ranking' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Rank'), h('th', null, 'Team'), h('th', { class: 'num' }, 'Group'))),
    h('tbody', null, ranking.map((r) => h('tr', { class: r.team === mine ? 'mine' : null, dataset: { team: r.team_id } },
      h('td', { class: 'num rank' }, String(r.rank)),
      h('td', { class: 'ellipsis', title: r.team }, r.team),
      h('td', { class: 'num' }, String(Math.ceil(r.rank / (size || 4)))))))));
}

/**
 * The 2022 game page's line of a ranked or final game: "RANKED - #8234,
 * Map: inter-4_14x20_3D.bmp, [Game logs] | [Download logs]", with the
 * match's own links (its replay, the team's bot log) relabelled; null for
 * other games.
 * @param {any} m a match of the listing @param {HTMLElement[]} links
 */
export function gameLine(m, links) {
  if (m.kind !== 'ranked' && m.kind !== 'final') return null;
  const label = ['[Game logs]', '[Download logs]'];
  const parts = links.filter((l) => l instanceof HTMLElement).map((l, k) => {
    if (label[k]) l.textContent = label[k];
    return l;
  });
  return h('div', { class: 'game-line', title: m.kind === 'ranked' ? `a game of ranked round ${m.round}` : 'a game of the final' },
    `${m.kind.toUpperCase()} - #${m.id}, Map: ${m.map || 'the game\u2019s choice'}`,
    parts.flatMap((l, k) => [k ? ' | ' : ', ', l]));
}

/**
 * The final's games, drawn: one column per round (the grand final last),
 * each match with its teams in seed order, their rank in its game (their
 * wins in the best of three), who goes on, and each game's map and
 * replay. Before the final is over the bracket follows the deal of the
 * seeds (dealRound, the server's rule) and the games played so far; once
 * over, the server's own rounds.
 * @param {any} final the document's final
 * @param {{replay: (game: any) => string|null, mine?: string}} o
 */
export function bracketView(final, o) {
  const cols = bracket(final);
  const mine = o.mine || '';
  return h('div', { class: 'bracket', dataset: { done: final.done ? 'yes' : 'no' } }, cols.map((c) => h('section', { class: `bracket-col${c.grand ? ' grand' : ''}` },
    h('h3', null, c.grand ? 'Grand final' : c.name.replace(/^round/, 'Round'), c.grand ? h('span', { class: 'dim' }, ' \u00b7 best of three') : null),
    h('div', { class: 'bracket-matches' }, c.matches.map((m) => matchBox(m, c.grand, o.replay, mine))))));
}

/**
 * One match of the bracket.
 * @param {BracketMatch} m @param {boolean} grand @param {(game: any) => string|null} replay @param {string} mine
 */
function matchBox(m, grand, replay, mine) {
  const state = m.note === 'bye' ? 'bye' : m.done ? 'played' : m.games.length ? 'playing' : 'waiting';
  const rows = m.teams.length ? m.teams.map((t) => {
    const on = m.advanced.includes(t);
    /** @type {import('/player.js').Child} */
    let res = '';
    if (grand) res = String(m.wins.get(t) || 0);
    else if (m.games.length && m.note !== 'bye') {
      const seat = m.games[0].seats.find((/** @type {any} */ s) => s.team === t);
      res = seat && seat.rank ? ordinal(seat.rank) : '';
    }
    return h('li', { class: [on ? 'on' : '', m.done && !on ? 'out' : '', t === mine ? 'mine' : ''].filter(Boolean).join(' ') || null },
      h('span', { class: 'seed' }, m.seeds.get(t) ? `#${m.seeds.get(t)}` : ''),
      h('span', { class: 'name', title: t }, t),
      h('span', { class: 'res', title: grand ? 'games won' : 'place in the game' }, res));
  }) : Array.from({ length: m.slots }, () => h('li', { class: 'tbd' }, h('span', { class: 'seed' }, ''), h('span', { class: 'name dim' }, 'to be decided'), h('span', { class: 'res' }, '')));
  return h('div', { class: `bracket-match ${state}` },
    h('ol', { class: 'bracket-teams' }, rows),
    m.note === 'bye' ? h('div', { class: 'dim small' }, m.slots > 1 ? 'bye: they go on without playing' : 'bye: goes on without playing') : null,
    m.games.length ? h('ul', { class: 'bracket-games' }, m.games.map((g) => {
      const link = replay(g);
      const winner = g.seats.find((/** @type {any} */ s) => s.rank === 1 && g.seats.filter((/** @type {any} */ x) => x.rank === 1).length === 1);
      return h('li', null,
        `Game ${g.game}`,
        grand ? h('span', null, winner ? ` \u00b7 ${winner.team} won` : ' \u00b7 draw') : null,
        g.map ? h('span', { class: 'dim' }, ` \u00b7 ${g.map}`) : null,
        link ? [' \u00b7 ', h('a', { href: link, title: 'Watch the game' }, 'replay')] : null);
    })) : null,
    state === 'waiting' && m.teams.length ? h('div', { class: 'dim small' }, 'to be played') : null);
}

/** @param {number} n */
function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

/**
 * @typedef {{teams: string[], slots: number, seeds: Map<string, number>, games: any[], advanced: string[],
 *   note: string, done: boolean, wins: Map<string, number>}} BracketMatch
 * @typedef {{name: string, grand: boolean, matches: BracketMatch[]}} BracketCol
 */

/** The seed indices dealt into m matches, snake-wise (tournament's deal). @param {number[]} bots @param {number} m */
export function deal(bots, m) {
  /** @type {number[][]} */
  const out = Array.from({ length: m }, () => []);
  bots.forEach((b, i) => {
    const row = Math.floor(i / m);
    let col = i % m;
    if (row % 2 === 1) col = m - 1 - col;
    out[col].push(b);
  });
  return out;
}

/**
 * A round of the final: the seed indices still in (more than 2, best
 * first) dealt as the server deals them (tournament.Elimination with half
 * of each game going on). A field that is not a power of 2 plays a
 * play-in of duels between its lowest seeds, the best of them against the
 * worst, down to the power of 2 below, while the top seeds have a bye; a
 * power of 2 is dealt snake-wise into games of size (one game when fewer
 * are left). Games of 4 or 2, never 3.
 * @param {number[]} alive @param {number} size
 * @returns {{matches: number[][], byes: number[]}}
 */
export function dealRound(alive, size) {
  const n = alive.length;
  let full = 2;
  while (2 * full <= n) full *= 2;
  if (n > full) {
    const duels = n - full;
    const low = alive.slice(n - 2 * duels);
    return { byes: alive.slice(0, n - 2 * duels), matches: Array.from({ length: duels }, (_, i) => [low[i], low[low.length - 1 - i]]) };
  }
  return { byes: [], matches: deal(alive, Math.max(1, Math.floor(n / size))) };
}

/**
 * The final's plan in words, for n teams in games of size.
 * @param {number} n @param {number} size
 */
export function finalPlan(n, size) {
  const first = dealRound(Array.from({ length: n }, (_, i) => i), size);
  const duels = first.byes.length ? first.matches.length : 0;
  const playIn = duels ? `first ${duels === 1 ? 'a play-in duel' : `${duels} play-in duels`} between the lowest seeds (the top ${first.byes.length} wait), then ` : '';
  return `${n} teams, ${playIn}${size === 2 ? 'duels' : `games of ${size}, the top ${size / 2} going on`}; sudden death, then a best-of-three grand final.`;
}

/**
 * The final's bracket: its columns and matches, from the server's rounds
 * once over, else from the seeds and the games played so far.
 * @param {any} final @returns {BracketCol[]}
 */
export function bracket(final) {
  /** @type {string[]} */
  const seeds = final.seeds || [];
  const seedOf = new Map(seeds.map((n, i) => [n, i + 1]));
  const size = final.size || 4;
  // The games by their set of teams: a set plays one match of the bracket.
  /** @type {Map<string, any[]>} */
  const byTeams = new Map();
  const key = (/** @type {string[]} */ names) => [...names].sort().join('\u0000');
  for (const g of final.games || []) {
    const k = key(g.seats.map((/** @type {any} */ s) => s.team));
    byTeams.set(k, [...(byTeams.get(k) || []), g]);
  }
  /** @param {string[]} teams @param {Partial<BracketMatch>} more @returns {BracketMatch} */
  const match = (teams, more) => {
    const sorted = [...teams].sort((a, b) => (seedOf.get(a) || 0) - (seedOf.get(b) || 0));
    const games = teams.length ? byTeams.get(key(teams)) || [] : [];
    /** @type {Map<string, number>} */
    const wins = new Map();
    for (const g of games) {
      const firsts = g.seats.filter((/** @type {any} */ s) => s.rank === 1);
      if (firsts.length === 1) wins.set(firsts[0].team, (wins.get(firsts[0].team) || 0) + 1);
    }
    return { teams: sorted, slots: teams.length, seeds: seedOf, games, advanced: [], note: '', done: false, wins, ...more };
  };
  if (final.rounds && final.rounds.length) {
    return final.rounds.map((/** @type {any} */ rd) => {
      const grand = rd.name === 'grand final';
      return {
        name: rd.name, grand,
        matches: rd.matches.map((/** @type {any} */ m) => match(m.bots, {
          note: m.note === 'grand final' ? '' : m.note || '', done: true,
          advanced: grand ? (m.ranking || []).slice(0, 1) : m.advanced || [],
        })),
      };
    });
  }
  /** @type {BracketCol[]} */
  const cols = [];
  let alive = seeds.map((_, i) => i);
  let known = true; // the round's teams are known: every earlier game played
  for (let round = 1; alive.length > 2; round++) {
    const { matches, byes } = dealRound(alive, size);
    /** @type {BracketCol} */
    const col = { name: `round ${round}`, grand: false, matches: [] };
    /** @type {number[]} */
    const next = [...byes];
    /** @type {boolean} */
    let complete = known;
    if (byes.length) {
      const teams = known ? byes.map((i) => seeds[i]) : [];
      col.matches.push(match(teams, { slots: byes.length, note: 'bye', advanced: teams, done: true }));
    }
    for (const g of matches) {
      if (!known) {
        col.matches.push(match([], { slots: g.length }));
        continue;
      }
      const teams = g.map((i) => seeds[i]);
      const m = match(teams, {});
      if (m.games.length) {
        // sudden death: the game's ranks, ties by seed; half go on
        const seats = m.games[0].seats;
        const rank = (/** @type {string} */ t) => (seats.find((/** @type {any} */ s) => s.team === t) || { rank: 99 }).rank;
        const order = [...teams].sort((a, b) => rank(a) - rank(b) || (seedOf.get(a) || 0) - (seedOf.get(b) || 0));
        m.advanced = order.slice(0, g.length / 2);
        m.done = true;
        next.push(...m.advanced.map((t) => seeds.indexOf(t)));
      } else {
        complete = false;
      }
      col.matches.push(m);
    }
    cols.push(col);
    // the number left when a game is to come: its top half goes on, a bye all
    alive = complete ? next.sort((a, b) => a - b) : Array.from({ length: byes.length + matches.reduce((k, g) => k + g.length / 2, 0) }, (_, i) => i);
    known = complete;
  }
  if (alive.length === 2 || (alive.length === 1 && !known)) {
    const teams = known ? alive.map((i) => seeds[i]) : [];
    const m = match(teams, { slots: 2 });
    const best = [...m.wins.entries()].sort((a, b) => b[1] - a[1]);
    if (best.length && best[0][1] >= 2) {
      m.done = true;
      m.advanced = [best[0][0]];
    }
    cols.push({ name: 'grand final', grand: true, matches: [m] });
  }
  return cols;
}

/**
 * The final's places once it is over. @param {any} final @param {string} [mine]
 */
export function standingsView(final, mine = '') {
  if (!final.standings || !final.standings.length) return null;
  return h('div', { class: 'table-wrap' }, h('table', { class: 'list board blitz-places' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Place'), h('th', null, 'Team'))),
    h('tbody', null, final.standings.map((/** @type {any} */ s) => h('tr', { class: s.name === mine ? 'mine' : null },
      h('td', { class: 'num rank' }, String(s.place)),
      h('td', { class: 'ellipsis', title: s.name }, s.name))))));
}

/**
 * Keeps a part of a page current while it is shown: f runs once the
 * element is in the document, then whenever the event's stream that the
 * page follows says the event changed (whenChanged: no timer).
 * @param {HTMLElement} el @param {() => Promise<void>} f
 */
export function keepFresh(el, f) {
  whenChanged(el, f);
}

/**
 * The organiser's cards of a jungle event: "Ranked rounds" (the schedule
 * and its form, a round now, the rounds played, the ranking) and "Final"
 * (start it, its bracket as played).
 * @param {any} ev @param {Caller} orgAPI
 * @returns {HTMLElement[]}
 */
export function organiserCards(ev, orgAPI) {
  const base = `events/${ev.id}/blitz`;
  const start = /** @type {HTMLInputElement} */ (h('input', { type: 'datetime-local', name: 'blitz-start', required: true }));
  const every = /** @type {HTMLInputElement} */ (h('input', { name: 'blitz-every', value: '1h', autocomplete: 'off', spellcheck: 'false' }));
  const size = /** @type {HTMLSelectElement} */ (h('select', { name: 'blitz-size' }, h('option', { value: '4' }, '4 teams'), h('option', { value: '2' }, '2 teams')));
  const rounds = /** @type {HTMLInputElement} */ (h('input', { type: 'number', name: 'blitz-rounds', min: 0, value: 0 }));
  const save = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Save the schedule'));
  const now = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', title: 'The server plays it at its next look, within 15 s' }, 'Run a round now'));
  const stop = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'stop-schedule', title: 'No round of the schedule starts any more; a round being played finishes' }, 'Stop the schedule'));
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const current = h('p', { class: 'schedule-now' });
  const pending = h('p', { class: 'notice info', hidden: true });
  const played = h('div');
  const ranking = h('div');
  const roundsFailing = h('div', { class: 'failing-box' });
  const finalFailing = h('div', { class: 'failing-box' });
  /** @param {string} label @param {HTMLElement} input @param {string} hint */
  const row = (label, input, hint) => h('label', { class: 'opt-row' }, h('span', null, label), input, h('span', { class: 'dim hint' }, hint));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'blitz-schedule' },
    row('First round', start, 'your local time; the server keeps it in UTC'),
    row('Interval', every, 'a duration: 30m, 1h, 1h30m (at least 1m)'),
    row('Group size', size, 'teams per game; the winner moves up a group, the loser down'),
    row('Rounds', rounds, '0: no cap'),
    h('div', { class: 'actions' }, save, stop, now)));
  const finalSize = /** @type {HTMLSelectElement} */ (h('select', { name: 'final-size', 'aria-label': 'Teams per game of the final' },
    h('option', { value: '4' }, 'games of 4 teams (the top 2 go on)'), h('option', { value: '2' }, 'duels (the winner goes on)')));
  const startFinal = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'primary' }, 'Start the final'));
  const finalMsg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const finalAsk = h('div', { class: 'actions final-ask' }, finalSize, startFinal);
  const finalState = h('p', { class: 'final-state' });
  const finalBody = h('div', { class: 'final-body' });
  const roundsCard = h('section', { class: 'card', id: 'blitz-rounds' },
    h('h2', null, 'Ranked rounds'),
    h('p', { class: 'dim' }, 'Rounds at a regular interval: the teams in groups by their rank, each group one game on a map of the pool; the winner moves up a group, the loser down.'),
    current, form, pending, msg, roundsFailing,
    h('h3', null, 'Ranking'), ranking,
    h('h3', null, 'Rounds played'), played);
  const finalCard = h('section', { class: 'card', id: 'blitz-final' },
    h('div', { class: 'card-head' }, h('h2', null, 'Final'),
      h('a', { href: `/platform/finals?event=${encodeURIComponent(ev.id)}`, target: '_blank', rel: 'noopener' }, 'Finals page \u2197')),
    h('p', { class: 'dim' }, 'Every team with a bot, seeded by the ranking; sudden death games, a best-of-three grand final.'),
    finalState, finalFailing, finalAsk, finalMsg, finalBody);
  let filled = false;
  /** @type {any} */
  let last = null;
  /** The rounds played when the organiser asked for one (-1: none asked). */
  let asked = -1;

  const refresh = async () => {
    let d;
    try {
      d = await orgAPI(base);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) say(msg, text(err));
      return;
    }
    last = d;
    const pub = d.public;
    const s = d.blitz.schedule;
    if (!filled) {
      filled = true;
      if (scheduled(s)) {
        start.value = localInput(s.start);
        every.value = duration(s.every);
        size.value = String(s.size || 4);
        rounds.value = String(s.rounds || 0);
      }
    }
    const next = nextRound(pub);
    current.dataset.state = !scheduled(s) ? 'none' : s.stopped ? 'stopped' : 'running';
    current.replaceChildren(scheduleWords(s), ...(next ? [h('b', null, ` Next round: ${when(next.toISOString())}.`)]
      : current.dataset.state === 'running' ? [` Next round: ${noNextRound(pub)}.`] : []));
    stop.hidden = current.dataset.state !== 'running';
    save.textContent = s.stopped ? 'Save and start the schedule' : 'Save the schedule';
    const asks = [];
    if (d.blitz.round_now) asks.push('A round is asked for: the server plays it at its next look (within 15 s).');
    if (d.blitz.final_size && !d.final) asks.push(`The final is asked for (games of ${d.blitz.final_size}): the server starts it once no round is being played.`);
    say(pending, asks.join(' '), 'info');
    now.disabled = !!d.blitz.round_now;
    if (asked >= 0 && pub.rounds.length > asked) {
      say(msg, `Round ${pub.rounds[pub.rounds.length - 1].number} is played: its groups are below.`, 'ok');
      asked = -1;
    }
    ranking.replaceChildren(rankingView(pub.ranking, s.size || 4));
    played.replaceChildren(roundsView(pub.rounds));
    const f = pub.final;
    finalAsk.hidden = !!f || !!d.blitz.final_size;
    finalState.textContent = f
      ? (f.done ? `Played: ${f.games.length} games.` : `Being played: ${f.games.length} games so far.`)
      : (d.blitz.final_size ? '' : 'Not started.');
    showFailing(d, roundsFailing, finalFailing);
    finalBody.replaceChildren(...(f ? [bracketView(f, { replay: (g) => (g.id ? `/platform/replay/${encodeURIComponent(g.id)}?event=${encodeURIComponent(ev.id)}` : null) }), standingsView(f) || ''] : []));
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    say(msg, '');
    if (!start.value) {
      say(msg, 'Choose when the first round starts.');
      return;
    }
    const at = new Date(start.value);
    if (Number.isNaN(at.getTime())) {
      say(msg, 'The first round\u2019s time is not a date.');
      return;
    }
    save.disabled = true;
    const wasStopped = !!(last && last.blitz.schedule.stopped);
    try {
      await orgAPI(`${base}/schedule`, { method: 'POST', body: { start: at.toISOString(), every: every.value.trim(), size: Number(size.value), rounds: Number(rounds.value) || 0 } });
      say(msg, wasStopped ? 'The schedule is saved and runs again: its first round is the next one, at the time above.' : 'The schedule is saved.', 'ok');
      await refresh();
    } catch (err) {
      say(msg, text(err));
    } finally {
      save.disabled = false;
    }
  });
  stop.addEventListener('click', async () => {
    say(msg, '');
    stop.disabled = true;
    try {
      await orgAPI(`${base}/schedule/stop`, { method: 'POST', body: {} });
      say(msg, 'The schedule is stopped: no round of it starts any more. A round being played finishes; Run a round now still plays one; save the schedule to start it again.', 'ok');
      await refresh();
    } catch (err) {
      say(msg, text(err));
    } finally {
      stop.disabled = false;
    }
  });
  now.addEventListener('click', async () => {
    say(msg, '');
    try {
      await orgAPI(`${base}/round`, { method: 'POST', body: {} });
      asked = last ? last.public.rounds.length : 0;
      say(msg, 'A round is asked for: the server plays it within 15 s, then its groups show below.', 'ok');
      await refresh();
    } catch (err) {
      say(msg, text(err));
    }
  });
  startFinal.addEventListener('click', async () => {
    if (!confirm('Start the final? Every team with a bot plays it, seeded by the current ranking; it cannot be started twice.')) return;
    say(finalMsg, '');
    try {
      await orgAPI(`${base}/final`, { method: 'POST', body: { size: Number(finalSize.value) } });
      say(finalMsg, 'The final is asked for: the server starts it once no round is being played.', 'ok');
      await refresh();
    } catch (err) {
      say(finalMsg, text(err));
    }
  });
  keepFresh(finalCard, refresh);
  return [roundsCard, finalCard];
}

/**
 * The games of the rounds and of the final that the platform cannot play,
 * each in its card, and the server's failing look in the card of what it
 * was looking at: the game its error names, else the final once asked or
 * started, else the rounds. Empty boxes when nothing fails.
 * @param {any} d the organiser's Blitz answer
 * @param {HTMLElement} rounds @param {HTMLElement} final
 */
function showFailing(d, rounds, final) {
  const games = d.failing || [];
  const look = d.look_error || null;
  const named = look ? /^game (ranked|final)-/.exec(look.error || '') : null;
  const atFinal = !!look && (named ? named[1] === 'final' : !!(d.public.final || d.blitz.final_size));
  const views = [
    failingView(games.filter((/** @type {any} */ g) => g.kind !== 'final'), atFinal ? null : look),
    failingView(games.filter((/** @type {any} */ g) => g.kind === 'final'), atFinal ? look : null),
  ];
  rounds.replaceChildren(...(views[0] ? [views[0]] : []));
  final.replaceChildren(...(views[1] ? [views[1]] : []));
}

/** A date of the API as a datetime-local field's value (local time). @param {string} iso */
function localInput(iso) {
  const d = new Date(iso);
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * The team's card of a jungle event: its rank and group, the next round,
 * its last move, the finals page, and how to play a bot from its own
 * machine against the server (casual games over WebSocket).
 * @param {any} team @param {Caller} teamAPI @param {() => string} tok the team's token
 */
export function teamCard(team, teamAPI, tok) {
  const standing = h('div', { class: 'blitz-standing' }, h('span', { class: 'dim' }, 'Loading\u2026'));
  const card = h('section', { class: 'card', id: 'blitz' },
    h('div', { class: 'card-head' }, h('h2', null, 'Ranked rounds'), h('a', { href: '/platform/finals' }, 'Finals page')),
    standing,
    playBox(tok));
  keepFresh(card, async () => {
    try {
      standing.replaceChildren(...standingOf(await teamAPI('blitz'), team.name));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) standing.replaceChildren(h('p', { class: 'notice error' }, text(err)));
    }
  });
  return card;
}

/** The team's rank, group, next round and last move. @param {any} d @param {string} name @returns {HTMLElement[]} */
function standingOf(d, name) {
  const size = (d.schedule && d.schedule.size) || 4;
  const mine = (d.ranking || []).find((/** @type {any} */ r) => r.team === name);
  const next = nextRound(d);
  /** @type {[string, import('/player.js').Child][]} */
  const rows = [];
  rows.push(['Your rank', mine
    ? h('b', { class: 'my-rank' }, `#${mine.rank} of ${d.ranking.length}, group ${Math.ceil(mine.rank / size)}`)
    : 'not ranked yet: a round ranks every team with a ready bot (a newcomer starts at the bottom)']);
  rows.push(['Next round', next ? when(next.toISOString())
    : !scheduled(d.schedule) ? 'not scheduled yet'
      : d.schedule.stopped ? 'none scheduled: the organiser stopped the rounds\u2019 schedule' : noNextRound(d)]);
  const rounds = d.rounds || [];
  const lastRound = rounds[rounds.length - 1];
  if (lastRound && lastRound.groups) {
    const g = lastRound.groups.matches.find((/** @type {any} */ m) => m.bots.includes(name));
    if (g) {
      const move = moveOf(g, name);
      const place = (g.ranking || []).indexOf(name);
      rows.push([`Round ${lastRound.number}`, h('span', null, place >= 0 ? `${ordinal(place + 1)} of ${g.bots.length} in your group, ` : `${g.note || ''} `,
        move === 'up' ? 'moved up' : move === 'down' ? 'moved down' : 'stayed')]);
    }
  }
  if (d.final) rows.push(['Final', d.final.done ? 'played: see the finals page' : 'being played: follow it on the finals page']);
  return [h('dl', { class: 'facts' }, rows.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)]))];
}

/**
 * The public page's cards: the ranking and the rounds played, and the
 * final's bracket and places once it started, as the teams see them.
 * @param {any} d the teams' document (GET blitz) @param {import('/platform/formats.js').PublicLinks} o
 * @returns {HTMLElement[]}
 */
function publicCards(d, o) {
  const cards = [h('section', { class: 'card public-blitz' }, h('h2', null, 'Ranked rounds'),
    rankingView(d.ranking, (d.schedule && d.schedule.size) || 4), h('h3', null, 'Rounds played'), roundsView(d.rounds))];
  const f = d.final;
  if (f) {
    const places = standingsView(f);
    cards.push(h('section', { class: 'card public-final' },
      h('h2', null, f.done ? 'Final' : 'Final · being played'),
      h('p', { class: 'dim' }, `${finalPlan(f.seeds.length, f.size)} ${f.games.length} games played.`),
      bracketView(f, { replay: (g) => (g.id ? o.replay(g.id) : null) }),
      ...(places ? [h('h3', null, 'Places'), places] : [])));
  }
  return cards;
}

/**
 * How to connect a bot run on the team's machine (the 2022 way): the
 * address and the first message, with the token hidden until asked.
 * @param {() => string} tok
 */
function playBox(tok) {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/platform/play`;
  const hidden = '{"type":"REGISTER","token":"team-\u2026"}';
  const first = h('code', { class: 'first-message' }, hidden);
  const show = h('button', { type: 'button', class: 'small-button' }, 'Show the token');
  show.addEventListener('click', () => {
    const shown = first.textContent !== hidden;
    first.textContent = shown ? hidden : JSON.stringify({ type: 'REGISTER', token: tok() });
    show.textContent = shown ? 'Show the token' : 'Hide the token';
  });
  return h('details', { class: 'group play-local' },
    h('summary', null, 'Play from your machine'),
    h('p', null, 'Your bot can play a casual game from your own computer, as in 2022: it connects to'),
    h('p', null, h('code', { class: 'play-url' }, url)),
    h('p', null, 'and sends first (within 10 s) its registration with your team\u2019s token:'),
    h('p', { class: 'token-line' }, first, ' ', show),
    h('p', { class: 'dim' }, 'The server plays it one game against the team whose rating is closest (the house bot when no other team has a bot), then closes the connection: connect again for another game. ',
      'The game shows in your matches with its replay and does not change your rating. One local bot per team at a time. Keep the token secret: it is your team\u2019s password.'));
}

/**
 * Coveo Blitz's parts of the pages, by the format's name "blitz"
 * (formats.js): the organiser's Ranked rounds and Final cards, the final
 * being its tournament; the team's card above the leaderboard; the 2022
 * game page's line of its ranked and final games; and the final's games,
 * which every team of the event may watch (from GET blitz).
 * @type {import('/platform/formats.js').FormatPage}
 */
export const page = {
  organiserCards: (ev, call) => organiserCards(ev, call),
  publicCards: (d, o) => publicCards(d, o),
  finalNote: 'The final is the tournament of the Final card below.',
  teamCards: (team, call, tok) => [teamCard(team, call, tok)],
  matchLine: gameLine,
  shownGame: async (id, call) => {
    const d = await call('blitz');
    return ((d.final && d.final.games) || []).find((/** @type {any} */ g) => String(g.id) === id);
  },
};
