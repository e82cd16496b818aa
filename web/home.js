// @ts-check
// The home page: the games, a form to start a match, and the matches
// (recorded in the replay directory and played from this page), newest first.
// Every text from the server is set as text (h, textContent), never as markup.
import { h } from '/player.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('start'));
const gameSel = /** @type {HTMLSelectElement} */ (form.elements.namedItem('game'));
const leagueSel = /** @type {HTMLSelectElement} */ (form.elements.namedItem('league'));
const botsBox = /** @type {HTMLElement} */ (form.querySelector('.bots'));
const errBox = /** @type {HTMLElement} */ (form.querySelector('.form-error'));
/** @type {any[]} */
let games = [];
let allowCommands = false;

function current() {
  return games.find((g) => g.name === gameSel.value);
}

/** @param {string} value */
function botRow(value) {
  const g = current();
  const builtins = g.builtins.map((/** @type {string} */ b) => `builtin:${b}`);
  const listId = `builtins-${g.name}`;
  const input = allowCommands
    ? [h('input', { list: listId, value, 'aria-label': 'bot' }),
      h('datalist', { id: listId }, builtins.map((/** @type {string} */ b) => h('option', { value: b })))]
    : h('select', { 'aria-label': 'bot' }, builtins.map((/** @type {string} */ b) => h('option', { selected: b === value }, b)));
  const remove = h('button', { type: 'button', class: 'remove', title: 'Remove' }, '\u00d7');
  const row = h('div', { class: 'bot-row' }, input, remove);
  remove.addEventListener('click', () => { if (botsBox.children.length > current().minPlayers) row.remove(); });
  botsBox.append(row);
}

function resetForm() {
  const g = current();
  botsBox.replaceChildren();
  for (let k = 0; k < (g.players || Math.max(2, g.minPlayers)); k++) botRow('builtin:' + g.builtins[Math.min(k, g.builtins.length - 1)]);
  leagueSel.replaceChildren(...(g.leagues || []).map((/** @type {any} */ l) =>
    h('option', { value: l.number, selected: l.number === g.defaultLeague }, `${l.number} ${l.name}`)));
  /** @type {HTMLElement} */ (form.querySelector('.league')).hidden = !(g.leagues || []).length;
}

/** @type {HTMLElement} */ (form.querySelector('.add-bot')).onclick = () => {
  if (botsBox.children.length < current().maxPlayers) botRow('builtin:' + current().builtins[0]);
};
gameSel.onchange = resetForm;

form.onsubmit = async (/** @type {SubmitEvent} */ e) => {
  e.preventDefault();
  errBox.hidden = true;
  const bots = [...botsBox.querySelectorAll('input,select')].map((el) => /** @type {HTMLInputElement} */ (el).value.trim());
  // The seed goes as a string: a JavaScript number holds 53 bits, a seed 64.
  const seed = /** @type {HTMLInputElement} */ (form.elements.namedItem('seed')).value.trim();
  const opts = /** @type {HTMLInputElement} */ (form.elements.namedItem('options')).value.split(/\s+/).filter(Boolean);
  const pauseMs = Number(/** @type {HTMLInputElement} */ (form.elements.namedItem('pause')).value) || 0;
  const body = { game: gameSel.value, bots, options: opts, pauseMs, league: Number(leagueSel.value) || 0, ...(seed !== '' ? { seed } : {}) };
  const res = await fetch('/api/matches', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const out = await res.json();
  if (!res.ok) {
    errBox.textContent = out.error;
    errBox.hidden = false;
    return;
  }
  // The page that started a match may stop it: keep its cancel token.
  if (out.cancelToken) sessionStorage.setItem(`arena-cancel-${out.id}`, out.cancelToken);
  location.href = out.url;
};

async function loadGames() {
  const res = await (await fetch('/api/games')).json();
  games = res.games;
  allowCommands = res.allowCommands;
  // A read-only server (a game host's viewer) shows matches and starts none.
  if (res.readOnly) /** @type {HTMLElement} */ (document.querySelector('.start-box')).hidden = true;
  // A server that runs the competition platform (--data) links to its pages.
  if (res.platform) /** @type {HTMLElement} */ (document.querySelector('header.site')).append(
    h('a', { href: '/platform/', class: 'platform-link', title: 'Events, teams, their bots and the leaderboard' }, 'Competition platform \u203a'));
  // Options that name files (map=, arena=...) take one of the server's maps.
  const maps = /** @type {HTMLElement} */ (form.querySelector('.maps'));
  maps.textContent = res.maps && res.maps.length ? `Maps for file options (map=NAME): ${res.maps.join(', ')}` : '';
  maps.hidden = !maps.textContent;
  if (res.maxPauseMs) /** @type {HTMLInputElement} */ (form.elements.namedItem('pause')).max = String(res.maxPauseMs);
  gameSel.replaceChildren(...games.map((g) => h('option', { value: g.name }, g.name)));
  /** @type {HTMLElement} */ (document.querySelector('.games')).replaceChildren(...games.map((g) =>
    h('li', null, h('b', null, g.name), ' ', g.title, h('div', { class: 'dim' }, g.summary))));
  resetForm();
}

/** @param {any} m @returns {import('./player.js').Child} */
function resultText(m) {
  if (m.live) return [h('span', { class: 'live-badge' }, 'LIVE'), ' turn ' + m.turns];
  if (!m.result) return '';
  if (m.summary) return m.summary;
  return m.result.map((/** @type {any} */ r, /** @type {number} */ k) => `${m.players[k]} #${r.rank} (${r.score})`).join(', ');
}

async function loadMatches() {
  const list = await (await fetch('/api/matches')).json();
  const body = /** @type {HTMLElement} */ (document.querySelector('.matches tbody'));
  body.replaceChildren(...(list.length ? list.map((/** @type {any} */ m) => h('tr', null,
    h('td', null, new Date(m.started).toLocaleString()),
    h('td', null, m.game),
    h('td', null, m.players.join(' vs ')),
    h('td', null, resultText(m)),
    h('td', null, h('a', { href: `/match/${encodeURIComponent(m.id)}` }, 'watch'))))
    : [h('tr', null, h('td', { colspan: 5, class: 'dim' }, 'No match yet: start one, or play one with ',
      h('code', null, 'arena play GAME ... --replay replays/NAME.json'), '.'))]));
}

loadGames();
loadMatches();
setInterval(loadMatches, 3000);
