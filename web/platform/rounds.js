// @ts-check
// Ready AI Code 2020's ranked rounds (territory events) on the platform's
// pages. The organiser's "Ranked rounds" card: a form that sets a round
// (players, arenas, obstacles, multiplier, seed; now or at a time), the
// game's refusal in words beside it, the rounds with their state, updated
// while they play, each scheduled one with its Change (the same form,
// filled with its settings) and Cancel buttons, and the ladder. The
// team's card: the rounds, the team's games in each with the points they
// earned (GET ladder's mine), and the ladder.
import { h, say, when, whenChanged } from '/platform/common.js';

/** @typedef {(path: string, o?: any) => Promise<any>} Call */

/** The message of an error, for a notice. @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

/** A number with at most one decimal (points, mean territory). @param {number} x */
function num(x) {
  return Number.isInteger(x) ? String(x) : Number(x).toFixed(1);
}

/** @param {number} n */
function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

/**
 * Where a round is: scheduled, due, playing, done or not played, with a
 * badge's class and its words.
 * @param {any} rd a round of the ladder's answer
 * @returns {{cls: string, words: string, title: string}}
 */
export function roundState(rd) {
  if (rd.cancelled) return { cls: 'cancelled', words: 'cancelled', title: `cancelled by the organiser ${when(rd.cancelled)}; it is not played` };
  if (rd.error) return { cls: 'failed', words: 'not played', title: rd.error };
  if (!rd.queued) {
    const at = rd.at ? new Date(rd.at) : null;
    if (at && at.getTime() > Date.now()) return { cls: 'queued', words: `scheduled for ${when(rd.at)}`, title: at.toString() };
    return { cls: 'building', words: 'starting', title: 'its time has come: the server draws its games within seconds' };
  }
  const finished = rd.played + rd.failed;
  if (finished < rd.games) return { cls: 'building', words: `playing: ${finished} of ${rd.games} games`, title: 'its games are queued and played one by one' };
  return { cls: 'ready', words: 'done', title: `${rd.played} games played${rd.failed ? `, ${rd.failed} the arena could not play` : ''}` };
}

/** A round's settings in words. @param {any} rd */
function settings(rd) {
  const parts = [`${rd.players} players`];
  parts.push(rd.size ? `${rd.size} arenas` : 'the event\u2019s arena size');
  if (rd.shape) parts.push(`${shapesInWords(rd.shape)} shape`);
  if (rd.mix) parts.push(`mix ${rd.mix}`);
  if (rd.obstacles) parts.push(`${rd.obstacles} obstacles`);
  parts.push(`\u00d7${rd.multiplier}`);
  return parts.join(', ');
}

/**
 * A shape option's value in words: a set (square,cut,x) reads "square,
 * cut or x", each game having one of them.
 * @param {string} v
 */
export function shapesInWords(v) {
  const set = v.split(',').map((x) => x.trim());
  return set.length < 2 ? v : `${set.slice(0, -1).join(', ')} or ${set[set.length - 1]}`;
}

/** The ladder as a table; the team's line marked. @param {any[]} lines @param {number} [mine] */
export function ladderTable(lines, mine = 0) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'list board ladder' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Place'), h('th', null, 'Team'), h('th', { class: 'num' }, 'Points'),
      h('th', { class: 'num' }, 'Firsts'), h('th', { class: 'num' }, 'Games'),
      h('th', { class: 'num', title: 'the mean final territory of its games (0 where it was eliminated)' }, 'Mean territory'))),
    h('tbody', null, lines.length ? lines.map((/** @type {any} */ x) => h('tr', { class: mine && x.team_id === mine ? 'mine' : null, dataset: { id: x.team_id } },
      h('td', { class: 'num rank' }, String(x.place)),
      h('td', { class: 'ellipsis', title: x.team }, x.team),
      h('td', { class: 'num points' }, num(x.points)),
      h('td', { class: 'num' }, String(x.firsts)),
      h('td', { class: 'num' }, String(x.games)),
      h('td', { class: 'num' }, Number(x.mean_territory).toFixed(1))))
      : [h('tr', null, h('td', { colspan: 6, class: 'dim' }, 'No team yet.'))])));
}

/** Whether the organiser may still cancel a round: its games are not drawn. @param {any} rd */
function cancellable(rd) {
  return !rd.queued && !rd.error && !rd.cancelled;
}

