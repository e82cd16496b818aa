// @ts-check
// The team's editor (/platform/editor, ?submission=N for another of its
// submissions than the active one): a file of the submission's upload in
// CodeMirror (a single source file, or a kit's bot file and its other
// files), Play and Submit.
//
// Play makes a draft of the edited upload (a new submission that its
// build never makes the active bot), waits for its build, plays a test
// game of it and shows the game's replay beside the code, with the
// team's own bot's error output turn by turn. Playing the same text again
// plays the same draft. Submit makes the edited upload the team's next
// submission: built (at once when a draft of the same text was), it is the
// active bot, and the editor goes on from it.
import { h, api, API, token, forgetToken, header, say, byId, ApiError, fetchAs, userMessage } from '/platform/common.js';
import { Player } from '/player.js';
import { createEditor, modeOf } from '/platform/editor.bundle.js';

const root = byId('page');

/** The page's state. */
const state = {
  /** The submission whose upload the editor edits. @type {any} */ base: null,
  /** The file opened: its path, and its text as it came. */
  path: '',
  opened: '',
  /** The newest draft and the text it was made of. @type {{ id: number, text: string, path: string, base: number } | null} */
  draft: null,
  busy: false,
  /** The team's id and its active submission (0: none). */
  teamId: 0,
  active: 0,
};

/** @type {Record<string, any>} */
const ui = {};

/** The player of the last test game shown (one at a time). @type {Player | null} */
let shown = null;

