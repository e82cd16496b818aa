// @ts-check
// The team's event page (/platform/team): the starter kits, the upload of
// a bot with its progress, the submissions and their builds (updated while
// a build runs; the compiler's error under the upload button when the
// newest build failed), the team's matches with their replays and the
// team's own bot log, and the event's leaderboard.
import {
  h, api, API, token, fetchAs, forgetToken, header, say, byId, when, download, saveBlob, userMessage, ApiError, kindTag, follow, serially,
} from '/platform/common.js';
import { teamRounds, ladderTable, roundState } from '/platform/rounds.js';
import { sideQuestRows, sideQuestCard } from '/platform/sidequest.js';
import { rulesCard } from '/platform/rules.js';
import { standingsView } from '/platform/blitz.js';
import { pagesOf } from '/platform/formats.js';
import { playCard } from '/platform/testgame.js';

const root = byId('page');
const ZIP_LIMIT = 20 << 20;
/** Source files the platform builds alone, by the language registry (docs/languages.md). */
const SOURCES = ['.bash', '.c', '.c++', '.cc', '.clj', '.cpp', '.cs', '.cxx', '.d', '.go', '.groovy', '.hs', '.java', '.js', '.kt', '.lua', '.m', '.ml', '.pas', '.php', '.pl', '.pp', '.py', '.rb', '.rs', '.scala', '.sh', '.ts'];
const LANGUAGES = /** @type {Record<string, string>} */ ({
  bash: 'Bash', c: 'C', clojure: 'Clojure', cpp: 'C++', csharp: 'C#', d: 'D', go: 'Go', groovy: 'Groovy', haskell: 'Haskell',
  java: 'Java', 'javascript': 'JavaScript', kotlin: 'Kotlin', lua: 'Lua', 'objective-c': 'Objective-C', ocaml: 'OCaml',
  pascal: 'Pascal', perl: 'Perl', php: 'PHP', python: 'Python', ruby: 'Ruby', rust: 'Rust', scala: 'Scala', typescript: 'TypeScript',
});
const STATUS = /** @type {Record<string, string>} */ ({
  queued: 'Queued: waiting for a build worker', building: 'Building', ready: 'Built: ready to play', failed: 'The build failed',
});

/** @param {string} lang */
function language(lang) {
  return LANGUAGES[lang] || lang || '';
}

/** The page's state, filled by the API. */
const state = {
  /** @type {any} */ team: null,
  /** @type {any} */ event: null,
  /** @type {any[]} */ submissions: [],
  /** The submission whose build log the error box shows, and its text. */
  logShown: { id: 0, text: '' },
  uploading: false,
  /** The submission the upload notice speaks of, until its build ends. */
  pending: 0,
  /** The game's leagues (from /api/games), when the event plays them. @type {any[]} */
  leagues: [],
  /** Whether the event's game has league statements (GET rules). */
  statements: false,
  /** The league whose leaderboard is shown ('' = the event's). */
  boardLeague: '',
  /** Whether the list shows every match (else the newest ones). */
  allMatches: false,
  /** Refreshes the Play card's menus (playCard). @type {() => void} */
  refreshPlay: () => {},
};

/** @type {Record<string, HTMLElement>} */
const ui = {};

/** Leaves for the login page (the token was refused). @param {string} why */
function loggedOut(why) {
  forgetToken('team');
  sessionStorage.setItem('arena-platform-notice', why);
  location.replace('/platform/');
}