/**
 * A round's line: its number, state and settings (and its seed, on the
 * organiser's card, whose API gives it), then more.
 * @param {any} rd @param {...import('/player.js').Child} more
 */
function roundItem(rd, ...more) {
  const st = roundState(rd);
  return h('li', { class: 'round', dataset: { number: rd.number } },
    h('div', { class: 'round-head' },
      h('b', null, `Round ${rd.number}`),
      h('span', { class: `status ${st.cls} round-state`, title: st.title }, st.words),
      h('span', { class: 'dim' }, settings(rd)),
      rd.seed ? h('span', { class: 'dim round-seed', title: 'the draw\u2019s and the games\u2019 seed: the same seed draws the same games' }, `seed ${rd.seed}`) : null),
    rd.error ? h('div', { class: 'why' }, rd.error) : null,
    ...more);
}

/**
 * A drawn round's games, each its teams by seat, folded.
 * @param {any} rd @param {Set<number>} open the rounds whose draw is unfolded
 */
function drawOf(rd, open) {
  if (!rd.draw || !rd.draw.length) return null;
  const d = /** @type {HTMLDetailsElement} */ (h('details', { class: 'draw', open: open.has(rd.number) },
    h('summary', null, `The draw: ${rd.draw.length} game${rd.draw.length === 1 ? '' : 's'}`),
    h('ol', null, rd.draw.map((/** @type {string[]} */ g) => h('li', null, g.join(', '))))));
  d.addEventListener('toggle', () => { if (d.open) open.add(rd.number); else open.delete(rd.number); });
  return d;
}

/**
 * A select of a game option's values, with "" for the event's own value.
 * @param {string} name @param {string[]} values @param {string} eventValue
 */
function choice(name, values, eventValue) {
  return /** @type {HTMLSelectElement} */ (h('select', { name },
    h('option', { value: '' }, `the event\u2019s (${eventValue})`),
    values.map((v) => h('option', { value: v }, v))));
}

/**
 * The shape set's checkboxes, one per shape (random is none ticked: the
 * event's, or all of them, which draw alike), with the set they make.
 * @param {string[]} values the option's values
 */