/** Calls the API as the team; a refused token goes back to the login. @param {string} path @param {any} [o] */
async function teamAPI(path, o = {}) {
  try {
    return await api(path, { ...o, role: 'team' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetToken('team');
      sessionStorage.setItem('arena-platform-notice', err.message);
      location.replace('/platform/');
    }
    throw err;
  }
}

/** @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

function build() {
  ui.file = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'The file to edit', class: 'editor-file' }));
  ui.mode = h('span', { class: 'dim editor-mode' });
  ui.vs = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'The opponent' },
    h('option', { value: '' }, 'vs the boss (or house bot)'),
    h('option', { value: 'house' }, 'vs the house bot'),
    h('option', { value: 'active' }, 'vs your active bot')));
  ui.play = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'primary', title: 'Build this code (not made active) and play a test game with it' }, '\u25b6 Play'));
  ui.submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', title: 'Make this code your next submission: once built, your active bot' }, 'Submit'));
  ui.msg = h('p', { class: 'notice', hidden: true, role: 'status' });
  ui.code = h('div', { class: 'editor-code' });
  ui.game = h('div', { class: 'editor-game' }, h('p', { class: 'dim' }, 'Play shows its test game here: the replay, and your bot\u2019s error output.'));
  ui.player = h('div', { class: 'editor-player', hidden: true });
  ui.stderr = h('pre', { class: 'editor-stderr', 'aria-label': 'Your bot\u2019s error output' });
  ui.stderrHead = h('h3');
  ui.stderrBox = h('div', { class: 'editor-stderr-box', hidden: true }, ui.stderrHead, ui.stderr);
  root.replaceChildren(
    header('Editor', h('a', { href: '/platform/team', class: 'small-button' }, '\u2039 Team')),
    h('main', { class: 'editor-grid' },
      h('section', { class: 'editor-pane', 'aria-label': 'Code' },
        h('div', { class: 'editor-bar' }, ui.file, ui.mode, h('span', { class: 'grow' }), ui.vs, ui.play, ui.submit),
        ui.msg,
        ui.code),
      h('section', { class: 'editor-side', 'aria-label': 'Test game' }, ui.game, ui.player, ui.stderrBox)));
  ui.editor = createEditor(ui.code, '', '', () => { ui.play.disabled = ui.submit.disabled = state.busy; });
  ui.file.addEventListener('change', () => {
    if (ui.editor.text() !== state.opened && !confirm('Open another file? Your changes to this one are lost.')) {
      ui.file.value = state.path;
      return;
    }
    open(state.base.id, ui.file.value).catch((err) => say(ui.msg, text(err)));
  });
  ui.play.addEventListener('click', () => run(play));
  ui.submit.addEventListener('click', () => run(submit));
}

/** Runs an action with the buttons off, saying its error. @param {() => Promise<void>} f */
async function run(f) {
  if (state.busy) return;
  state.busy = true;
  ui.play.disabled = ui.submit.disabled = true;
  try {
    await f();
  } catch (err) {
    say(ui.msg, text(err));
  } finally {
    state.busy = false;
    ui.play.disabled = ui.submit.disabled = false;
  }
}

/**
 * Opens a file of submission id ('' for its main file) in the editor.
 * @param {number} id @param {string} path
 */
async function open(id, path) {
  const src = await teamAPI(`submissions/${id}/source${path ? `?path=${encodeURIComponent(path)}` : ''}`);
  state.base = src.submission;
  state.path = src.path;
  state.opened = src.text;
  ui.file.replaceChildren(...src.files.map((/** @type {any} */ f) =>
    h('option', { value: f.path, disabled: !f.editable, title: f.editable ? null : 'not text the editor opens' }, f.path)));
  ui.file.value = src.path;
  ui.mode.textContent = `#${src.submission.id} \u00b7 ${modeOf(src.path) || 'plain text'}`;
  ui.editor.set(src.text, src.path);
  document.title = `${src.path} \u2013 Editor \u2013 Arena`;
}

/**
 * A new submission of the edited file: a draft or the next bot.
 * @param {boolean} draft @returns {Promise<any>}
 */
function edited(draft) {
  return teamAPI(`submissions/${state.base.id}/edit`, { method: 'POST', body: { path: state.path, text: ui.editor.text(), draft } });
}

/**
 * Waits for a submission's build to end, saying how it goes.
 * @param {number} id @param {string} what @returns {Promise<any>}
 */
async function built(id, what) {
  for (;;) {
    const s = await teamAPI(`submissions/${id}`);
    if (s.status === 'ready' || s.status === 'failed') return s;
    say(ui.msg, `${what} #${id}: ${s.status === 'queued' ? 'waiting for a build worker' : 'building'}\u2026`, 'info');
    await sleep(1000);
  }
}

/** Shows a failed build's error and the end of its log beside the code. @param {any} s */
async function buildFailed(s) {
  say(ui.msg, `The build of #${s.id} failed: ${s.error || 'see its log'}`);
  let log = '';
  try {
    log = await (await fetchAs(API + `submissions/${s.id}/log`, 'team')).text();
  } catch {
    log = '';
  }
  ui.game.replaceChildren(h('p', { class: 'notice error' }, `Build #${s.id} failed. The end of its log:`));
  ui.player.hidden = true;
  ui.stderrBox.hidden = false;
  ui.stderrHead.textContent = 'The build\u2019s log';
  ui.stderr.textContent = log.split('\n').slice(-40).join('\n');
}

/** Play: a draft of the code (the same text: the same draft), its test game, its replay. */
async function play() {
  const code = ui.editor.text();
  let d = state.draft;
  if (!d || d.text !== code || d.path !== state.path || d.base !== state.base.id) {
    say(ui.msg, 'Sending the code\u2026', 'info');
    const s = await edited(true);
    d = state.draft = { id: s.id, text: code, path: state.path, base: state.base.id };
  }
  const s = await built(d.id, 'Test build');
  if (s.status === 'failed') {
    await buildFailed(s);
    return;
  }
  const vs = ui.vs.value === 'active' ? activeVs() : ui.vs.value;
  let g = await teamAPI('tests', { method: 'POST', body: vs ? { submission: d.id, vs } : { submission: d.id } });
  const started = Date.now();
  while (g.state === 'queued' || g.state === 'playing') {
    say(ui.msg, `Test game ${g.id} of #${d.id}: ${g.state}\u2026 (${Math.round((Date.now() - started) / 1000)} s)`, 'info');
    await sleep(1000);
    g = await teamAPI(`tests/${g.id}`);
  }
  if (g.state !== 'done') throw new Error(`Test game ${g.id} could not be played: ${g.error || g.state}`);
  say(ui.msg, '');
  await showGame(g);
}

/** The opponent "your active bot": the active submission, as the test games name it. */
function activeVs() {
  if (!state.active) throw new Error('your team has no active bot yet: play the boss or the house bot');
  return `submission:${state.active}`;
}

/**
 * A played test game beside the code: its result, the replay in the
 * player, and the team's own bot's error output by turn.
 * @param {any} g
 */
async function showGame(g) {
  const res = await fetchAs(API + `tests/${g.id}/replay`, 'team');
  const body = await res.text();
  /** @type {any} */
  let rep = null;
  try {
    rep = JSON.parse(body);
  } catch {
    rep = null;
  }
  if (!res.ok || !rep) throw new ApiError(res.status, userMessage(res.status, rep && rep.error, 'team'));
  // the seed as the text says it (a JSON number past 2^53 is rounded)
  const seed = /"seed":\s*(-?\d+)/.exec(body);
  if (seed && typeof rep.seed === 'number') rep.seed = seed[1];
  (g.seats || []).forEach((/** @type {any} */ s, /** @type {number} */ k) => {
    if (rep.players[k]) rep.players[k].name = s.submission ? `${s.team} #${s.submission}` : s.team;
  });
  const word = g.result === 'win' ? 'Won' : g.result === 'loss' ? 'Lost' : 'Drawn';
  ui.game.replaceChildren(h('p', { class: `test-done ${g.result}` },
    h('b', null, word), ` \u00b7 test game ${g.id} \u00b7 vs ${g.opponent} \u00b7 seed ${g.seed} \u00b7 `,
    h('a', { href: g.page, target: '_blank', rel: 'noopener' }, 'full page')));
  ui.player.hidden = false;
  ui.player.replaceChildren();
  const title = document.title;
  // one player at a time: the last one's keys and playback end with it
  if (shown) shown.destroy();
  shown = new Player(ui.player, { replay: rep });
  await shown.start();
  document.title = title;
  ui.stderrBox.hidden = false;
  ui.stderrHead.textContent = 'Your bot\u2019s error output';
  ui.stderr.textContent = ownStderr(rep, g) || 'Your bot wrote nothing to its error output.';
}

/**
 * The error output of the team's seats (the replay holds only theirs),
 * turn by turn.
 * @param {any} rep @param {any} g @returns {string}
 */
function ownStderr(rep, g) {
  const mine = (g.seats || []).map((/** @type {any} */ s) => s.team_id === state.teamId);
  const lines = [];
  for (const [i, turn] of (rep.turns || []).entries()) {
    for (const [k, r] of (turn.replies || []).entries()) {
      if (!r.stderr || !mine[k]) continue;
      const who = mine.filter(Boolean).length > 1 ? ` ${rep.players[k].name}` : '';
      lines.push(`turn ${i + 1}${who}: ${String(r.stderr).replace(/\n$/, '').replaceAll('\n', `\n${' '.repeat(6 + String(i + 1).length + who.length)}`)}`);
    }
  }
  return lines.join('\n');
}

/** Submit: the edited code as the team's next submission, followed until built and active. */
async function submit() {
  if (!confirm('Submit this code? Once built, it becomes your active bot.')) return;
  say(ui.msg, 'Sending the code\u2026', 'info');
  const s = await built((await edited(false)).id, 'Submission');
  if (s.status === 'failed') {
    await buildFailed(s);
    return;
  }
  const t = await teamAPI('team');
  state.active = t.team.active;
  const path = state.path;
  await open(s.id, path);
  say(ui.msg, `Submission #${s.id} is built${t.team.active === s.id ? ' and is your active bot' : ''}.`, 'ok');
}

async function main() {
  if (!token('team')) {
    location.replace('/platform/');
    return;
  }
  try {
    const t = await teamAPI('team');
    state.teamId = t.team.id;
    state.active = t.team.active;
    build();
    let id = Number(new URLSearchParams(location.search).get('submission')) || t.team.active;
    if (!id) {
      const subs = await teamAPI('submissions');
      const s = subs.find((/** @type {any} */ x) => x.language !== 'url');
      if (!s) throw new Error('Your team has no submission yet: upload a bot on the team page first.');
      id = s.id;
    }
    await open(id, '');
    ui.editor.focus();
  } catch (err) {
    if (!ui.msg) root.replaceChildren(header('Editor'), h('main', { class: 'plat' }, h('p', { class: 'notice error' }, text(err))));
    else say(ui.msg, text(err));
  }
}

main();
