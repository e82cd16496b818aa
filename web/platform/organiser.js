// @ts-check
// The organiser's page (/platform/organiser, opened from the link the
// server prints on its first start: /platform/organiser#TOKEN): the
// events, a form to create one (game, name, game options, settings), its
// invitation link to copy, and for the chosen event its teams, its
// matches with their replays, and casual games started or stopped.
import {
  h, api, token, keepToken, forgetToken, header, say, byId, when, copyButton, download, ApiError, kindTag, follow, serially,
} from '/platform/common.js';
import { pagesOf } from '/platform/formats.js';

const root = byId('page');

const state = {
  /** @type {any[]} */ events: [],
  /** @type {any[]} */ games: [],
  /** Each event's controls (casual games, frozen, final, published), by id. @type {Record<number, any>} */
  controls: {},
  /** The chosen event's id (0: none). */
  chosen: 0,
  /** The invitation shown once, for the event it opens. @type {{event: number, link: string}|null} */
  invite: null,
  creating: false,
};

/** @type {Record<string, HTMLElement>} */
const ui = {};

/** @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

/** Calls the API as the organiser; a refused token shows the login form. @param {string} path @param {any} [o] */
async function orgAPI(path, o = {}) {
  try {
    return await api(`organiser/${path}`, { ...o, role: 'organiser' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetToken('organiser');
      showLogin(err.message);
    }
    throw err;
  }
}

/** The form to paste the organiser token. @param {string} [notice] */
function showLogin(notice = '') {
  const field = /** @type {HTMLInputElement} */ (h('input', { type: 'password', autocomplete: 'off', spellcheck: 'false', placeholder: 'org-…', 'aria-label': 'Organiser token' }));
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'card narrow login' },
    h('h2', null, 'Organiser'),
    h('p', { class: 'dim' }, 'Open the organiser link the server printed on its first start, or paste its token (the part after #). ',
      'Lost it? ', h('code', null, 'arena organiser token --data DIR'), ' makes a new one; the old one stops working.'),
    h('label', { class: 'field' }, 'Organiser token', field),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Log in')),
    msg));
  if (notice) say(msg, notice);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const value = field.value.trim().replace(/^.*#/, '');
    if (!value) return;
    try {
      await api('organiser/events', { tokenValue: value, role: 'organiser' });
      keepToken('organiser', value);
      start();
    } catch (err) {
      say(msg, text(err));
    }
  });
  root.replaceChildren(header('Organiser'), h('main', { class: 'plat' }, form));
  field.focus();
}

function build() {
  const logout = h('button', { type: 'button', class: 'small-button', title: 'This browser forgets the organiser token' }, 'Log out');
  logout.addEventListener('click', () => {
    if (!confirm('Log out? This browser forgets the organiser token: you will need the organiser link to come back.')) return;
    forgetToken('organiser');
    location.assign('/platform/organiser');
  });
  const create = h('button', { type: 'button', class: 'primary' }, '+ New event');
  create.addEventListener('click', () => { state.creating = true; renderForm(); });
  ui.events = h('tbody');
  ui.create = h('div');
  ui.detail = h('div', { class: 'col' });
  ui.workers = h('tbody');
  ui.workersCard = h('section', { class: 'card', id: 'workers', hidden: true },
    h('div', { class: 'card-head' }, h('h2', null, 'Workers')),
    h('p', { class: 'dim' }, 'The machines that build and play (arena worker). A worker silent for six of its heartbeats is lost: its running jobs go to the others.'),
    h('div', { class: 'table-wrap' }, h('table', { class: 'list workers' },
      h('thead', null, h('tr', null, h('th', null, 'Machine'), h('th', { class: 'num' }, 'Cores'), h('th', { class: 'num' }, 'Running'),
        h('th', { class: 'num' }, 'Done'), h('th', null, 'Last seen'), h('th', null, 'State'))),
      ui.workers)));
  ui.pageMsg = h('p', { class: 'notice page-notice', hidden: true, role: 'alert' });
  root.replaceChildren(
    header('Organiser', logout),
    ui.pageMsg,
    h('main', { class: 'plat org-grid' },
      h('div', { class: 'col' },
        h('section', { class: 'card', id: 'events' },
          h('div', { class: 'card-head' }, h('h2', null, 'Events'), create),
          h('div', { class: 'table-wrap' }, h('table', { class: 'list events' },
            h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'Event'), h('th', null, 'Game'), h('th', null, 'Casual games'), h('th', null, 'Created'))),
            ui.events))),
        ui.create,
        ui.workersCard),
      ui.detail));
  document.title = 'Organiser \u2013 Arena';
}