function shapeBoxes(values) {
  const boxes = values.filter((v) => v !== 'random').map((v) => /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', name: 'shape', value: v })));
  return {
    box: h('div', { class: 'shape-box' }, boxes.map((b) => h('label', { class: 'check inline' }, b, ` ${b.value}`))),
    /** The ticked shapes as the option's value ("": none ticked). */
    get value() { return boxes.filter((b) => b.checked).map((b) => b.value).join(','); },
    /** Ticks a value's shapes (random: all of them). @param {string} v */
    set value(v) {
      const set = v === 'random' ? boxes.map((b) => b.value) : v.split(',').map((x) => x.trim());
      boxes.forEach((b) => { b.checked = set.includes(b.value); });
    },
  };
}

/** A time of the API as a datetime-local field's value (the reader's local time, to the minute). @param {string} iso */
export function utcToLocal(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return '';
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A datetime-local field's value (the organiser's local time) as UTC, RFC 3339. @param {string} v */
export function localToUTC(v) {
  const d = new Date(v);
  if (!v || Number.isNaN(d.getTime())) throw new Error('The round\u2019s time is not a date and time.');
  return d.toISOString();
}

/**
 * The organiser's card of a territory event's ranked rounds.
 * @param {any} ev the event @param {any} game the game's description (/api/games) @param {Call} call the organiser's API
 */
export function roundsCard(ev, game, call) {
  const opt = (/** @type {string} */ name) => (game && game.options || []).find((/** @type {any} */ o) => o.name === name) || { values: [], default: '' };
  const evOpt = (/** @type {string} */ name) => (ev.options && ev.options[name]) || opt(name).default;
  const players = /** @type {HTMLSelectElement} */ (h('select', { name: 'players' }, [4, 6, 8].map((n) => h('option', { value: n }, String(n)))));
  const size = choice('size', opt('size').values || [], evOpt('size'));
  const shape = shapeBoxes(opt('shape').values || []);
  const mixNow = evOpt('mix').split(':');
  const weights = ['walls', 'bombs', 'ice', 'decay'].map((w, i) => /** @type {HTMLInputElement} */ (h('input', {
    name: `mix-${w}`, type: 'number', min: 0, max: 1000, step: 1, value: mixNow[i] || '0', 'aria-label': `Weight of ${w}`, class: 'weight',
  })));
  const obstacles = /** @type {HTMLInputElement} */ (h('input', { name: 'obstacles', autocomplete: 'off', placeholder: `the event\u2019s (${evOpt('obstacles')})` }));
  const multiplier = /** @type {HTMLInputElement} */ (h('input', { name: 'multiplier', type: 'number', min: 1, max: 1000, step: 1, value: 1 }));
  const seed = /** @type {HTMLInputElement} */ (h('input', { name: 'seed', type: 'number', min: 1, step: 1, placeholder: 'random', autocomplete: 'off' }));
  const now = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name: 'round-when', value: 'now', checked: true }));
  const later = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name: 'round-when', value: 'at' }));
  const at = /** @type {HTMLInputElement} */ (h('input', { name: 'at', type: 'datetime-local', 'aria-label': 'When the round is played (your local time)' }));
  at.addEventListener('input', () => { later.checked = true; });
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Start the round'));
  const back = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'back-to-new', hidden: true }, 'Leave it as it is'));
  const title = h('h3', null, 'A new round');
  const seedHint = h('span', { class: 'dim hint' }, 'empty: a random one; the same seed draws the same games');
  /**
   * The scheduled round the form changes (0: the form sets a new round),
   * with its time as the API gave it and as the form showed it: a time
   * left as shown keeps the round's own, to the second.
   */
  const editing = { number: 0, at: '', shown: '', seed: '' };
  const syncLabel = () => {
    if (editing.number) submit.textContent = `Save round ${editing.number}`;
    else submit.textContent = later.checked ? 'Schedule the round' : 'Start the round';
  };
  now.addEventListener('change', syncLabel);
  later.addEventListener('change', syncLabel);
  at.addEventListener('input', syncLabel);
  /** @param {string} label @param {import('/player.js').Child} input @param {string} help */
  const row = (label, input, help) => h('label', { class: 'opt-row' }, h('span', null, label), input, h('span', { class: 'dim hint' }, help));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'new-round' },
    title,
    row('Players per game', players, 'each game seats this many teams; every team plays the same number of games'),
    row('Arena size', size, 'small or large for the player count; random draws one per game'),
    h('div', { class: 'opt-row' }, h('span', null, 'Shapes'), shape.box,
      h('span', { class: 'dim hint' }, `the arenas\u2019 outlines: each game draws one of those ticked the player count allows (x is not used with 6 players); none ticked: the event\u2019s (${evOpt('shape')})`)),
    h('div', { class: 'opt-row' }, h('span', null, 'Obstacle mix'),
      h('div', { class: 'mix-box' }, ...weights.flatMap((w, i) => [h('label', { class: 'check inline' }, ['walls', 'bombs', 'ice', 'decay'][i], w)])),
      h('span', { class: 'dim hint' }, 'weights of walls, bombs, ice and decay among the random obstacles')),
    row('Obstacles', obstacles, 'a count from 0 to 1600, or auto (5% of the arena); empty: the event\u2019s'),
    row('Multiplier', multiplier, 'each game gives 5 \u00d7 (players \u2212 position) \u00d7 multiplier ladder points'),
    h('label', { class: 'opt-row' }, h('span', null, 'Seed'), seed, seedHint),
    h('div', { class: 'opt-row' }, h('span', null, 'When'),
      h('div', { class: 'when-box' },
        h('label', { class: 'check inline' }, now, ' now'),
        h('label', { class: 'check inline' }, later, ' at ', at)),
      h('span', { class: 'dim hint' }, 'your local time; the teams that have a bot then play')),
    h('div', { class: 'actions' }, submit, back),
    msg));
  const list = h('ul', { class: 'rounds org-rounds' });
  const ladder = h('div', { class: 'ladder-box' });
  const listMsg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const card = h('section', { class: 'card', id: 'ranked-rounds' },
    h('h2', null, 'Ranked rounds'),
    h('p', { class: 'dim' }, 'Each round draws its games among the teams that have a bot and adds ladder points; the casual games and their rating go on beside it.'),
    form,
    h('h3', null, 'Rounds'),
    list,
    listMsg,
    h('h3', null, 'Ladder'),
    ladder);
  /**
   * Puts the form in a round's settings, to change it (rd), or back to a
   * new round's defaults (null).
   * @param {any} rd
   */
  const fill = (rd) => {
    editing.number = rd ? rd.number : 0;
    editing.at = rd ? rd.at : '';
    editing.shown = rd ? utcToLocal(rd.at) : '';
    title.textContent = rd ? `Change round ${rd.number}` : 'A new round';
    form.classList.toggle('changing', !!rd);
    players.value = String(rd ? rd.players : 4);
    size.value = (rd && rd.size) || '';
    shape.value = (rd && rd.shape) || '';
    const mix = ((rd && rd.mix) || evOpt('mix')).split(':');
    weights.forEach((w, i) => { w.value = mix[i] || '0'; });
    obstacles.value = (rd && rd.obstacles) || '';
    multiplier.value = String(rd ? rd.multiplier : 1);
    editing.seed = rd && rd.seed ? String(rd.seed) : ''; // a string: seeds are 63 bits, JavaScript's numbers 53
    seed.value = editing.seed;
    seedHint.textContent = rd ? 'empty: the round keeps its seed' : 'empty: a random one; the same seed draws the same games';
    later.checked = !!rd;
    now.checked = !rd;
    at.value = editing.shown;
    back.hidden = !rd;
    syncLabel();
  };
  back.addEventListener('click', () => {
    fill(null);
    say(msg, '');
  });
  /** A scheduled round's Change button: the form takes its settings. @param {any} rd */
  const changeButton = (rd) => {
    const b = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'small-button change-round' }, `Change round ${rd.number}`));
    b.addEventListener('click', () => {
      fill(rd);
      say(msg, `Round ${rd.number}’s settings are in the form above: change them, then save.`, 'info');
      form.scrollIntoView({ block: 'start' });
      players.focus({ preventScroll: true });
    });
    return b;
  };
  /** A scheduled round's Change and Cancel buttons (none once its games are drawn). @param {any} rd */
  const roundButtons = (rd) => {
    if (!cancellable(rd)) return null;
    const b = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'small-button cancel-round' }, `Cancel round ${rd.number}`));
    b.addEventListener('click', async () => {
      if (!confirm(`Cancel round ${rd.number} (${settings(rd)})? It will not be played; a cancelled round cannot be brought back.`)) return;
      b.disabled = true;
      try {
        await call(`events/${ev.id}/rounds/${rd.number}/cancel`, { method: 'POST', body: {} });
        await refresh();
        if (editing.number === rd.number) fill(null);
        say(msg, ''); // the form's notice may speak of this round being scheduled
        say(listMsg, `Round ${rd.number} is cancelled.`, 'ok');
      } catch (err) {
        say(listMsg, text(err)); // e.g. its time came meanwhile: it has started
        b.disabled = false;
      }
    });
    return h('div', { class: 'actions round-actions' }, changeButton(rd), b);
  };
  /** The rounds whose draw the organiser opened, kept open across refreshes. @type {Set<number>} */
  const open = new Set();
  // Whether listMsg says a refresh failed: the next one clears that, and
  // only that (a refresh the follow loop started before a Cancel must not
  // clear the Cancel's word when it answers after it).
  let refreshFailed = false;
  const refresh = async () => {
    let l;
    try {
      l = await call(`events/${ev.id}/ladder`);
    } catch (err) {
      say(listMsg, text(err));
      refreshFailed = true;
      throw err;
    }
    if (refreshFailed) say(listMsg, '');
    refreshFailed = false;
    list.replaceChildren(...(l.rounds.length ? l.rounds.map((/** @type {any} */ rd) => roundItem(rd, drawOf(rd, open), roundButtons(rd))).reverse()
      : [h('li', { class: 'dim' }, 'No round yet: set the first one above.')]));
    ladder.replaceChildren(ladderTable(l.ladder));
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    say(msg, '');
    /** @type {Record<string, any>} */
    const body = { players: Number(players.value), multiplier: Number(multiplier.value || 1) };
    if (size.value) body.size = size.value;
    if (shape.value) body.shape = shape.value;
    const mix = weights.map((w) => w.value.trim() || '0').join(':');
    if (mix !== evOpt('mix')) body.mix = mix; // else the event's, as it may change
    if (obstacles.value.trim()) body.obstacles = obstacles.value.trim();
    const changing = editing.number;
    const s = seed.value.trim();
    // a seed left as the form showed it is not sent: the round keeps it
    // (it may be beyond the 53 bits a JSON number keeps here)
    if (s && !(changing && s === editing.seed)) {
      if (!(/^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)))) {
        say(msg, `The seed is a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, or empty${changing ? ': the round keeps its own' : ': a random one'}.`);
        return;
      }
      body.seed = Number(s);
    }
    try {
      if (later.checked) body.at = changing && at.value === editing.shown ? editing.at : localToUTC(at.value);
      else if (changing) body.at = new Date().toISOString(); // a time come: the server plays it now (no time keeps the round's)
    } catch (err) {
      say(msg, text(err));
      return;
    }
    submit.disabled = true;
    try {
      // a change is POST rounds/N, checked as a new round is; the refusal says why
      const rd = await call(changing ? `events/${ev.id}/rounds/${changing}` : `events/${ev.id}/rounds`, { method: 'POST', body });
      if (changing) fill(null);
      await refresh().catch(() => {}); // its failure shows under the list
      const games = (rd.groups || []).length;
      const done = changing ? `Round ${rd.number} is changed: ` : `Round ${rd.number} `;
      say(msg, rd.queued
        ? `${done}${changing ? 'it is' : 'is'} playing: ${games} game${games === 1 ? '' : 's'} drawn among ${(rd.teams || []).length} teams.`
        : `${done}${changing ? 'it is' : 'is'} scheduled for ${when(rd.at)}, ${settings(rd)}.`, 'ok');
    } catch (err) {
      say(msg, text(err));
    } finally {
      submit.disabled = false;
    }
  });
  whenChanged(card, refresh); // the event's stream: no timer
  return card;
}

