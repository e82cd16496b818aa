// @ts-check
// The Cod'INSA 2025 final of a catmouse event (docs/events.md), on the
// organiser's page and the team's page.
//
// The organiser publishes the map, spawn set 0 and the secret set 9,
// follows the teams' proposals and votes (with the set the vote chooses,
// shown to the organiser alone), closes the vote, starts the round robin
// and follows its matches and table. A team sees the map and set 0,
// proposes its set, votes for another team's set until the vote closes,
// and sees the final's table once the organiser publishes the results.
// The team's side asks only the team routes, which never tell the secret
// set, the other teams' votes nor the chosen set: the page cannot show
// what it never receives.
import { h, API, token, say, userMessage, ApiError, failingView, whenChanged } from '/platform/common.js';

/** @typedef {(path: string, o?: {method?: string, body?: any}) => Promise<any>} Caller */

/** What the cards' refreshes answer (keepCurrent once waited as long before the next). */
const PLAYING_EVERY = 2000;
const IDLE_EVERY = 5000;

/** @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Keeps a card current by the event's stream (whenChanged: no timer);
 * f's answer, the wait its card once asked for, is no longer needed.
 * @param {HTMLElement} el @param {() => Promise<number>} f
 */
function keepCurrent(el, f) {
  whenChanged(el, f);
}

/**
 * What a spawn file places, for people: "mouse (0, 0); cats (0, -5), (0, 5)".
 * @param {string} file
 */
export function placement(file) {
  let mouse = '';
  /** @type {string[]} */
  const cats = [];
  for (const line of (file || '').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f[0] === 'MOUSE' && f.length >= 3) mouse = `(${f[1]}, ${f[2]})`;
    if (f[0] === 'CAT' && f.length >= 3) cats.push(`(${f[1]}, ${f[2]})`);
  }
  return `mouse ${mouse || '?'}; ${cats.length === 1 ? 'cat' : 'cats'} ${cats.join(', ') || '?'}`;
}

/**
 * A spawn set as its placement, the file itself folded under it.
 * @param {string} file @param {string} [label]
 */
function spawnSet(file, label = 'the file') {
  return h('div', { class: 'spawn-set' },
    h('span', { class: 'placement' }, placement(file)),
    h('details', null, h('summary', null, label), h('pre', { class: 'spawn-file' }, file)));
}

/** The published map: the game's default one, or the file. @param {string} map */
function mapView(map) {
  if (!map || !map.trim()) return h('span', null, 'the game\u2019s default map (', h('code', null, 'arena maps catmouse'), ' shows it)');
  const name = (/^NAME\s+(.+)$/m.exec(map) || [])[1];
  return h('details', null, h('summary', null, name ? `map ${name}` : 'the map file'), h('pre', { class: 'spawn-file' }, map));
}

/**
 * A text area for a file with a picker beside it that fills it.
 * @param {string} name @param {string} label @param {string} hint @param {string} placeholder
 */
function fileField(name, label, hint, placeholder) {
  const area = /** @type {HTMLTextAreaElement} */ (h('textarea', { name, rows: 7, spellcheck: 'false', class: 'file-text', placeholder }));
  const pick = /** @type {HTMLInputElement} */ (h('input', { type: 'file', name: `${name}-file`, accept: '.txt,.spawn,.spawns,.map,text/plain', 'aria-label': `${label}: a file` }));
  const msg = h('span', { class: 'dim' });
  pick.addEventListener('change', async () => {
    const f = pick.files && pick.files[0];
    if (!f) return;
    if (f.size > 64 << 10) {
      msg.textContent = `${f.name} is ${f.size} bytes: a spawn set or a map is a few lines.`;
      return;
    }
    area.value = await f.text();
    msg.textContent = `from ${f.name}`;
    pick.value = '';
  });
  const field = h('label', { class: 'field' }, h('span', null, h('b', null, label), ' ', h('span', { class: 'dim' }, hint)), area,
    h('span', { class: 'file-pick' }, pick, msg));
  return { field, area };
}

// ---------------------------------------------------------------------
// The organiser's side.

/**
 * The Cod'INSA cards of a catmouse event on the organiser's page: the
 * spawn vote and the final. call is the organiser page's API call (paths
 * under organiser/).
 * @param {any} ev @param {Caller} call @returns {HTMLElement[]}
 */
export function organiserCodinsa(ev, call) {
  const vote = spawnVoteCard(ev, call);
  const final = finalCard(ev, call);
  vote.onChange = final.refresh;
  return [vote.card, final.card];
}