function renderEvents() {
  if (!ui.events) return; // before the page is built
  ui.events.replaceChildren(...(state.events.length ? state.events.map((ev) => {
    const link = h('a', { href: `#event-${ev.id}` }, ev.name);
    link.addEventListener('click', (e) => { e.preventDefault(); choose(ev.id); });
    return h('tr', { class: ev.id === state.chosen ? 'mine' : null, dataset: { id: ev.id } },
      h('td', { class: 'num' }, String(ev.id)),
      h('td', { class: 'ellipsis', title: ev.name }, link),
      h('td', null, ev.game),
      h('td', null, casualBadge(ev)),
      h('td', { class: 'nowrap' }, when(ev.created)));
  }) : [h('tr', null, h('td', { colspan: 5, class: 'dim' }, 'No event yet: create one.'))]));
}

/** Whether the event's casual games are stopped. @param {any} ev */
function casualStopped(ev) {
  const c = state.controls[ev.id];
  return !!(c && c.casual_stopped);
}

/** @param {any} ev */
function casualBadge(ev) {
  if (!state.controls[ev.id]) return '';
  return casualStopped(ev)
    ? h('span', { class: 'status queued', title: 'No casual game is started' }, 'stopped')
    : h('span', { class: 'status ready', title: 'Casual games are played continuously' }, 'running');
}

/**
 * The form that creates an event, or changes the event ev (its game stays;
 * the fields show its current values).
 * @param {any} [ev]
 */
function renderForm(ev) {
  if (!state.creating && !ev) {
    ui.create.replaceChildren();
    return;
  }
  const gameSel = /** @type {HTMLSelectElement} */ (h('select', { name: 'game', disabled: !!ev },
    state.games.map((g) => h('option', { value: g.name, selected: !!ev && ev.game === g.name }, `${g.name} \u2013 ${g.title}`))));
  const name = /** @type {HTMLInputElement} */ (h('input', { name: 'name', required: true, maxlength: 64, placeholder: 'Spring Cup' }));
  if (ev) name.value = ev.name;
  const opts = h('div', { class: 'options' });
  const settings = h('div', { class: 'settings' });
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, ev ? 'Save the changes' : 'Create the event'));
  const cancel = h('button', { type: 'button' }, 'Cancel');
  cancel.addEventListener('click', () => { state.creating = false; renderForm(); });
  const fill = () => {
    const g = state.games.find((x) => x.name === gameSel.value);
    opts.replaceChildren(...(g.options || []).filter((/** @type {any} */ o) => !o.file)
      .map((/** @type {any} */ o) => optionRow(o, ev && ev.options ? ev.options[o.name] : undefined)));
    settings.replaceChildren(...settingRows(g, ev ? ev.settings || {} : null));
  };
  gameSel.addEventListener('change', fill);
  const form = /** @type {HTMLFormElement} */ (h('form', { class: `card ${ev ? 'edit-event' : 'create-event'}` },
    h('h2', null, ev ? `Change ${ev.name}` : 'New event'),
    h('label', { class: 'field' }, 'Game', gameSel),
    h('label', { class: 'field' }, 'Name', name),
    h('details', { class: 'group', open: !!(ev && ev.options && Object.keys(ev.options).length) },
      h('summary', null, 'Game options ', h('span', { class: 'dim' }, '(empty: the game\u2019s default)')), opts),
    h('details', { class: 'group', open: true }, h('summary', null, 'Settings'), settings),
    h('div', { class: 'actions' }, submit, cancel),
    msg));
  fill();
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    say(msg, '');
    let body;
    try {
      body = { name: name.value.trim(), options: readOptions(opts), settings: readSettings(settings, !!ev) };
    } catch (err) {
      say(msg, text(err));
      return;
    }
    submit.disabled = true;
    try {
      let id;
      if (ev) {
        id = (await orgAPI(`events/${ev.id}`, { method: 'POST', body })).id;
      } else {
        const out = await orgAPI('events', { method: 'POST', body: { game: gameSel.value, ...body } });
        id = out.event.id;
        state.invite = { event: id, link: location.origin + out.invite_path };
      }
      state.creating = false;
      renderForm();
      await refreshEvents();
      await choose(id);
      if (ev) say(ui.eventMsg, 'The changes are saved: the next matches follow them.', 'ok');
    } catch (err) {
      say(msg, text(err));
      submit.disabled = false;
    }
  });
  ui.create.replaceChildren(form);
  name.focus();
}