/**
 * The team's card of its event's ranked rounds: each round's state and
 * the team's games in it with their points, then the ladder. Hidden in
 * events without rounds.
 * @param {HTMLElement} card @param {Call} call the team's API @param {any} team
 */
export async function teamRounds(card, call, team) {
  const l = await call('ladder');
  if (!l || !l.rounds || !l.rounds.length) {
    card.hidden = true;
    return;
  }
  card.replaceChildren(
    h('h2', null, 'Ranked rounds'),
    h('p', { class: 'dim' }, 'Each game of a round gives 5 \u00d7 (players \u2212 position) \u00d7 the round\u2019s multiplier ladder points.'),
    h('ul', { class: 'rounds' }, l.rounds.map((/** @type {any} */ rd) => roundItem(rd, myGames(rd))).reverse()),
    h('h3', null, 'Ladder'),
    ladderTable(l.ladder, team.id));
  card.hidden = false;
}

/** The team's games of a round (the API's mine), with the points each earned. @param {any} rd */
function myGames(rd) {
  if (!rd.queued || rd.error) return null;
  const mine = rd.mine || [];
  if (!mine.length) return h('div', { class: 'dim my-games' }, 'Your games: none played yet.');
  let total = 0;
  const items = mine.map((/** @type {any} */ g) => {
    if (g.error) return h('span', { class: 'round-game', title: g.error }, 'not played (no points)');
    total += g.points;
    return h('span', { class: 'round-game', title: `match ${g.match}` }, `${ordinal(g.rank)} of ${g.players} `, h('b', null, `+${num(g.points)}`));
  });
  return h('div', { class: 'my-games' }, 'Your games: ', ...items.flatMap((/** @type {HTMLElement} */ it, /** @type {number} */ i) => (i ? [', ', it] : [it])),
    h('span', { class: 'round-total' }, ` \u2014 ${num(total)} points`));
}

/**
 * The ranked rounds' parts of the pages, by the format's name "rounds"
 * (formats.js): the organiser's card. The team's card is the team page's
 * own (teamRounds), shown when the event has rounds.
 * @type {import('/platform/formats.js').FormatPage}
 */
export const page = {
  organiserCards: (ev, call, game) => [roundsCard(ev, game, call)],
  publicCards: (d) => [publicRounds(d)],
};

/**
 * The public page's card: each round's state, settings and draw, then the
 * ladder, as every team sees them (no team's own games, no seed).
 * @param {any} l the public ladder document
 */
function publicRounds(l) {
  const open = new Set();
  return h('section', { class: 'card public-rounds' },
    h('h2', null, 'Ranked rounds'),
    h('p', { class: 'dim' }, 'Each game of a round gives 5 \u00d7 (players \u2212 position) \u00d7 the round\u2019s multiplier ladder points.'),
    h('ul', { class: 'rounds' }, l.rounds.map((/** @type {any} */ rd) => roundItem(rd, drawOf(rd, open))).reverse()),
    h('h3', null, 'Ladder'),
    ladderTable(l.ladder));
}