/**
 * The organiser's spawn vote: publish, proposals, votes, the choice, close.
 * @param {any} ev @param {Caller} call
 */
function spawnVoteCard(ev, call) {
  const path = `events/${ev.id}/spawns`;
  const badge = h('span', { class: 'status queued' }, '\u2026');
  const mapF = fileField('map', 'Map', '(empty: the game\u2019s default map)', 'CATMOUSE-MAP 1\n\u2026');
  const set0F = fileField('set0', 'Set 0', 'published to the teams, played in game 1', 'CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND');
  const secretF = fileField('secret', 'Set 9', 'secret, played in game 3; never shown to a team', 'CATMOUSE-SPAWN 1\nID 9\n\u2026\nEND');
  const publish = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Publish'));
  const pubMsg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'publish-spawns' },
    mapF.field, set0F.field, secretF.field, h('div', { class: 'actions' }, publish)));
  // Once published, the files fold away (open to change them).
  const foldTitle = h('summary', null, 'The map and sets 0 and 9');
  const fold = /** @type {HTMLDetailsElement} */ (h('details', { class: 'group publish-box', open: true }, foldTitle, form));
  const published = h('div', { class: 'published', hidden: true });
  const proposals = h('tbody');
  const votes = h('div', { class: 'votes' });
  const choice = h('div', { class: 'choice', hidden: true });
  const close = /** @type {HTMLButtonElement} */ (h('button', { type: 'button' }, 'Close the vote'));
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const card = h('section', { class: 'card codinsa', id: 'spawn-vote' },
    h('div', { class: 'card-head' }, h('h2', null, 'Spawn vote'), badge),
    h('p', { class: 'dim' }, 'Publish the map and set 0 (the teams see them) with the secret set 9. Each team proposes one set, checked on the map, and votes for another team\u2019s set; the set with most votes plays game 2 of every match of the final (a tie goes to the lowest id) and is never announced.'),
    fold, pubMsg, published,
    h('h3', null, 'Proposals'),
    h('div', { class: 'table-wrap' }, h('table', { class: 'list proposals' },
      h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Set'), h('th', null, 'Team'), h('th', null, 'Placement'), h('th', null, 'Valid'),
        h('th', { class: 'num' }, 'Votes'), h('th', null, 'Voted by'))),
      proposals)),
    votes, choice,
    h('div', { class: 'actions' }, close), msg);
  const self = { card, onChange: /** @type {() => Promise<number>} */ (async () => IDLE_EVERY) };
  /** @type {any} */
  let last = null;
  let filled = false;

  const refresh = async () => {
    let s;
    let teams;
    try {
      [s, teams] = await Promise.all([call(path), call(`events/${ev.id}/teams`)]);
    } catch (err) {
      say(msg, text(err));
      return IDLE_EVERY;
    }
    if (!msg.classList.contains('ok')) say(msg, '');
    last = s;
    render(s, teams);
    return IDLE_EVERY;
  };

  /** @param {any} s @param {any[]} teams */
  const render = (s, teams) => {
    const st = s.state || {};
    /** @type {Record<string, string>} */
    const names = {};
    for (const t of teams || []) names[String(t.id)] = t.name;
    const nameOf = (/** @type {any} */ id) => names[String(id)] || `team ${id}`;
    badge.className = `status ${st.closed ? 'failed' : st.published ? 'ready' : 'queued'}`;
    badge.textContent = st.closed ? 'closed' : st.published ? 'open' : 'not published';
    // The form keeps what the organiser types: it is filled once, from
    // what was published.
    if (!filled && st.published) {
      mapF.area.value = st.map || '';
      set0F.area.value = st.set0 || '';
      secretF.area.value = st.secret || '';
      filled = true;
      fold.open = false;
    }
    publish.textContent = st.published ? 'Publish again' : 'Publish';
    foldTitle.textContent = st.published ? 'Published: the map and sets 0 and 9 (open to change them)' : 'The map and sets 0 and 9';
    fold.hidden = !!st.closed;
    published.hidden = !st.closed;
    if (st.closed) {
      published.replaceChildren(h('dl', { class: 'facts' },
        h('dt', null, 'Map'), h('dd', null, mapView(st.map)),
        h('dt', null, 'Set 0'), h('dd', null, spawnSet(st.set0)),
        h('dt', null, 'Set 9 (secret)'), h('dd', null, spawnSet(st.secret))));
    }
    const votesBy = /** @type {Record<number, string[]>} */ ({});
    const byTeam = st.votes || {};
    for (const [team, id] of Object.entries(byTeam)) (votesBy[id] = votesBy[id] || []).push(nameOf(team));
    const tally = s.tally || {};
    const props = st.proposals || [];
    proposals.replaceChildren(...(props.length ? props.map((/** @type {any} */ p) => h('tr', { class: p.id === s.chosen && st.closed ? 'mine' : null, dataset: { set: p.id } },
      h('td', { class: 'num' }, String(p.id)),
      h('td', { class: 'ellipsis', title: nameOf(p.team) }, nameOf(p.team)),
      h('td', { class: 'placement' }, spawnSet(p.set)),
      h('td', null, h('span', { class: 'status ready', title: 'Checked on the published map when it was proposed: an invalid set is refused and gets no id' }, 'valid')),
      h('td', { class: 'num votes-count' }, String(tally[p.id] || 0)),
      h('td', { class: 'voters' }, (votesBy[p.id] || []).sort().join(', ') || '\u2013')))
      : [h('tr', null, h('td', { colspan: 6, class: 'dim' }, st.published ? 'No proposal yet.' : 'The teams propose once the map and set 0 are published.'))]));
    const voted = Object.keys(byTeam).length;
    const silent = (teams || []).filter((t) => !(String(t.id) in byTeam)).map((t) => t.name);
    const label = (/** @type {string} */ v) => v.replace(/\bteam(\d+)\b/g, (_, id) => nameOf(id));
    votes.replaceChildren(
      h('p', null, h('b', null, `${voted} of ${(teams || []).length} teams voted.`),
        silent.length ? h('span', { class: 'dim' }, ` Not voted: ${silent.join(', ')}.`) : null),
      ...(s.void || []).map((/** @type {string} */ v) => h('p', { class: 'dim' }, `Void vote: ${label(v)}.`)));
    choice.hidden = !st.published;
    const chosen = props.find((/** @type {any} */ p) => p.id === s.chosen);
    choice.replaceChildren(
      h('h3', null, st.closed ? 'The chosen set' : 'The set the vote chooses now', ' ', h('span', { class: 'kind-tag' }, 'organiser only')),
      h('p', null, h('b', null, `Set ${s.chosen}`), chosen ? ` (${nameOf(chosen.team)})` : s.chosen === 0 ? ' (no team set)' : '', ` \u2013 ${label(s.reason || '')}.`),
      h('p', { class: 'dim' }, 'No team is told which set plays game 2.'));
    close.hidden = !!st.closed || !st.published;
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    publish.disabled = true;
    try {
      await call(path, { method: 'POST', body: { map: mapF.area.value, set0: set0F.area.value, secret: secretF.area.value } });
      say(pubMsg, 'Published: the teams see the map and set 0, and may propose their sets.', 'ok');
      await refresh();
    } catch (err) {
      say(pubMsg, `Not published: ${text(err)}`);
    } finally {
      publish.disabled = false;
    }
  });
  close.addEventListener('click', async () => {
    const n = last && last.state && last.state.proposals ? last.state.proposals.length : 0;
    if (!confirm(`Close the vote? No team may propose or vote any more (${n} team sets). The final then plays set ${last ? last.chosen : '?'} in game 2.`)) return;
    close.disabled = true;
    try {
      await call(`${path}/close`, { method: 'POST', body: {} });
      say(msg, 'The vote is closed: the final may start.', 'ok');
      await refresh();
      await self.onChange();
    } catch (err) {
      say(msg, text(err));
    } finally {
      close.disabled = false;
    }
  });
  keepCurrent(card, refresh);
  return self;
}