/**
 * One game option: a select for a list of values, a text field otherwise.
 * An event's value the list lacks (territory's shape set, square,x) is
 * offered too, so that saving the form keeps it.
 * @param {any} o @param {string|undefined} value the event's value, if any
 */
function optionRow(o, value) {
  const values = o.values && o.values.length && value && !o.values.includes(value) ? [...o.values, value] : o.values;
  const input = /** @type {HTMLInputElement|HTMLSelectElement} */ (values && values.length
    ? h('select', { name: o.name }, h('option', { value: '' }, `default (${o.default})`),
      values.map((/** @type {string} */ v) => h('option', { value: v }, v)))
    : h('input', { name: o.name, placeholder: o.default || '', autocomplete: 'off' }));
  if (value !== undefined) input.value = value;
  return h('label', { class: 'opt-row', title: o.help || '' }, h('code', null, o.name), input, h('span', { class: 'dim hint' }, o.help || ''));
}

/** The options the organiser filled in (the others keep their defaults). @param {HTMLElement} box */
function readOptions(box) {
  /** @type {Record<string, string>} */
  const out = {};
  box.querySelectorAll('input,select').forEach((el) => {
    const f = /** @type {HTMLInputElement} */ (el);
    if (f.value.trim() !== '') out[f.name] = f.value.trim();
  });
  return out;
}

/** A date of the API as a datetime-local field's value (local time). @param {string|undefined} iso */
function localInput(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || d.getFullYear() < 2) return '';
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * The settings' fields for a game, with an event's values (s) or the
 * defaults (null).
 * @param {any} g @param {any} s @returns {HTMLElement[]}
 */
function settingRows(g, s) {
  const v = s || { house_bots: true };
  const seats = [];
  for (let n = Math.max(2, g.minPlayers); n <= Math.min(g.maxPlayers, 8); n++) {
    seats.push(h('label', { class: 'check inline' },
      h('input', { type: 'checkbox', name: 'seat', value: n, checked: (v.seats || []).includes(n) }), ` ${n}`));
  }
  /** @param {string} label @param {HTMLElement} input @param {string} help */
  const row = (label, input, help) => h('label', { class: 'opt-row' }, h('span', null, label), input, h('span', { class: 'dim hint' }, help));
  /** @param {string} name @param {any} value @param {Record<string, any>} attrs */
  const field = (name, value, attrs) => {
    const el = /** @type {HTMLInputElement} */ (h('input', { name, autocomplete: 'off', ...attrs }));
    if (value) el.value = String(value);
    return el;
  };
  const http = !!g.http; // the game has an HTTP protocol: its bots may be HTTP servers
  return [
    h('div', { class: 'opt-row' }, h('span', null, 'Players per match'), h('div', { class: 'seats-box' }, seats),
      h('span', { class: 'dim hint' }, 'none ticked: the game\u2019s smallest match')),
    row('Map pool', field('maps', (v.maps || []).join(', '), { placeholder: 'the game\u2019s own choice' }),
      'names of the game\u2019s maps or files of the data directory\u2019s maps folder, separated by commas; each match draws one'),
    row('Turn time (ms)', field('turn_ms', v.turn_ms, { type: 'number', min: 1, placeholder: 'the game\u2019s' }), 'for games whose time limits are options'),
    row('First turn time (ms)', field('first_turn_ms', v.first_turn_ms, { type: 'number', min: 1, placeholder: 'the game\u2019s' }), ''),
    row('Memory per bot (MiB)', field('memory_mib', v.memory_mib, { type: 'number', min: 16, placeholder: '512' }), ''),
    row('Start', field('start', localInput(v.start), { type: 'datetime-local' }), 'empty: open now; submissions and casual matches wait for it'),
    row('End', field('end', localInput(v.end), { type: 'datetime-local' }), 'empty: no end; then submissions and casual matches stop, the final and rounds play on'),
    g.leagues && g.leagues.length ? row('Leagues', h('input', { name: 'leagues', type: 'checkbox', checked: !!v.leagues }),
      'teams climb the game\u2019s leagues, each with its promotion test') : null,
    http ? row('HTTP bots', h('input', { name: 'http_bots', type: 'checkbox', checked: !!v.http_bots }),
      'teams may register the URL of their own HTTP bot, which the platform calls') : null,
    http ? row('HTTP bots on private addresses', h('input', { name: 'http_bots_private', type: 'checkbox', checked: !!v.http_bots_private }),
      'lets those URLs reach this machine and its private networks: only for teams you trust') : null,
    row('House bots', h('input', { name: 'house_bots', type: 'checkbox', checked: !!v.house_bots }),
      'the game\u2019s builtin bot fills the seats while too few teams have a bot'),
    row('Test games against teams', h('input', { name: 'test_vs_teams', type: 'checkbox', checked: !!v.test_vs_teams }),
      'a team\u2019s unrated test games may play another team\u2019s active bot (as in CodinGame\u2019s IDE)'),
    row('Public page', h('input', { name: 'public', type: 'checkbox', checked: !!v.public }),
      'anyone may watch: the ranking, the latest top games and the live games, without a token (never the bots\u2019 error output)'),
  ].filter((r) => r !== null);
}