/** Calls the API as the team; a refused token logs out. @param {string} path @param {any} [o] */
async function teamAPI(path, o = {}) {
  try {
    return await api(path, { ...o, role: 'team' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) loggedOut(err.message);
    throw err;
  }
}

/** The statement of the team's league (rules.js). */
const rules = rulesCard(teamAPI);

/** The message of an error, for a notice. @param {unknown} err */
function text(err) {
  return err instanceof Error ? err.message : String(err);
}

function build() {
  const logout = h('button', { type: 'button', class: 'small-button', title: 'This browser forgets the team token' }, 'Log out');
  logout.addEventListener('click', () => {
    if (!confirm('Log out? This browser forgets your team token: you will need it to log in again.')) return;
    forgetToken('team');
    location.assign('/platform/');
  });
  const ev = state.event;
  ui.file = h('input', { type: 'file', name: 'file', accept: ['.zip', ...SOURCES].join(','), class: 'file-input' });
  ui.fileName = h('span', { class: 'file-name' }, 'No file chosen');
  ui.submit = h('button', { type: 'submit', class: 'primary', disabled: true }, 'Upload and build');
  ui.progress = h('progress', { max: 100, value: 0, hidden: true });
  ui.uploadMsg = h('p', { class: 'notice', hidden: true, role: 'status' });
  ui.buildError = h('div', { class: 'build-error', hidden: true, role: 'alert' });
  ui.drop = h('label', { class: 'drop' },
    ui.file,
    h('span', { class: 'drop-title' }, 'Choose a file, or drop it here'),
    h('span', { class: 'dim' }, `A zip of a starter kit you modified, or one source file (${SOURCES.join(' ')}); 20 MiB at most.`),
    ui.fileName);
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'upload' }, ui.drop,
    h('div', { class: 'actions' }, ui.submit, ui.progress), ui.uploadMsg, ui.buildError));
  ui.subs = h('tbody');
  ui.kits = h('div', { class: 'kits' }, h('span', { class: 'dim' }, 'Loading…'));
  ui.kitMsg = h('p', { class: 'notice', hidden: true });
  ui.board = h('tbody');
  ui.boardHead = h('thead');
  ui.boardNote = h('p', { class: 'dim', hidden: true });
  ui.matches = h('tbody');
  ui.matchMsg = h('p', { class: 'notice', hidden: true });
  ui.matchesMore = h('div', { class: 'more' });
  ui.pageMsg = h('p', { class: 'notice page-notice', hidden: true, role: 'alert' });
  ui.league = h('div', { class: 'league', hidden: true });
  ui.results = h('section', { class: 'card', id: 'results', hidden: true });
  ui.ladder = h('section', { class: 'card', id: 'ladder', hidden: true });
  const httpBot = ev.settings && ev.settings.http_bots ? httpBotForm() : null;
  ui.leagueSel = h('span');
  const play = playCard(teamAPI, { event: ev, submissions: () => state.submissions });
  state.refreshPlay = play.refresh;
  ui.side = h('tbody');
  const sideQuest = ev.formats.includes('sidequest') ? sideQuestCard(ui.side, 'sidequest') : null;
  root.replaceChildren(
    header(h('span', null, h('b', null, ev.name), h('span', { class: 'dim' }, ` \u00b7 ${ev.game}`)),
      h('span', { class: 'who', title: (state.team.members || []).length ? `Members: ${state.team.members.join(', ')}` : null }, 'Team ', h('b', { class: 'team-name' }, state.team.name)), logout),
    ui.pageMsg,
    ui.suspended = h('p', { class: 'notice error', id: 'suspended', role: 'alert', hidden: true }),
    h('main', { class: 'plat team-grid' },
      h('div', { class: 'col' },
        h('section', { class: 'card', id: 'bot' },
          h('div', { class: 'card-head' }, h('h2', null, 'Your bot'),
            h('a', { href: '/platform/editor', class: 'small-button', title: 'Edit your active bot\u2019s code, play test games with it, submit it' }, 'Open the editor')),
          h('p', { class: 'dim' }, 'Each upload is built on the server. The newest build that succeeds becomes your active bot, the one that plays.'),
          form,
          httpBot,
          h('h3', null, 'Submissions'),
          h('div', { class: 'table-wrap' }, h('table', { class: 'list submissions' },
            h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, 'File'), h('th', null, 'Language'),
              h('th', null, 'Status'), h('th', null, 'Uploaded'), h('th', null, ''))),
            ui.subs))),
        play.card,
        h('section', { class: 'card', id: 'kits' },
          h('h2', null, 'Starter kits'),
          h('p', { class: 'dim' }, `A bot for ${ev.game} in each language, ready to modify and upload back as a zip.`),
          ui.kits, ui.kitMsg),
        rules.card),
      h('div', { class: 'col' },
        // the cards of the event's formats (formats.js): a spawn vote and a final...
        ...pagesOf(ev).flatMap((f) => (f.teamCardsFirst ? f.teamCardsFirst(state.team, teamAPI, () => token('team')) : [])),
        ui.results,
        ui.ladder,
        // ... and ranked rounds (formats.js)
        ...pagesOf(ev).flatMap((f) => (f.teamCards ? f.teamCards(state.team, teamAPI, () => token('team')) : [])),
        h('section', { class: 'card', id: 'leaderboard' },
          h('div', { class: 'card-head' }, h('h2', null, 'Leaderboard'), ui.leagueSel),
          ui.league,
          ui.boardNote,
          h('div', { class: 'table-wrap' }, h('table', { class: 'list board' }, ui.boardHead, ui.board))),
        sideQuest,
        h('section', { class: 'card', id: 'matches' },
          h('h2', null, 'Your matches'),
          ui.matchMsg,
          h('div', { class: 'table-wrap' }, h('table', { class: 'list matches' },
            h('thead', null, h('tr', null, h('th', null, 'Played'), h('th', null, 'Seats'), h('th', null, 'Result'), h('th', null, ''))),
            ui.matches)),
          ui.matchesMore))));
  bindUpload(form);
  showSuspended();
  document.title = `${state.team.name} \u2013 ${ev.name} \u2013 Arena`;
}