/**
 * The organiser's final: start it (the vote closed), its progress while
 * it plays, its matches and its table.
 * @param {any} ev @param {Caller} call
 */
function finalCard(ev, call) {
  const badge = h('span', { class: 'status queued' }, '\u2026');
  const seed = /** @type {HTMLInputElement} */ (h('input', { type: 'number', name: 'seed', min: 1, step: 1, placeholder: 'drawn', 'aria-label': 'The first match\u2019s seed (optional)', class: 'seed' }));
  const start = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'primary' }, 'Start the final'));
  const startBox = h('div', { class: 'actions start-final' }, h('label', { class: 'check inline' }, 'Seed ', seed, h('span', { class: 'dim' }, ' (optional)')), start);
  const state = h('p', { class: 'final-state' });
  const bar = /** @type {HTMLProgressElement} */ (h('progress', { max: 1, value: 0, hidden: true, class: 'final-progress' }));
  const matches = h('div', { class: 'final-matches' });
  const table = h('div', { class: 'final-table' });
  const failing = h('div', { class: 'failing-box' });
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const card = h('section', { class: 'card codinsa', id: 'codinsa-final' },
    h('div', { class: 'card-head' }, h('h2', null, 'Final'), badge),
    h('p', { class: 'dim' }, 'A round robin of the teams with a ready bot: every pair plays one match of three games (sets 0, the voted set, 9), each of two legs with the roles swapped. A match won is 3 points, a draw 1; ties are broken by game wins, then the turn difference, then (between two teams) their match.'),
    startBox, state, bar, failing, matches, table, msg);
  /** @type {any} */
  let closed = null;

  const refresh = async () => {
    let spawns;
    try {
      spawns = await call(`events/${ev.id}/spawns`);
    } catch (err) {
      say(msg, text(err));
      return IDLE_EVERY;
    }
    closed = !!(spawns.state && spawns.state.closed);
    // GET codinsa answers 404 until the final starts: it is asked only
    // once the spawn route says the final has begun.
    /** @type {any} */
    let f = null;
    if (spawns.final_started) {
      try {
        f = await call(`events/${ev.id}/codinsa`);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) say(msg, text(err));
      }
    }
    // The event's recorded games: their replays, and the games played so
    // far (a match enters the final's record once its three games are).
    let recorded = { links: new Map(), games: 0 };
    if (f) {
      try {
        recorded = gameLinks(await call(`events/${ev.id}/matches`), (id) => `/platform/replay/${encodeURIComponent(id)}?event=${encodeURIComponent(ev.id)}`);
      } catch {
        recorded = { links: new Map(), games: 0 }; // the table still shows; the Matches card lists the games
      }
    }
    render(f, recorded);
    return f && !f.done ? PLAYING_EVERY : IDLE_EVERY;
  };

  /** @param {any} f @param {{links: Map<number, HTMLElement>, games: number}} recorded */
  const render = (f, recorded) => {
    startBox.hidden = !!f;
    start.disabled = !closed;
    start.title = closed ? '' : 'Close the spawn vote first: the final plays the voted set';
    if (!f) {
      badge.className = 'status queued';
      badge.textContent = 'not started';
      state.textContent = closed ? 'The vote is closed: the final may start.' : 'Close the spawn vote first: the final plays the voted set.';
      bar.hidden = true;
      failing.replaceChildren();
      matches.replaceChildren();
      table.replaceChildren();
      return;
    }
    const n = (f.teams || []).length;
    const total = (n * (n - 1)) / 2;
    const played = Object.values(f.matches || {});
    // (the event's match list holds the recent games only: never fewer than the record's)
    const games = Math.max(recorded.games, played.reduce((k, m) => k + ((m && m.games) ? m.games.length : 0), 0));
    badge.className = `status ${f.done ? 'ready' : 'building'}`;
    badge.textContent = f.done ? 'over' : 'playing';
    if (f.done && msg.classList.contains('ok')) say(msg, '');
    state.replaceChildren(h('span', null,
      h('b', { class: 'progress-text' }, `${games} of ${total * 3} games played`), ` (${played.length} of ${total} matches)`,
      // a drawn seed (64 bits) would be rounded by a JavaScript number: only an exact one shows
      h('span', { class: 'dim' }, ` \u00b7 ${n} teams${Number.isSafeInteger(f.seed) ? ` \u00b7 seed ${f.seed}` : ''} \u00b7 game 2 plays set ${f.set}`),
      !f.done && !played.length && f.asked ? h('span', { class: 'dim' }, ' \u00b7 the server starts it shortly') : null,
      !f.done && !f.asked ? h('span', { class: 'dim' }, ' \u00b7 begun by arena event roundrobin, which plays it') : null,
      f.done ? h('span', { class: 'dim' }, f.published ? ' \u00b7 the results are published: the teams see the table'
        : ' \u00b7 publish the results (Controls) so that the teams see the table') : null));
    bar.hidden = !!f.done;
    bar.max = Math.max(1, total * 3);
    bar.value = games;
    // the games the platform cannot play, and its failing look
    const trouble = failingView(f.failing, f.look_error);
    failing.replaceChildren(...(trouble ? [trouble] : []));
    /** @type {Record<string, string>} */
    const names = {};
    (f.teams || []).forEach((/** @type {number} */ id, /** @type {number} */ i) => { names[String(id)] = f.names[i]; });
    const rows = played.filter((m) => m && m.result && m.result.players && m.result.players.length === 2)
      .sort((a, b) => a.index - b.index)
      .map((m) => {
        const [a, b] = m.result.players;
        const first = names[String(m.teams[0])];
        const other = names[String(m.teams[1])];
        const winner = a.rank < b.rank ? first : b.rank < a.rank ? other : 'draw';
        return matchRow(m.index + 1, first, other, stat(a, 'wins'), stat(b, 'wins'), stat(a, 'own'), stat(b, 'own'), winner, m.result.summary || '', '', recorded.links.get(m.index + 1));
      });
    matches.replaceChildren(h('h3', null, 'Matches'), matchTable(rows, 'No match played yet.'));
    table.replaceChildren(...(f.done && f.standings ? [h('h3', null, 'Table'), standingsTable((f.standings || []).map((/** @type {any} */ s) => ({
      place: s.place, team: s.name, points: s.matchPoints || 0, wins: s.wins || 0, draws: s.draws || 0, losses: s.losses || 0,
      gameWins: s.gameWins || 0, turnDifference: s.turnDifference || 0,
    })), '')] : []));
  };

  start.addEventListener('click', async () => {
    const s = seed.value.trim();
    if (s && !(/^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)))) {
      say(msg, `The seed is a whole number from 1 to ${Number.MAX_SAFE_INTEGER} (or empty: the server draws one).`);
      return;
    }
    if (!confirm('Start the final? The teams\u2019 active bots now play it; the server plays every match of the round robin.')) return;
    start.disabled = true;
    try {
      await call(`events/${ev.id}/codinsa/final`, { method: 'POST', body: s ? { seed: Number(s) } : {} });
      say(msg, 'The final has started.', 'ok');
    } catch (err) {
      say(msg, text(err));
    }
    await refresh();
  });
  keepCurrent(card, refresh);
  return { card, refresh };
}