/**
 * The settings as the API takes them. A change (full) sends every field,
 * as the API keeps the fields a request leaves out.
 * @param {HTMLElement} box @param {boolean} full
 */
function readSettings(box, full) {
  const f = (/** @type {string} */ n) => /** @type {HTMLInputElement|null} */ (box.querySelector(`[name="${n}"]`));
  /** @type {Record<string, any>} */
  const s = { house_bots: !!f('house_bots')?.checked, test_vs_teams: !!f('test_vs_teams')?.checked };
  const seats = [...box.querySelectorAll('input[name="seat"]:checked')].map((el) => Number(/** @type {HTMLInputElement} */ (el).value));
  if (seats.length || full) s.seats = seats;
  const maps = (f('maps')?.value || '').split(',').map((m) => m.trim()).filter(Boolean);
  if (maps.length || full) s.maps = maps;
  for (const n of ['turn_ms', 'first_turn_ms', 'memory_mib']) {
    const v = f(n)?.value.trim();
    if (v) s[n] = Number(v);
    else if (full) s[n] = 0;
  }
  for (const n of ['start', 'end']) {
    const v = f(n)?.value;
    if (!v) {
      if (full) s[n] = '0001-01-01T00:00:00Z'; // no bound
      continue;
    }
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) throw new Error(`The ${n} date is not a date.`);
    s[n] = d.toISOString();
  }
  for (const n of ['leagues', 'http_bots', 'http_bots_private', 'public']) {
    const el = f(n);
    if (el && (el.checked || full)) s[n] = el.checked;
  }
  return s;
}

/** Shows one event. @param {number} id */
async function choose(id) {
  state.chosen = id;
  followChosen();
  if (state.invite && state.invite.event !== id) state.invite = null;
  renderEvents();
  const ev = state.events.find((e) => e.id === id);
  if (!ev) {
    ui.detail.replaceChildren();
    return;
  }
  history.replaceState(null, '', `#event-${id}`);
  const casual = h('button', { type: 'button' }, casualStopped(ev) ? 'Start casual games' : 'Stop casual games');
  casual.addEventListener('click', () => setCasual(ev, casualStopped(ev)));
  const invite = h('button', { type: 'button', title: 'A new invitation link; the old one stops working' }, 'New invitation link');
  invite.addEventListener('click', () => newInvite(ev));
  const change = h('button', { type: 'button', title: 'Change the name, the game options and the settings' }, 'Change the settings');
  change.addEventListener('click', () => { state.creating = false; renderForm(ev); });
  ui.teams = h('tbody');
  ui.teamsHead = h('thead');
  ui.matches = h('tbody');
  ui.eventMsg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  ui.detail.replaceChildren(
    h('section', { class: 'card', id: 'event' },
      h('div', { class: 'card-head' }, h('h2', null, ev.name, h('span', { class: 'dim' }, ` \u00b7 ${ev.game}`)), casualBadge(ev)),
      inviteBox(ev),
      h('dl', { class: 'facts' }, ...facts(ev)),
      h('div', { class: 'actions' }, casual, invite, change),
      controls(ev),
      ui.eventMsg),
    // the cards of the event's formats (formats.js): ranked rounds, a spawn vote, a final...
    ...pagesOf(ev).flatMap((f) => (f.organiserCards ? f.organiserCards(ev, orgAPI, state.games.find((g) => g.name === ev.game)) : [])),
    h('section', { class: 'card', id: 'teams' },
      h('h2', null, 'Teams'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'list board' }, ui.teamsHead, ui.teams))),
    h('section', { class: 'card', id: 'org-matches' },
      h('h2', null, 'Matches'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'list matches' },
        h('thead', null, h('tr', null, h('th', null, 'Played'), h('th', null, 'Seats'), h('th', null, ''))),
        ui.matches))));
  await Promise.all([quietly(refreshTeams), quietly(refreshMatches)]);
}