/** Says at the top of the page when the organiser suspended the team, and why. */
function showSuspended() {
  const t = state.team;
  ui.suspended.hidden = !t.suspended;
  ui.suspended.textContent = t.suspended ? `The organiser suspended your team${t.reason ? `: ${t.reason}` : ''}. `
    + 'Its bots play no match and its uploads are refused until the organiser lets it back.' : '';
}

/**
 * In events that take HTTP bots: the URL of the team's own server, which
 * the platform calls with the game's HTTP protocol.
 */
function httpBotForm() {
  const url = /** @type {HTMLInputElement} */ (h('input', { name: 'url', type: 'url', required: true, placeholder: 'https://bot.example.org/', autocomplete: 'off' }));
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit' }, 'Register the URL'));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'http-bot' },
    h('h3', null, 'Or: your HTTP bot\u2019s URL'),
    h('p', { class: 'dim' }, 'The platform calls your server at this address in every match, instead of building code. It becomes your active bot.'),
    h('div', { class: 'token-row' }, url, submit)));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    submit.disabled = true;
    try {
      const sub = await teamAPI('httpbot', { method: 'POST', body: { url: url.value.trim() } });
      say(ui.uploadMsg, `Submission #${sub.id}: your HTTP bot is your active bot now.`, 'ok');
      url.value = '';
      await refreshSubmissions();
    } catch (err) {
      say(ui.uploadMsg, text(err));
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

/** The upload form: choose or drop a file, send it with its progress. @param {HTMLFormElement} form */
function bindUpload(form) {
  const input = /** @type {HTMLInputElement} */ (ui.file);
  const chosen = () => {
    const f = input.files && input.files[0];
    ui.fileName.textContent = f ? `${f.name} (${size(f.size)})` : 'No file chosen';
    /** @type {HTMLButtonElement} */ (ui.submit).disabled = !f || state.uploading;
    say(ui.uploadMsg, f ? check(f) : '');
  };
  input.addEventListener('change', chosen);
  ui.drop.addEventListener('dragover', (e) => { e.preventDefault(); ui.drop.classList.add('over'); });
  ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
  ui.drop.addEventListener('drop', (e) => {
    e.preventDefault();
    ui.drop.classList.remove('over');
    if (e.dataTransfer && e.dataTransfer.files.length) {
      input.files = e.dataTransfer.files;
      chosen();
    }
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = input.files && input.files[0];
    if (!f || state.uploading) return;
    const bad = check(f);
    if (bad) {
      say(ui.uploadMsg, bad);
      return;
    }
    state.uploading = true;
    /** @type {HTMLButtonElement} */ (ui.submit).disabled = true;
    const bar = /** @type {HTMLProgressElement} */ (ui.progress);
    bar.hidden = false;
    bar.value = 0;
    say(ui.uploadMsg, `Uploading ${f.name}\u2026`, 'info');
    try {
      const sub = await upload(f, (p) => { bar.value = Math.round(p * 100); });
      bar.value = 100;
      say(ui.uploadMsg, `Submission #${sub.id} is uploaded: its build is queued.`, 'info');
      state.pending = sub.id;
      input.value = '';
      ui.fileName.textContent = 'No file chosen';
      await refreshSubmissions();
    } catch (err) {
      say(ui.uploadMsg, text(err));
    } finally {
      state.uploading = false;
      bar.hidden = true;
      /** @type {HTMLButtonElement} */ (ui.submit).disabled = !(input.files && input.files[0]);
    }
  });
}

/** What is wrong with a file before it is sent, or ''. @param {File} f */
function check(f) {
  const name = f.name.toLowerCase();
  if (f.size > ZIP_LIMIT) return `${f.name} is ${size(f.size)}: an upload may be at most 20 MiB.`;
  if (!name.endsWith('.zip') && !SOURCES.some((ext) => name.endsWith(ext))) {
    return `${f.name} is neither a zip nor a source file the platform knows (${SOURCES.join(' ')}).`;
  }
  if (f.size === 0) return `${f.name} is empty.`;
  return '';
}

/** @param {number} n */
function size(n) {
  if (n < 1024) return `${n} bytes`;
  if (n < 1 << 20) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1 << 20)).toFixed(1)} MiB`;
}

/**
 * Sends a file as the form's "file" field; XMLHttpRequest, as fetch tells
 * nothing of an upload's progress.
 * @param {File} f @param {(fraction: number) => void} progress @returns {Promise<any>}
 */
function upload(f, progress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API + 'submissions');
    xhr.setRequestHeader('Authorization', `Bearer ${token('team')}`);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (e) => { if (e.lengthComputable) progress(e.loaded / e.total); });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.response);
        return;
      }
      if (xhr.status === 401) loggedOut(userMessage(401, '', 'team'));
      reject(new ApiError(xhr.status, userMessage(xhr.status, xhr.response && xhr.response.error, 'team')));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'The upload did not reach the server: check your connection, or whether the server still runs.')));
    const body = new FormData();
    body.append('file', f, f.name);
    xhr.send(body);
  });
}

/** A status badge. @param {string} status */
function badge(status) {
  return h('span', { class: `status ${status}`, title: STATUS[status] || status }, status);
}

async function refreshSubmissions() {
  const before = JSON.stringify(state.submissions.map((s) => [s.id, s.status]));
  state.submissions = await teamAPI('submissions');
  const subs = state.submissions;
  if (JSON.stringify(subs.map((s) => [s.id, s.status])) !== before) state.refreshPlay();
  ui.subs.replaceChildren(...(subs.length ? subs.map((s) => {
    const log = h('button', { type: 'button', class: 'link', title: 'Download the build log' }, 'log');
    log.addEventListener('click', () => download(s.log, 'team', `build-${s.id}.log`).catch((err) => say(ui.uploadMsg, text(err))));
    /** @type {import('/player.js').Child} */
    let act = null;
    if (s.active) act = h('span', { class: 'active-badge', title: 'This build plays your matches' }, '\u2605 active');
    else if (s.status === 'ready') {
      act = h('button', { type: 'button', class: 'small-button', title: 'Play this build again instead of the active one' }, 'Activate');
      act.addEventListener('click', () => activate(s.id));
    }
    // the editor opens its source (an HTTP bot's URL has none)
    const edit = s.language === 'url' ? null : h('a', { href: `/platform/editor?submission=${s.id}`, class: 'edit-link', title: 'Open its code in the editor' }, 'edit');
    return h('tr', { class: s.active ? 'active' : null, dataset: { id: s.id } },
      h('td', { class: 'num' }, String(s.id)),
      h('td', { class: 'ellipsis', title: s.draft ? `${s.filename}: a draft the editor built for test games` : s.filename },
        s.filename, s.draft ? h('span', { class: 'dim' }, ' (draft)') : null),
      h('td', null, language(s.language)),
      h('td', null, badge(s.status)),
      h('td', { class: 'nowrap' }, when(s.created)),
      h('td', { class: 'nowrap row-actions' }, act, ' ', log, edit ? ' ' : null, edit));
  }) : [h('tr', null, h('td', { colspan: 6, class: 'dim' }, 'No submission yet: download a starter kit below, modify it, and upload it.'))]));
  // The upload's notice follows its build to the end.
  const pending = subs.find((s) => s.id === state.pending);
  if (pending && pending.status !== 'queued') {
    if (pending.status === 'building') say(ui.uploadMsg, `Submission #${pending.id} is building\u2026`, 'info');
    else {
      state.pending = 0;
      if (pending.status === 'ready') say(ui.uploadMsg, `Submission #${pending.id} is built${pending.active ? ': it is your active bot now' : ''}.`, 'ok');
      else say(ui.uploadMsg, '');
    }
  }
  // a draft's failed build is the editor's to show
  await showBuildError(subs.find((s) => !s.draft));
}

