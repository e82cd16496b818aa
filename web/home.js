// @ts-check
// The home page: the games, a form to start a match, and the matches
// (recorded in the replay directory and played from this page), newest first.

/** @param {string} s */
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] || c);

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
  const row = document.createElement('div');
  row.className = 'bot-row';
  const builtins = g.builtins.map((/** @type {string} */ b) => `builtin:${b}`);
  row.innerHTML = allowCommands
    ? `<input list="builtins-${g.name}" value="${esc(value)}" aria-label="bot"><datalist id="builtins-${g.name}">${builtins.map((/** @type {string} */ b) => `<option value="${esc(b)}">`).join('')}</datalist>`
    : `<select aria-label="bot">${builtins.map((/** @type {string} */ b) => `<option ${b === value ? 'selected' : ''}>${esc(b)}</option>`).join('')}</select>`;
  row.insertAdjacentHTML('beforeend', '<button type="button" class="remove" title="Remove">&times;</button>');
  /** @type {HTMLElement} */ (row.querySelector('.remove')).onclick = () => { if (botsBox.children.length > current().minPlayers) row.remove(); };
  botsBox.append(row);
}

function resetForm() {
  const g = current();
  botsBox.innerHTML = '';
  for (let k = 0; k < Math.max(2, g.minPlayers); k++) botRow('builtin:' + g.builtins[Math.min(k, g.builtins.length - 1)]);
  leagueSel.innerHTML = (g.leagues || []).map((/** @type {any} */ l) => `<option value="${l.number}" ${l.number === g.defaultLeague ? 'selected' : ''}>${l.number} ${esc(l.name)}</option>`).join('');
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
  const seed = /** @type {HTMLInputElement} */ (form.elements.namedItem('seed')).value;
  const opts = /** @type {HTMLInputElement} */ (form.elements.namedItem('options')).value.split(/\s+/).filter(Boolean);
  const pauseMs = Number(/** @type {HTMLInputElement} */ (form.elements.namedItem('pause')).value) || 0;
  const body = { game: gameSel.value, bots, options: opts, pauseMs, league: Number(leagueSel.value) || 0, ...(seed !== '' ? { seed: Number(seed) } : {}) };
  const res = await fetch('/api/matches', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const out = await res.json();
  if (!res.ok) {
    errBox.textContent = out.error;
    errBox.hidden = false;
    return;
  }
  location.href = out.url;
};

async function loadGames() {
  const res = await (await fetch('/api/games')).json();
  games = res.games;
  allowCommands = res.allowCommands;
  // A read-only server (a game host's viewer) shows matches and starts none.
  if (res.readOnly) /** @type {HTMLElement} */ (document.querySelector('.start-box')).hidden = true;
  gameSel.innerHTML = games.map((g) => `<option value="${esc(g.name)}">${esc(g.name)}</option>`).join('');
  /** @type {HTMLElement} */ (document.querySelector('.games')).innerHTML = games.map((g) =>
    `<li><b>${esc(g.name)}</b> ${esc(g.title)}<div class="dim">${esc(g.summary)}</div></li>`).join('');
  resetForm();
}

/** @param {any} m */
function resultText(m) {
  if (m.live) return '<span class="live-badge">LIVE</span> turn ' + m.turns;
  if (!m.result) return '';
  if (m.summary) return esc(m.summary);
  return m.result.map((/** @type {any} */ r, /** @type {number} */ k) => `${esc(m.players[k])} #${r.rank} (${r.score})`).join(', ');
}

async function loadMatches() {
  const list = await (await fetch('/api/matches')).json();
  const body = /** @type {HTMLElement} */ (document.querySelector('.matches tbody'));
  body.innerHTML = list.length ? list.map((/** @type {any} */ m) => `<tr>
      <td>${esc(new Date(m.started).toLocaleString())}</td>
      <td>${esc(m.game)}</td>
      <td>${m.players.map(esc).join(' vs ')}</td>
      <td>${resultText(m)}</td>
      <td><a href="/match/${encodeURIComponent(m.id)}">watch</a></td></tr>`).join('')
    : '<tr><td colspan="5" class="dim">No match yet: start one, or play one with <code>arena play GAME ... --replay replays/NAME.json</code>.</td></tr>';
}

loadGames();
loadMatches();
setInterval(loadMatches, 3000);