/** The invitation box: the link shown once, or how to get one. @param {any} ev */
function inviteBox(ev) {
  if (state.invite && state.invite.event === ev.id) {
    const field = /** @type {HTMLInputElement} */ (h('input', { class: 'token', value: state.invite.link, readonly: true, 'aria-label': 'Invitation link' }));
    return h('div', { class: 'once' },
      h('h3', null, 'Invitation link: copy it now, it is shown once'),
      h('div', { class: 'token-row' }, field, copyButton(field)),
      h('p', null, 'Send it to the teams: each opens it, names its team and gets its token. ',
        'The server keeps only a fingerprint of it; a new invitation link makes this one stop working.'));
  }
  return h('p', { class: 'dim' }, 'The invitation link was shown when the event was created. Lost it? Make a new one (the old one stops working).');
}

/** What the event's settings say, for the reader. @param {any} ev @returns {HTMLElement[]} */
function facts(ev) {
  const s = ev.settings || {};
  const opts = Object.entries(ev.options || {}).map(([k, v]) => `${k}=${v}`).join(' ');
  /** @type {[string, string | HTMLElement][]} */
  const rows = [
    ['Game options', opts || 'the game\u2019s defaults'],
    ['Players per match', s.seats && s.seats.length ? s.seats.join(', ') : 'the game\u2019s smallest match'],
    ['Map pool', s.maps && s.maps.length ? s.maps.join(', ') : 'the game\u2019s own choice'],
    ['Time limits', s.turn_ms || s.first_turn_ms ? `${s.turn_ms ? `${s.turn_ms} ms a turn` : 'the game\u2019s a turn'}${s.first_turn_ms ? `, ${s.first_turn_ms} ms the first` : ''}` : 'the game\u2019s'],
    ['Memory per bot', `${s.memory_mib || 512} MiB`],
    ['Open', `${s.start ? `from ${when(s.start)}` : 'from now'}${s.end ? ` until ${when(s.end)}` : ', no end'}`],
    ['House bots', s.house_bots ? 'fill the seats while too few teams have a bot' : 'off'],
  ];
  rows.push(['Public page', s.public ? h('a', { href: `/platform/watch?event=${ev.id}` }, 'open to anyone') : 'off']);
  if (s.leagues) rows.push(['Leagues', 'on']);
  if (s.test_vs_teams) rows.push(['Test games', 'may play other teams\u2019 bots']);
  if (s.http_bots) rows.push(['HTTP bots', s.http_bots_private ? 'allowed, private addresses too' : 'allowed (public addresses only)']);
  const c = state.controls[ev.id];
  if (c) {
    rows.push(['Submissions', c.frozen ? 'frozen: the active bots are the final ones' : 'open']);
    if (c.final) rows.push(['Final ranking', `started ${when(c.final.started)}: ${c.final.games} games a team, ${c.final.queued} queued so far`]);
    rows.push(['Results', c.published ? `published ${when(c.published)}` : 'not published to the teams']);
  }
  return rows.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)]);
}

/**
 * The event's controls beyond casual games: submissions frozen or open,
 * the final ranking, publication, and the exports.
 * @param {any} ev
 */