/**
 * Under the upload button: the compiler's error when the newest build
 * failed (the end of its build log, where compilers say what is wrong).
 * @param {any} newest
 */
async function showBuildError(newest) {
  if (!newest || newest.status !== 'failed') {
    ui.buildError.hidden = true;
    return;
  }
  if (state.logShown.id !== newest.id) {
    let log = '';
    try {
      log = await (await fetchAs(newest.log, 'team')).text();
    } catch {
      log = '';
    }
    state.logShown = { id: newest.id, text: tail(log, 60) };
  }
  const whole = h('button', { type: 'button', class: 'small-button' }, 'Download the whole build log');
  whole.addEventListener('click', () => download(newest.log, 'team', `build-${newest.id}.log`).catch((err) => say(ui.uploadMsg, text(err))));
  ui.buildError.replaceChildren(...flat(
    h('h3', null, `The build of submission #${newest.id} (${newest.filename}) failed`),
    newest.error ? h('p', { class: 'why' }, newest.error) : null,
    state.logShown.text ? h('pre', { class: 'log' }, state.logShown.text) : null,
    h('div', { class: 'actions' }, whole,
      state.team.active ? h('span', { class: 'dim' }, 'Your active bot is still the last build that succeeded.') : null)));
  ui.buildError.hidden = false;
}

/** The nodes of a list, without the missing ones. @param {...(Node|null)} nodes @returns {Node[]} */
function flat(...nodes) {
  return /** @type {Node[]} */ (nodes.filter(Boolean));
}

/** The last lines of a text. @param {string} s @param {number} n */
function tail(s, n) {
  const lines = s.replace(/\s+$/, '').split('\n');
  return (lines.length > n ? ['\u2026', ...lines.slice(-n)] : lines).join('\n');
}

/** @param {number} id */
async function activate(id) {
  try {
    await teamAPI(`submissions/${id}/activate`, { method: 'POST' });
    state.team.active = id;
    say(ui.uploadMsg, `Submission #${id} is your active bot again.`, 'ok');
    await refreshSubmissions();
  } catch (err) {
    say(ui.uploadMsg, text(err));
  }
}