/** What each game of a match plays (rules §8.1). */
const GAME_SETS = ['set 0', 'the voted set', 'set 9'];

/**
 * The replay links of each match of the final, by match number (its
 * games are recorded as final matches whose round is the match's
 * number), and how many of the final's games the list holds.
 * @param {any[]} list the event's or the team's matches
 * @param {(id: number) => string} href a game's replay page
 * @returns {{links: Map<number, HTMLElement>, games: number}}
 */
function gameLinks(list, href) {
  /** @type {Map<number, any[]>} */
  const games = new Map();
  let count = 0;
  for (const m of list || []) {
    if (m.kind !== 'final' || !m.round || !m.replay) continue; // a game that failed is played again
    count++;
    games.set(m.round, [...(games.get(m.round) || []), m]);
  }
  /** @type {Map<number, HTMLElement>} */
  const out = new Map();
  for (const [round, ms] of games) {
    ms.sort((a, b) => a.id - b.id); // recorded in the order they were played
    out.set(round, h('span', { class: 'game-links' }, ms.map((m, k) => h('a', { href: href(m.id), title: `game ${k + 1}${GAME_SETS[k] ? `, on ${GAME_SETS[k]}` : ''}: its replay` }, `game ${k + 1}`))));
  }
  return { links: out, games: count };
}