function controls(ev) {
  const c = state.controls[ev.id] || {};
  const freeze = h('button', { type: 'button', disabled: !!c.final,
    title: c.final ? 'The final ranking keeps the submissions frozen' : 'Refuse new submissions and changes of the active bots' },
  c.frozen ? 'Reopen submissions' : 'Freeze submissions');
  freeze.addEventListener('click', () => control(ev, 'freeze', { frozen: !c.frozen },
    c.frozen ? 'Submissions are open again.' : 'Submissions are frozen: the active bots are the final ones.'));
  const games = /** @type {HTMLInputElement} */ (h('input', { type: 'number', min: 1, max: 10000, value: 100, 'aria-label': 'Final games per team', class: 'games' }));
  const final = h('button', { type: 'button', disabled: !!c.final }, 'Start the final ranking');
  final.addEventListener('click', () => {
    if (!confirm(`Start the final ranking? Submissions freeze for good, casual games stop, and about ${games.value} more rated games a team are played.`)) return;
    control(ev, 'final', { games: Number(games.value) }, 'The final ranking has started.');
  });
  const publish = h('button', { type: 'button' }, c.published ? 'Publish again (the results as they are now)' : 'Publish the results');
  publish.addEventListener('click', () => {
    if (!confirm('Publish the results? Every team of the event then sees them.')) return;
    control(ev, 'publish', {}, 'The results are published: the teams see them.');
  });
  /** @param {string} label @param {string} path @param {string} name */
  const exp = (label, path, name) => {
    const b = h('button', { type: 'button', class: 'link' }, label);
    b.addEventListener('click', () => download(`organiser/events/${ev.id}/${path}`, 'organiser', name).catch((err) => say(ui.eventMsg, text(err))));
    return b;
  };
  // a format whose final is its own says so instead of the final ranking (formats.js)
  const finalNote = pagesOf(ev).map((f) => f.finalNote).find((n) => !!n);
  return h('div', { class: 'controls-box' },
    h('h3', null, 'Controls'),
    h('div', { class: 'actions' }, freeze),
    finalNote ? h('p', { class: 'dim' }, finalNote)
      : h('div', { class: 'actions' }, h('label', { class: 'check inline' }, games, ' games a team '), final),
    h('div', { class: 'actions' }, publish),
    h('div', { class: 'actions exports' }, h('span', { class: 'dim' }, 'Export:'),
      exp('results.json', 'results', `results-${ev.id}.json`), exp('results.csv', 'results?format=csv', `results-${ev.id}.csv`),
      exp('replays.tar.gz', 'replays', `replays-${ev.id}.tar.gz`)));
}

/**
 * Sends one of the event's controls and shows the event again.
 * @param {any} ev @param {string} what @param {any} body @param {string} done
 */
async function control(ev, what, body, done) {
  try {
    state.controls[ev.id] = await orgAPI(`events/${ev.id}/${what}`, { method: 'POST', body });
    await refreshEvents();
    await choose(ev.id);
    say(ui.eventMsg, done, 'ok');
  } catch (err) {
    say(ui.eventMsg, text(err));
  }
}

/** @param {any} ev @param {boolean} running */
async function setCasual(ev, running) {
  try {
    state.controls[ev.id] = await orgAPI(`events/${ev.id}/casual`, { method: 'POST', body: { running } });
    await refreshEvents();
    await choose(ev.id);
    say(ui.eventMsg, running ? 'Casual games are running.' : 'Casual games are stopped (the matches already queued are played).', 'ok');
  } catch (err) {
    say(ui.eventMsg, text(err));
  }
}

/** @param {any} ev */
async function newInvite(ev) {
  if (!confirm('Make a new invitation link? The old one stops working (teams that joined stay).')) return;
  try {
    const out = await orgAPI(`events/${ev.id}/invite`, { method: 'POST', body: {} });
    state.invite = { event: ev.id, link: location.origin + out.invite_path };
    await choose(ev.id);
  } catch (err) {
    say(ui.eventMsg, text(err));
  }
}

/** @param {number} x @param {number} [d] */
function fixed(x, d = 2) {
  return Number(x).toFixed(d);
}