async function refreshKits() {
  try {
    const kits = await teamAPI('kits');
    ui.kits.replaceChildren(...kits.map((/** @type {any} */ k) => {
      const b = h('button', { type: 'button', class: 'kit', title: `Download the ${language(k.language)} kit as a zip` },
        h('span', { class: 'kit-lang' }, language(k.language)), h('span', { class: 'dim' }, '.zip'));
      b.addEventListener('click', () => download(k.zip, 'team', `${state.event.game}-${k.language}.zip`).catch((err) => say(ui.kitMsg, text(err))));
      return b;
    }));
  } catch (err) {
    say(ui.kitMsg, text(err));
  }
}

/** A number with a fixed count of decimals. @param {number} x @param {number} [d] */
function fixed(x, d = 1) {
  return Number(x).toFixed(d);
}

const rankTitle = 'The team\u2019s place in the whole event (the league first, then the rating); \u2013: no rated game yet';

/** A rank cell: \u2013 for a team with nothing to rank it by yet. @param {number} rank */
function rankCell(rank) {
  return rank ? h('td', { class: 'num rank' }, String(rank)) : h('td', { class: 'num rank dim', title: 'Unranked: no rated game yet' }, '\u2013');
}

/** A promotion test (a leaderboard line's promotion) in words. @param {any} t */
function testWords(t) {
  return `${t.wins} of ${t.played} won, ${t.state}`;
}

async function refreshBoard() {
  const board = await teamAPI(state.boardLeague ? `leaderboard?league=${encodeURIComponent(state.boardLeague)}` : 'leaderboard');
  // a boss-only league (tracks' 1 and 2) plays no rated game: its teams
  // rank by their promotion tests; below the top league every line has
  // its team's test
  const bossOnly = board.some((/** @type {any} */ r) => r.boss_only);
  const tests = board.some((/** @type {any} */ r) => r.promotion);
  const testTitle = 'The promotion test of the team\u2019s active bot in this league: games won of those played';
  ui.boardNote.hidden = !bossOnly;
  ui.boardNote.textContent = bossOnly ? 'In this league bots play only the boss, in their promotion tests: no rated game. Teams rank by their tests, most games won first.' : '';
  const all = state.boardLeague === 'all';
  ui.boardHead.replaceChildren(h('tr', null, h('th', { class: 'num', title: rankTitle }, 'Rank'), h('th', null, 'Team'),
    all ? h('th', { class: 'num' }, 'League') : null,
    ...(bossOnly ? [] : [h('th', { class: 'num', title: 'mu - 3 sigma: a rating the team has at least, very likely' }, 'Rating'),
      h('th', { class: 'num' }, 'Games'), h('th', { class: 'num' }, 'Draws'), h('th', { class: 'num', title: 'Games won of games played: a draw is no win' }, 'Win rate')]),
    tests ? h('th', { title: testTitle }, 'Promotion test') : null));
  const cols = (bossOnly ? 2 : 6) + (all ? 1 : 0) + (tests ? 1 : 0);
  ui.board.replaceChildren(...(board.length ? board.map((/** @type {any} */ r) => h('tr', { class: r.team_id === state.team.id ? 'mine' : null },
    rankCell(r.rank),
    h('td', { class: 'ellipsis', title: r.team }, r.team),
    all ? h('td', { class: 'num' }, String(r.league || '')) : null,
    ...(bossOnly ? [] : r.boss_only ? [h('td', { class: 'num dim', colspan: 4, title: 'A boss-only league plays no rated game' }, '\u2013')] : [
      h('td', { class: 'num rating', title: `mu ${fixed(r.mu, 2)}, sigma ${fixed(r.sigma, 2)} (rating = mu - 3 sigma)` }, fixed(r.rating, 2)),
      h('td', { class: 'num' }, String(r.games)),
      h('td', { class: 'num' }, String(r.draws)),
      h('td', { class: 'num', title: `${r.wins} won, ${r.draws} drawn, ${r.losses} lost` }, r.games ? `${Math.round(r.win_rate * 100)}%` : '\u2013')]),
    tests ? h('td', { class: 'test' }, r.promotion ? testWords(r.promotion) : '\u2013') : null))
    : [h('tr', null, h('td', { colspan: cols, class: 'dim' }, 'No team yet.'))]));
}