/** An integer statistic of a match result. @param {any} pr @param {string} key */
function stat(pr, key) {
  const v = pr && pr.stats ? pr.stats[key] : undefined;
  return typeof v === 'number' ? v : 0;
}

/**
 * A match of the final as a table row.
 * @param {number} n @param {string} first @param {string} other @param {number} winsA @param {number} winsB
 * @param {number} ownA @param {number} ownB @param {string} winner @param {string} summary @param {string} [mine]
 * @param {HTMLElement} [games] the links to its games' replays
 */
function matchRow(n, first, other, winsA, winsB, ownA, ownB, winner, summary, mine = '', games = undefined) {
  return h('tr', { class: mine && (first === mine || other === mine) ? 'mine' : null, title: summary || null },
    h('td', { class: 'num' }, String(n)),
    h('td', { class: 'seats' }, h('span', { class: 'seat', title: 'cats first in games 1 and 3' }, first), h('span', { class: 'dim' }, ' vs '), h('span', { class: 'seat' }, other)),
    h('td', { class: 'num' }, `${winsA} \u2013 ${winsB}`),
    h('td', { class: 'num', title: 'the sum of each team\u2019s own results (catch turns; fewer is better)' }, `${ownA} \u2013 ${ownB}`),
    h('td', null, winner === 'draw' ? h('span', { class: 'result draw' }, 'draw') : h('span', { class: 'result won' }, winner)),
    h('td', { class: 'nowrap row-actions' }, games || ''));
}