async function refreshTeams() {
  const id = state.chosen;
  const teams = await orgAPI(`events/${id}/teams`);
  if (id !== state.chosen) return;
  // an event with leagues lists its teams by league, the top one first,
  // in the event's one ranking; a boss-only league (tracks' 1 and 2) has
  // no rated game and ranks by the promotion tests
  const leagues = teams.some((/** @type {any} */ t) => t.league);
  ui.teamsHead.replaceChildren(h('tr', null, leagues ? h('th', { class: 'num' }, 'League') : null,
    h('th', { class: 'num' }, 'Rank'), h('th', null, 'Team'), h('th', null, 'Members'),
    h('th', { class: 'num' }, 'Rating'), h('th', { class: 'num' }, 'Games'), h('th', { class: 'num' }, 'Won / drawn / lost'),
    leagues ? h('th', { title: 'The promotion test of the team\u2019s active bot in its league: games won of those played' }, 'Promotion test') : null,
    h('th', null, 'Joined'), h('th', { 'aria-label': 'Actions' })));
  ui.teams.replaceChildren(...(teams.length ? teams.map((/** @type {any} */ t) => h('tr', { dataset: { id: t.id } },
    leagues ? h('td', { class: 'num nowrap', title: t.boss_only ? 'a league where bots play only the boss: ranked by the tests' : null },
      t.league ? `${t.league}${t.boss_only ? ' (boss only)' : ''}` : '\u2013') : null,
    t.rank ? h('td', { class: 'num rank' }, String(t.rank)) : h('td', { class: 'num rank dim', title: 'Unranked: no rated game yet' }, '\u2013'),
    h('td', { class: 'ellipsis', title: t.name }, t.name, t.suspended
      ? h('span', { class: 'kind-tag suspended', title: t.reason ? `Suspended: ${t.reason}` : 'Suspended' }, 'suspended') : null),
    h('td', { class: 'members' }, (t.members || []).join(', ') || '\u2013'),
    t.boss_only ? h('td', { class: 'num dim', title: 'no rated game in this league' }, '\u2013')
      : h('td', { class: 'num rating', title: `mu ${fixed(t.mu)}, sigma ${fixed(t.sigma)} (rating = mu - 3 sigma)` }, fixed(t.rating)),
    h('td', { class: 'num' }, String(t.games)),
    h('td', { class: 'num' }, `${t.wins} / ${t.draws} / ${t.losses}`),
    leagues ? h('td', { class: 'test' }, t.promotion ? `${t.promotion.wins} of ${t.promotion.played} won, ${t.promotion.state}` : '\u2013') : null,
    h('td', { class: 'nowrap' }, when(t.created)),
    h('td', { class: 'nowrap row-actions' }, suspendButton(id, t))))
    : [h('tr', null, h('td', { colspan: 8, class: 'dim' }, 'No team yet: send the invitation link.'))]));
}

/**
 * A team row's button that suspends the team (asking why: its pages show
 * it) or lets it back. A suspended team's bots play no new match and its
 * uploads are refused; it stays in the tables.
 * @param {number} eventID @param {any} t
 */
function suspendButton(eventID, t) {
  const b = h('button', { type: 'button', class: 'link', title: t.suspended ? 'Let the team play and upload again'
    : 'Its bots play no new match and its uploads are refused until you let it back' }, t.suspended ? 'Resume' : 'Suspend');
  b.addEventListener('click', async () => {
    const reason = t.suspended ? '' : prompt(`Suspend ${t.name}? Why (shown on the team’s pages; may be empty):`, '');
    if (reason === null) return;
    try {
      await orgAPI(`events/${eventID}/teams/${t.id}/suspend`, { method: 'POST', body: { suspended: !t.suspended, reason } });
      say(ui.eventMsg, t.suspended ? `${t.name} is back: it plays and uploads again.` : `${t.name} is suspended.`, 'ok');
      await refreshTeams();
    } catch (err) {
      say(ui.eventMsg, text(err));
    }
  });
  return b;
}

async function refreshMatches() {
  const id = state.chosen;
  const list = await orgAPI(`events/${id}/matches`);
  if (id !== state.chosen) return;
  ui.matches.replaceChildren(...(list.length ? list.slice(0, 100).map((/** @type {any} */ m) => h('tr', { dataset: { id: m.id } },
    h('td', { class: 'nowrap' }, when(m.played), kindTag(m)),
    h('td', { class: 'seats' }, m.seats.flatMap((/** @type {any} */ s, /** @type {number} */ k) => [
      k ? h('span', { class: 'dim' }, ' vs ') : null,
      h('span', { class: 'seat' }, s.team_id === 0 ? h('i', null, 'house bot') : s.team, s.rank !== undefined ? h('span', { class: 'dim' }, ` #${s.rank}`) : null)])),
    h('td', { class: 'nowrap row-actions' }, m.replay
      ? h('a', { href: `/platform/replay/${encodeURIComponent(m.id)}?event=${encodeURIComponent(id)}`, title: 'Watch the match (every bot\u2019s error output included)' }, 'replay')
      : h('span', { class: 'status failed', title: m.error || '' }, 'not played'))))
    : [h('tr', null, h('td', { colspan: 3, class: 'dim' }, 'No match yet: matches start once a team\u2019s build succeeds.'))]));
}