/** The team's league, and the choice of the league whose leaderboard shows. */
function showLeague() {
  const l = state.team && state.team.league;
  if (state.statements) rules.show(l ? l.number : 0); // else GET rules is a 404, which the console would log
  ui.league.hidden = !l;
  if (l) {
    ui.league.replaceChildren(
      h('span', { class: 'league-badge' }, `League ${l.number}`), ' ', h('b', null, l.name || ''),
      h('div', { class: 'dim', hidden: !l.goal }, `Goal: ${l.goal || ''}`),
      h('div', { class: 'dim', hidden: !l.boss_only }, 'In this league your bot plays only the boss, in its promotion test: no game against the other teams.'),
      l.promotion ? h('div', { class: 'dim' }, `To reach league ${l.next}: ${l.promotion}.`) : h('div', { class: 'dim' }, 'The top league.'),
      h('div', { class: 'league-test', hidden: !l.test }, l.test ? `Your bot\u2019s test: ${testWords(l.test)}${
        l.test.state === 'not promoted' || l.test.state === 'stopped' ? ': submit a new bot to take the test again.' : '.'}` : ''));
  }
  if (!state.leagues.length || ui.leagueSel.firstChild) return;
  const sel = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'League' },
    h('option', { value: '' }, 'My league'),
    h('option', { value: 'all' }, 'Every league'),
    state.leagues.map((/** @type {any} */ x) => h('option', { value: x.number }, `League ${x.number} ${x.name}${x.bossOnly ? ' (boss only)' : ''}`))));
  sel.addEventListener('change', () => { state.boardLeague = sel.value; quietly(refreshBoard); });
  ui.leagueSel.replaceChildren(sel);
}

async function refreshSideQuest() {
  if (!state.event.formats.includes('sidequest')) return;
  const list = await teamAPI('sidequest');
  ui.side.replaceChildren(...sideQuestRows(list, state.team.id));
}

/**
 * The event's results, once the organiser published them, in its format's
 * ranking: a card of one of its formats may stand for them (a Cod'INSA
 * final's table is its Final card, codinsa.js: formats.js holdsResults);
 * a Blitz final's places once it is over (the results' blitz_final),
 * before that the ranking after the ranked rounds once one was played
 * (blitz_ranking, provisional); the ranked rounds' ladder (ladder); else
 * the rated games' standings (final once the final ranking has played).
 */
async function refreshResults() {
  const r = await teamAPI('results');
  if (!r || !r.standings) {
    ui.results.hidden = true;
    return;
  }
  for (const f of pagesOf(state.event)) {
    if (f.holdsResults && await f.holdsResults(teamAPI)) {
      ui.results.hidden = true; // the format's card holds them (a Cod'INSA final's published table)
      return;
    }
  }
  const by = `Published by the organiser${r.published ? ` ${when(r.published)}` : ''}`;
  /** @param {string} title @param {string} cls @param {string} words */
  const head = (title, cls, words) => h('div', { class: 'card-head' }, h('h2', null, title), h('span', { class: `status ${cls} results-state` }, words));
  if ((r.blitz_final || []).length) { // a Blitz final over
    const standings = r.blitz_final.map((/** @type {any} */ l) => ({ place: l.place, name: l.team }));
    ui.results.replaceChildren(head('Final results', 'ready', 'final'),
      h('p', { class: 'dim' }, `${by}: the places of the final tournament.`),
      /** @type {HTMLElement} */ (standingsView({ standings }, state.team.name))); // never null: it has standings
    ui.results.hidden = false;
    return;
  }
  if ((r.blitz_ranking || []).length) { // Blitz ranked rounds played, the final not over
    const n = r.blitz_rounds || 0;
    const standings = r.blitz_ranking.map((/** @type {any} */ l) => ({ place: l.place, name: l.team }));
    ui.results.replaceChildren(head('Results', 'queued', `after ${n} ranked round${n === 1 ? '' : 's'}`),
      h('p', { class: 'dim' }, `${by}: the ranking after the ranked rounds, provisional until the final (it seeds the final).`),
      /** @type {HTMLElement} */ (standingsView({ standings }, state.team.name))); // never null: it has lines
    ui.results.hidden = false;
    return;
  }
  if ((r.ladder || []).length) {
    const l = await teamAPI('ladder');
    const done = (l.rounds || []).filter((/** @type {any} */ rd) => roundState(rd).cls === 'ready').length;
    ui.results.replaceChildren(head('Results', 'ready', `after ${done} round${done === 1 ? '' : 's'}`),
      h('p', { class: 'dim' }, `${by}: the ranked rounds’ ladder.`),
      ladderTable(r.ladder, state.team.id));
    ui.results.hidden = false;
    return;
  }
  const leagues = r.standings.some((/** @type {any} */ l) => l.league);
  // below the top league a line carries its team's promotion test; a
  // boss-only league's teams have no rating, only that test
  const tests = r.standings.some((/** @type {any} */ l) => l.promotion);
  ui.results.replaceChildren(
    head(r.final ? 'Final results' : 'Results', r.final ? 'ready' : 'queued', r.final ? 'final' : 'provisional'),
    h('p', { class: 'dim' }, `${by}, after ${r.matches} matches.`),
    h('div', { class: 'table-wrap' }, h('table', { class: 'list board' },
      h('thead', null, h('tr', null, h('th', { class: 'num' }, 'Rank'), h('th', null, 'Team'), leagues ? h('th', { class: 'num' }, 'League') : null,
        h('th', { class: 'num' }, 'Rating'), h('th', { class: 'num' }, 'Games'), h('th', { class: 'num' }, 'Won / drawn / lost'),
        tests ? h('th', null, 'Promotion test') : null)),
      h('tbody', null, r.standings.map((/** @type {any} */ l) => h('tr', { class: l.team_id === state.team.id ? 'mine' : null },
        rankCell(l.rank),
        h('td', { class: 'ellipsis', title: l.team }, l.team),
        leagues ? h('td', { class: 'num' }, String(l.league || '')) : null,
        l.boss_only ? h('td', { class: 'num dim', title: 'A boss-only league plays no rated game' }, '\u2013')
          : h('td', { class: 'num rating', title: `mu ${fixed(l.mu, 2)}, sigma ${fixed(l.sigma, 2)}` }, fixed(l.rating, 2)),
        h('td', { class: 'num' }, String(l.games)),
        h('td', { class: 'num' }, `${l.wins} / ${l.draws} / ${l.losses}`),
        tests ? h('td', { class: 'test' }, l.promotion ? testWords(l.promotion) : '\u2013') : null))))));
  ui.results.hidden = false;
}