/** @param {HTMLElement[]} rows @param {string} empty */
function matchTable(rows, empty) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'list final-matches' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, '#'), h('th', null, 'Teams'), h('th', { class: 'num' }, 'Game wins'),
      h('th', { class: 'num' }, 'Own results'), h('th', null, 'Winner'), h('th', null, 'Replays'))),
    h('tbody', null, rows.length ? rows : h('tr', null, h('td', { colspan: 6, class: 'dim' }, empty)))));
}

/**
 * The final's table.
 * @param {{place: number, team: string, points: number, wins: number, draws: number, losses: number, gameWins: number, turnDifference: number}[]} rows
 * @param {string} mine the reader's team ('' for the organiser)
 */
function standingsTable(rows, mine) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'list board standings' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Place'), h('th', null, 'Team'), h('th', { class: 'num' }, 'Points'),
      h('th', { class: 'num', title: 'matches won / drawn / lost' }, 'W / D / L'), h('th', { class: 'num' }, 'Game wins'),
      h('th', { class: 'num', title: 'the sum over every game of the opponent\u2019s own result minus the team\u2019s' }, 'Turn difference'))),
    h('tbody', null, rows.map((r) => h('tr', { class: mine && r.team === mine ? 'mine' : null },
      h('td', { class: 'num rank' }, String(r.place)),
      h('td', { class: 'ellipsis', title: r.team }, r.team),
      h('td', { class: 'num' }, String(r.points)),
      h('td', { class: 'num' }, `${r.wins} / ${r.draws} / ${r.losses}`),
      h('td', { class: 'num' }, String(r.gameWins)),
      h('td', { class: 'num' }, r.turnDifference > 0 ? `+${r.turnDifference}` : String(r.turnDifference)))))));
}

// ---------------------------------------------------------------------
// The team's side.

/**
 * Sends the team's spawn set as the request's body (text, as the route
 * takes a file).
 * @param {string} file @returns {Promise<any>}
 */