/** The worker machines of a platform on PostgreSQL (none with a data directory: the server plays). */
async function refreshWorkers() {
  const list = await orgAPI('workers');
  ui.workersCard.hidden = !list.length;
  ui.workers.replaceChildren(...list.map((/** @type {any} */ w) => h('tr', { dataset: { id: w.id } },
    h('td', { class: 'ellipsis', title: w.id }, w.host || w.id),
    h('td', { class: 'num' }, String(w.cores)),
    h('td', { class: 'num', title: `at most ${w.slots} matches at once` }, `${w.running} / ${w.slots}`),
    h('td', { class: 'num' }, String(w.done)),
    // an alive worker's beats are told only when they change the list:
    // the time of the last one the page read says nothing
    h('td', { class: 'nowrap' }, w.alive ? h('span', { class: 'dim', title: `started ${when(w.started)}` }, `beats every ${seconds(w.every_ms)}`) : when(w.seen)),
    h('td', null, w.alive
      ? h('span', { class: 'status ready' }, 'alive')
      : h('span', { class: 'status failed', title: 'silent for six heartbeats: its jobs were queued again' }, 'lost')))));
}

/** A heartbeat's period in words. @param {number} ms */
function seconds(ms) {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000) || 1} s`;
}

async function refreshEvents() {
  state.events = await orgAPI('events');
  await Promise.all(state.events.map(async (ev) => {
    try {
      state.controls[ev.id] = await orgAPI(`events/${ev.id}/controls`);
    } catch {
      delete state.controls[ev.id];
    }
  }));
  renderEvents();
}

/** @param {() => Promise<void>} f */
async function quietly(f) {
  try {
    await f();
    if (!ui.pageMsg.hidden) say(ui.pageMsg, '');
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) say(ui.pageMsg, text(err));
  }
}

/** @type {{stop: () => void}|null} */
let stream = null;
let followed = -1;

/**
 * Keeps the chosen event's teams and matches current by its stream (a
 * match recorded, a team moved to another league, a state of the event
 * changed), from the moment it is chosen, and the worker machines (a
 * heartbeat that changes the list); with no event chosen, the machines'
 * stream alone. Each hello reads them again: what changed between the
 * page's first read and the stream's opening, or while the stream was
 * down, was not told.
 */
function followChosen() {
  const id = state.events.some((e) => e.id === state.chosen) ? state.chosen : 0;
  if (id === followed) return;
  if (stream) stream.stop();
  followed = id;
  stream = follow(followed ? `organiser/events/${followed}/stream` : 'organiser/stream', 'organiser', (c) => {
    /** @type {string[]} */
    const kinds = c.kinds || [c.what];
    // a hello, a resync or a poll while the stream was down: anything may have changed
    const all = kinds.some((k) => k === 'hello' || k === 'resync' || k === 'poll');
    if (all || kinds.some((k) => k !== 'workers')) refreshChosen();
    if (all) refreshWorkersSerially();
    else if (kinds.includes('workers')) workersSoon();
  });
}

let workersDue = 0, workersRead = 0;
/**
 * Reads the workers again at a change of theirs, at most once in 5 s:
 * busy workers change their counts at each beat, each its own, and the
 * list needs no more than their beats' pace (it was read every 5 s).
 */
function workersSoon() {
  if (workersDue) return;
  workersDue = window.setTimeout(() => {
    workersDue = 0;
    workersRead = Date.now();
    refreshWorkersSerially();
  }, Math.max(0, workersRead + 5000 - Date.now()));
}

/** Reads the chosen event's teams and matches again, one read at a time. */
const refreshChosen = serially(async () => {
  if (!state.chosen) return;
  await quietly(refreshTeams);
  await quietly(refreshMatches);
});

/** Reads the worker machines again, one read at a time. */
const refreshWorkersSerially = serially(() => quietly(refreshWorkers));

async function start() {
  try {
    await refreshEvents();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) showLogin(text(err));
    return;
  }
  const games = await (await fetch('/api/games')).json();
  state.games = games.games;
  build();
  renderEvents();
  await quietly(refreshWorkers);
  const asked = /^#event-(\d+)$/.exec(location.hash);
  const first = asked ? Number(asked[1]) : (state.events[0] ? state.events[0].id : 0);
  if (!state.events.length) {
    state.creating = true;
    renderForm();
  }
  if (first) await choose(first);
  else followChosen(); // the machines' stream
}

function main() {
  // The organiser link carries the token after #: keep it, then take it
  // out of the address (and of the history), where it would be seen.
  const m = /^#(org-[A-Za-z0-9-]+)$/.exec(location.hash);
  if (m) {
    keepToken('organiser', m[1]);
    history.replaceState(null, '', '/platform/organiser');
  }
  if (!token('organiser')) {
    showLogin();
    return;
  }
  start();
}

main();