/** The ranked rounds, the team's games in them and their ladder, in events that play them (rounds.js). */
async function refreshLadder() {
  await teamRounds(ui.ladder, teamAPI, state.team);
}

/** The seats of a match that are this team's. @param {any} m @returns {number[]} */
function mySeats(m) {
  const out = [];
  for (let k = 0; k < m.seats.length; k++) {
    const s = m.seats[k];
    if (s.team_id !== undefined ? s.team_id === state.team.id : s.team === state.team.name) out.push(k);
  }
  return out;
}

/** The result of a match for the team. @param {any} m */
function outcome(m) {
  if (m.error) return h('span', { class: 'status failed', title: m.error }, 'not played');
  const mine = mySeats(m);
  const ranks = m.seats.map((/** @type {any} */ s) => s.rank);
  if (!mine.length || ranks.some((/** @type {any} */ r) => r === undefined)) return '';
  const best = Math.min(...mine.map((k) => ranks[k]));
  const tied = ranks.filter((/** @type {number} */ r) => r === best).length;
  if (ranks.every((/** @type {number} */ r) => r === ranks[0])) return h('span', { class: 'result draw' }, 'Draw');
  if (best === 1 && tied === 1) return h('span', { class: 'result won' }, 'Won');
  if (m.seats.length === 2) return h('span', { class: 'result lost' }, 'Lost');
  return h('span', { class: best === 1 ? 'result draw' : 'result lost' }, `${ordinal(best)} of ${m.seats.length}`);
}

/** @param {number} n */
function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

/** How many matches the list shows until the team asks for all. */
const SHOWN_MATCHES = 50;

async function refreshMatches() {
  const all = await teamAPI('matches');
  // the promotion test's games stay in view however many casual games followed them
  const list = state.allMatches ? all : all.filter((/** @type {any} */ m, /** @type {number} */ i) => i < SHOWN_MATCHES || m.kind === 'promotion');
  const more = h('button', { type: 'button', class: 'link' }, `Show all ${all.length} matches`);
  more.addEventListener('click', () => { state.allMatches = true; quietly(refreshMatches); });
  ui.matchesMore.replaceChildren(...(all.length > list.length ? [more] : []));
  const lineOf = pagesOf(state.event).map((f) => f.matchLine).find((f) => !!f);
  ui.matches.replaceChildren(...(list.length ? list.map((/** @type {any} */ m) => {
    const mine = new Set(mySeats(m));
    const seats = m.seats.map((/** @type {any} */ s, /** @type {number} */ k) => h('span', { class: mine.has(k) ? 'seat mine' : 'seat' },
      s.team === 'house' && s.team_id === 0 ? h('i', { title: 'a builtin bot of the game, filling a seat' }, 'house bot') : s.team,
      s.rank !== undefined ? h('span', { class: 'dim' }, ` #${s.rank}`) : null));
    /** @type {import('/player.js').Child[]} */
    const links = [];
    if (m.replay) {
      links.push(h('a', { href: `/platform/replay/${encodeURIComponent(m.id)}`, title: 'Watch the match in the viewer' }, 'replay'));
      const log = h('button', { type: 'button', class: 'link', title: 'Your bot\u2019s output and error output, turn by turn' }, 'bot log');
      log.addEventListener('click', () => botLog(m, [...mine]).catch((err) => say(ui.matchMsg, text(err))));
      links.push(' ', log);
    }
    // a format's own line (formats.js), Blitz 2022's: "RANKED - #id, Map: ..., [Game logs] | [Download logs]"
    const line = lineOf ? lineOf(m, /** @type {HTMLElement[]} */ (links.filter((l) => l instanceof HTMLElement))) : null;
    return h('tr', { dataset: { id: m.id } },
      h('td', { class: 'nowrap' }, when(m.played), line || kindTag(m)),
      h('td', { class: 'seats' }, seats.flatMap((/** @type {HTMLElement} */ s, /** @type {number} */ k) => (k ? [h('span', { class: 'dim' }, ' vs '), s] : [s]))),
      h('td', null, outcome(m)),
      h('td', { class: 'nowrap row-actions' }, ...(line ? [] : links)));
  }) : [h('tr', null, h('td', { colspan: 4, class: 'dim' }, 'No match yet: matches start once your first build succeeds.'))]));
}