async function proposeSet(file) {
  let res;
  try {
    res = await fetch(`${API}spawns`, {
      method: 'POST', cache: 'no-store', body: file,
      headers: { Authorization: `Bearer ${token('team')}`, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached: check your connection, or whether the server still runs.');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (res.status === 413) throw new ApiError(413, (data && data.error) || 'The file is too large for a spawn set.');
  if (!res.ok) throw new ApiError(res.status, userMessage(res.status, data && data.error, 'team'));
  return data;
}

/**
 * The Cod'INSA cards of a catmouse event on a team's page: the spawn
 * vote and the final's table. call is the team page's API call.
 * @param {any} team @param {Caller} call @returns {HTMLElement[]}
 */
export function teamCodinsa(team, call) {
  return [teamVoteCard(call), teamFinalCard(team, call)];
}

/** The team's spawn vote: the map and set 0, its proposal, its vote. @param {Caller} call */
function teamVoteCard(call) {
  const badge = h('span', { class: 'status queued' }, '\u2026');
  const body = h('div', { class: 'vote-body' });
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const card = h('section', { class: 'card codinsa', id: 'spawn-vote' },
    h('div', { class: 'card-head' }, h('h2', null, 'Spawn vote'), badge),
    h('p', { class: 'dim' }, 'Every match of the final plays three games: set 0 below, a team set chosen by the teams\u2019 votes (not announced), and the organiser\u2019s secret set. Each team proposes one set and votes for another team\u2019s set.'),
    body, msg);
  const propose = proposalForm(async () => { await refresh(); });
  /** @type {any} */
  let last = null;
  let choice = 0;

  const refresh = async () => {
    let v;
    try {
      v = await call('spawns');
    } catch (err) {
      say(msg, text(err));
      return IDLE_EVERY;
    }
    // Nothing changed: the page stays as it is (a radio button the team
    // picked stays picked).
    const key = JSON.stringify(v);
    if (last && key === JSON.stringify(last)) return IDLE_EVERY;
    last = v;
    render(v);
    return IDLE_EVERY;
  };

  /** @param {any} v */
  const render = (v) => {
    badge.className = `status ${v.closed ? 'failed' : v.published ? 'ready' : 'queued'}`;
    badge.textContent = v.closed ? 'closed' : v.published ? 'open' : 'not published';
    if (!v.published) {
      body.replaceChildren(h('p', null, 'The organiser has not published the map and set 0 yet: proposals open then.'));
      return;
    }
    const sets = v.sets || [];
    const own = sets.find((/** @type {any} */ s) => s.id === v.own);
    const others = sets.filter((/** @type {any} */ s) => s.id !== v.own);
    body.replaceChildren(
      h('dl', { class: 'facts' },
        h('dt', null, 'Map'), h('dd', null, mapView(v.map)),
        h('dt', null, 'Set 0'), h('dd', { class: 'set0' }, spawnSet(v.set0))),
      h('h3', null, 'Your set'),
      own ? h('div', { class: 'own-set' },
        h('p', null, h('b', null, `Set ${own.id}`), ', your team\u2019s:'), spawnSet(own.set),
        h('p', { class: 'dim' }, 'Each team proposes one set (the rules\u2019 D3): it cannot be replaced.'))
        : v.closed ? h('p', { class: 'dim' }, 'Your team proposed no set.') : propose.form,
      h('h3', null, 'Your vote'),
      voteBox(v, others));
  };

  /** @param {any} v @param {any[]} others */
  const voteBox = (v, others) => {
    const current = others.find((s) => s.id === v.vote);
    const now = h('p', { class: 'current-vote' }, current ? [h('b', null, `You vote for set ${current.id}`), ` (${current.team}).`] : 'Your team has not voted.');
    if (v.closed) return h('div', null, now, h('p', { class: 'dim' }, 'The vote is closed.'));
    if (!others.length) return h('div', null, now, h('p', { class: 'dim' }, 'No other team has proposed a set yet: you vote for another team\u2019s set, never your own.'));
    choice = v.vote || 0;
    const button = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, current ? 'Change the vote' : 'Vote'));
    const voteMsg = h('p', { class: 'notice', hidden: true, role: 'alert' });
    const form = /** @type {HTMLFormElement} */ (h('form', { class: 'vote' },
      h('div', { class: 'set-list', role: 'radiogroup', 'aria-label': 'The other teams\u2019 sets' }, others.map((s) => {
        const radio = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name: 'set', value: s.id, checked: s.id === v.vote }));
        radio.addEventListener('change', () => { choice = s.id; });
        return h('label', { class: s.id === v.vote ? 'set-choice voted' : 'set-choice', dataset: { set: s.id } }, radio,
          h('span', { class: 'set-name' }, h('b', null, `Set ${s.id}`), ` \u2013 ${s.team}`), spawnSet(s.set));
      })),
      h('div', { class: 'actions' }, button, h('span', { class: 'dim' }, 'You may change your vote until the organiser closes it.')), voteMsg));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (!choice) {
        say(voteMsg, 'Choose a set first.');
        return;
      }
      button.disabled = true;
      try {
        await call('spawns/vote', { method: 'POST', body: { set: choice } });
        await refresh();
        say(msg, `Your vote for set ${choice} is recorded.`, 'ok');
      } catch (err) {
        say(voteMsg, text(err));
        button.disabled = false;
      }
    });
    return h('div', null, now, form);
  };

  keepCurrent(card, refresh);
  return card;
}

/**
 * The form of the team's proposal: a set pasted or read from a file; the
 * server's refusal says what is wrong with it.
 * @param {() => Promise<void>} done
 */
function proposalForm(done) {
  const f = fileField('proposal', 'Your spawn set', 'the rules\u2019 format; its ID and NAME become your set\u2019s', 'CATMOUSE-SPAWN 1\nID 1\nMOUSE q r\nCAT q r\nCAT q r\nEND');
  const button = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Propose this set'));
  const msg = h('div', { class: 'notice', hidden: true, role: 'alert' });
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'propose' }, f.field,
    h('p', { class: 'dim' }, 'Every piece on a plain cell of the map, on distinct cells, one MOUSE and 1 to 4 CAT lines, every cat at least 5 steps from the mouse. One set a team, and it cannot be replaced: check it first.'),
    h('div', { class: 'actions' }, button), msg));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!f.area.value.trim()) {
      say(msg, 'Paste your set or choose its file first.');
      return;
    }
    button.disabled = true;
    try {
      const out = await proposeSet(f.area.value);
      f.area.value = '';
      say(msg, `Your set is set ${out.id}.`, 'ok');
      await done();
    } catch (err) {
      msg.replaceChildren(h('b', null, 'Your set was refused: '), text(err));
      msg.className = 'notice error refusal';
      msg.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  return { form };
}

/**
 * The final's table for a team, once the organiser publishes it: then the
 * event's results (the team page shows no other), "Final results".
 * @param {any} team @param {Caller} call
 */