/**
 * Downloads the team's own bot log of a match: what its bot wrote on each
 * turn, read from the replay the platform gives the team (which holds no
 * other team's error output).
 * @param {any} m @param {number[]} seats
 */
async function botLog(m, seats) {
  const rep = await teamAPI(`matches/${m.id}/replay`);
  const out = [`Match ${m.id} (${rep.game}), played ${m.played}`];
  for (const k of seats) out.push(`Your bot: seat ${k + 1}, ${rep.players[k] ? rep.players[k].name : ''}`);
  for (const t of rep.turns || []) {
    for (const k of seats) {
      const r = (t.replies || [])[k];
      if (!r) continue;
      out.push('', `--- turn ${t.turn}${seats.length > 1 ? `, seat ${k + 1}` : ''}: ${r.status}${r.time ? `, ${(r.time / 1e6).toFixed(1)} ms` : ''}`);
      if (r.error) out.push(`[error] ${r.error}`);
      for (const l of r.lines || []) out.push(`[out] ${l.Text}${l.TooLong ? ' [line too long]' : ''}`);
      for (const l of r.stray || []) out.push(`[out, not asked] ${l.Text}`);
      if (r.stderr) out.push(...String(r.stderr).replace(/\n$/, '').split('\n').map((l) => `[err] ${l}`));
      if (r.stderrDropped) out.push(`[err] (${r.stderrDropped} bytes dropped)`);
    }
  }
  saveBlob(new Blob([out.join('\n') + '\n'], { type: 'text/plain' }), `match-${m.id}-bot.log`);
}

/**
 * Reloads a part of the page; an error shows in the page's notice under
 * its header, which the next refresh that works clears.
 * @param {() => Promise<void>} f
 */
async function quietly(f) {
  try {
    await f();
    if (!ui.pageMsg.hidden) say(ui.pageMsg, '');
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) say(ui.pageMsg, text(err));
  }
}

/**
 * Keeps the page current by the event's stream: the submissions when one
 * of the team's changes (uploaded, its build begun or ended, made active:
 * "build", told to this team only); the team (its league), the
 * submissions, the matches, the leaderboard and the results at any other
 * change (every 30 s only while the stream is down).
 */
function poll() {
  // one read at a time, the submissions' among them (answers of reads
  // beside each other may come out of order)
  let everything = false;
  const read = serially(async () => {
    if (!everything) return quietly(refreshSubmissions);
    everything = false;
    return refreshEvent();
  });
  follow('stream', 'team', (c) => {
    if (c.what === 'hello' && !c.again) return; // the page has just read everything
    /** @type {string[]} */
    const kinds = c.kinds || [c.what];
    if (!kinds.every((k) => k === 'build')) everything = true;
    read();
  });
}

/** Reads again what the event's matches change. */
async function refreshEvent() {
  await quietly(async () => {
    const t = await teamAPI('team');
    state.team = { ...t.team, league: t.league };
    showLeague();
    showSuspended();
    await refreshSubmissions();
  });
  await quietly(refreshMatches);
  await quietly(refreshBoard);
  await quietly(refreshSideQuest);
  await quietly(refreshResults);
  await quietly(refreshLadder);
}

async function main() {
  if (!token('team')) {
    location.replace('/platform/');
    return;
  }
  let t;
  try {
    t = await teamAPI('team');
  } catch (err) {
    root.replaceChildren(header('Competition platform'), h('main', { class: 'plat' }, h('p', { class: 'notice error' }, text(err))));
    return;
  }
  state.team = { ...t.team, league: t.league };
  state.event = t.event;
  try {
    const games = await (await fetch('/api/games')).json();
    const g = games.games.find((/** @type {any} */ x) => x.name === t.event.game);
    // only games with leagues have their statements (GET rules), whether the event plays the leagues or not
    state.statements = !!(g && g.leagues && g.leagues.length);
    if (t.event.settings && t.event.settings.leagues) state.leagues = (g && g.leagues) || [];
  } catch {
    state.leagues = [];
  }
  build();
  showLeague();
  await Promise.all([
    quietly(refreshSubmissions), refreshKits(), quietly(refreshBoard), quietly(refreshMatches), quietly(refreshSideQuest),
    quietly(refreshResults), quietly(refreshLadder),
  ]);
  poll();
}

main();