function teamFinalCard(team, call) {
  const body = h('div');
  const title = h('h2', null, 'Final');
  const badge = h('span', { class: 'status', hidden: true });
  const card = h('section', { class: 'card codinsa', id: 'codinsa-final' }, h('div', { class: 'card-head' }, title, badge), body);
  let last = '';
  const refresh = async () => {
    /** @type {any} */
    let f;
    try {
      f = await call('codinsa');
    } catch (err) {
      body.replaceChildren(h('p', { class: 'notice error' }, text(err)));
      return IDLE_EVERY;
    }
    const key = JSON.stringify(f);
    if (key === last) return IDLE_EVERY;
    last = key;
    if (f.message) {
      title.textContent = 'Final';
      badge.hidden = true;
      body.replaceChildren(h('p', { class: 'dim' }, `${f.message[0].toUpperCase()}${f.message.slice(1)}.`));
      return IDLE_EVERY;
    }
    title.textContent = 'Final results';
    badge.className = `status ${f.done ? 'ready' : 'building'}`;
    badge.textContent = f.done ? 'final' : 'being played';
    badge.hidden = false;
    // The team's own games have their replays (its match list holds them).
    /** @type {Map<number, HTMLElement>} */
    let links = new Map();
    if ((f.matches || []).length) {
      try {
        links = gameLinks(await call('matches'), (id) => `/platform/replay/${encodeURIComponent(id)}`).links;
      } catch {
        links = new Map();
      }
    }
    const rows = (f.matches || []).map((/** @type {any} */ m) => matchRow(m.match, m.cats_first, m.other, m.cats_first_game_wins, m.other_game_wins,
      m.cats_first_own, m.other_own, m.winner, '', team.name, links.get(m.match)));
    const table = f.table || [];
    const mine = table.find((/** @type {any} */ r) => r.team === team.name);
    body.replaceChildren(
      h('p', { class: 'dim' }, f.done ? 'The round robin is over: its table is the event\u2019s ranking, by matches won (3 points a match won, 1 a draw), then game wins, then the turn difference.'
        : 'The round robin is being played: the table comes at its end.'),
      ...(f.done && mine ? [h('p', { class: 'my-place' }, 'Your place: ', h('b', null, `${mine.place} of ${table.length}`))] : []),
      ...(f.table && f.table.length ? [h('h3', null, 'Table'), standingsTable(f.table.map((/** @type {any} */ r) => ({
        place: r.place, team: r.team, points: r.points, wins: r.wins, draws: r.draws, losses: r.losses, gameWins: r.game_wins, turnDifference: r.turn_difference,
      })), team.name)] : []),
      h('h3', null, 'Matches'), matchTable(rows, 'No match played yet.'));
    return IDLE_EVERY;
  };
  keepCurrent(card, refresh);
  return card;
}

/**
 * The public page's card: the final's table and matches, once the
 * organiser published the results (the public document has none before).
 * @param {any} f the teams' document (GET codinsa, published)
 */
function publicFinal(f) {
  const rows = (f.matches || []).map((/** @type {any} */ m) => matchRow(m.match, m.cats_first, m.other, m.cats_first_game_wins, m.other_game_wins,
    m.cats_first_own, m.other_own, m.winner, ''));
  return h('section', { class: 'card codinsa public-codinsa' },
    h('div', { class: 'card-head' }, h('h2', null, 'Final'), h('span', { class: `status ${f.done ? 'ready' : 'building'}` }, f.done ? 'final' : 'being played')),
    h('p', { class: 'dim' }, 'A round robin: 3 points a match won, 1 a draw, then game wins, then the turn difference.'),
    ...(f.table && f.table.length ? [h('h3', null, 'Table'), standingsTable(f.table.map((/** @type {any} */ r) => ({
      place: r.place, team: r.team, points: r.points, wins: r.wins, draws: r.draws, losses: r.losses, gameWins: r.game_wins, turnDifference: r.turn_difference,
    })), '')] : []),
    h('h3', null, 'Matches'), matchTable(rows, 'No match played yet.'));
}

/**
 * Cod'INSA's parts of the pages, by the format's name "codinsa"
 * (formats.js): the organiser's spawn vote and Final cards, whose round
 * robin is the event's final; the team's vote and Final cards, above its
 * results, the Final card standing for the results once the organiser
 * published its table (GET codinsa then has no message).
 * @type {import('/platform/formats.js').FormatPage}
 */
export const page = {
  organiserCards: (ev, call) => organiserCodinsa(ev, call),
  publicCards: (f) => [publicFinal(f)],
  finalNote: 'The final is the round robin of the Final card below.',
  teamCardsFirst: (team, call) => teamCodinsa(team, call),
  holdsResults: async (call) => !(await call('codinsa')).message,
};
