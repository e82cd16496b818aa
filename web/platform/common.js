// @ts-check
// What every page of the competition platform shares: the token kept in
// the browser, calls to the platform's API (/api/platform/) with it as a
// bearer header, downloads of answers that need the token, the page
// header, and errors worded for people. Every text from the server is set
// as text (h, textContent), never as markup.
import { h } from '/player.js';

export { h };

export const API = '/api/platform/';

// The tokens live in localStorage, so that a team stays logged in when
// the browser restarts: the token is shown once when the team joins, and
// a team that closed its tab must not be locked out. A page of another
// site cannot read it (same-origin storage); the Content-Security-Policy
// and the markup lint keep scripts other than these out. "Log out"
// forgets it (docs/platform.md, "The pages").
const KEYS = { team: 'arena-platform-team-token', organiser: 'arena-platform-organiser-token' };

/** @typedef {'team'|'organiser'} Role */

/** @param {Role} role @returns {string} */
export function token(role) {
  try {
    return localStorage.getItem(KEYS[role]) || '';
  } catch {
    return '';
  }
}

/** @param {Role} role @param {string} value */
export function keepToken(role, value) {
  localStorage.setItem(KEYS[role], value);
}

/** @param {Role} role */
export function forgetToken(role) {
  localStorage.removeItem(KEYS[role]);
}

/** An answer of the API that is not a success, with its message for people. */
export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The message of a refused request, in the words of the page's user: the
 * API's own messages are meant for people, except those that name headers.
 * @param {number} status @param {string} message @param {Role|null} role
 */
export function userMessage(status, message, role) {
  if (status === 401) {
    return role === 'organiser'
      ? 'This organiser link is not valid (or no longer is): open the link the server printed when it started.'
      : 'Your team token is not valid: log in again with the token you were given when your team joined.';
  }
  if (status === 413) return 'The file is too large: an upload may be at most 20 MiB.';
  if (status >= 500) return 'The server failed to answer (its log says why). Try again in a moment.';
  return message || `The server refused the request (HTTP ${status}).`;
}

/**
 * Calls the API: path under /api/platform/, with the role's token when
 * given. Resolves to the JSON answer; rejects with an ApiError.
 * @param {string} path
 * @param {{method?: string, body?: any, role?: Role|null, tokenValue?: string}} [o]
 * @returns {Promise<any>}
 */
export async function api(path, o = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  const tok = o.tokenValue ?? (o.role ? token(o.role) : '');
  if (tok) headers.Authorization = `Bearer ${tok}`;
  /** @type {RequestInit} */
  const init = { method: o.method || 'GET', headers, cache: 'no-store' };
  if (o.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(o.body);
  }
  let res;
  try {
    res = await fetch(API + path, init);
  } catch {
    throw new ApiError(0, 'The server cannot be reached: check your connection, or whether the server still runs.');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, userMessage(res.status, data && data.error, o.role || null));
  return data;
}

/**
 * Fetches url (not from the cache) with the role's token.
 * @param {string} url @param {Role|null} role (null: no token, a public route) @returns {Promise<Response>}
 */
export function fetchAs(url, role) {
  return fetch(url, { headers: role ? { Authorization: `Bearer ${token(role)}` } : {}, cache: 'no-store' });
}

/**
 * Downloads an answer of the API that needs the token (a link cannot send
 * it): fetched, then saved from a blob: URL.
 * @param {string} path under /api/platform/, or an absolute path
 * @param {Role} role
 * @param {string} filename
 */
export async function download(path, role, filename) {
  const url = path.startsWith('/') ? path : API + path;
  let res;
  try {
    res = await fetchAs(url, role);
  } catch {
    throw new ApiError(0, 'The server cannot be reached: check your connection, or whether the server still runs.');
  }
  if (!res.ok) {
    let msg = '';
    try { msg = (await res.json()).error; } catch { msg = ''; }
    throw new ApiError(res.status, userMessage(res.status, msg, role));
  }
  saveBlob(await res.blob(), filename);
}

/** Saves a blob as a file. @param {Blob} blob @param {string} filename */
export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The header of every platform page: the Arena link home, the page's
 * title, and what goes on the right (who is logged in, Log out).
 * @param {import('/player.js').Child} title
 * @param {...import('/player.js').Child} right
 */
export function header(title, ...right) {
  return h('header', { class: 'site plat-head' },
    h('a', { href: '/', class: 'brand', title: 'Arena: replays and live matches' }, 'Arena'),
    h('span', { class: 'crumb' }, title),
    h('span', { class: 'grow' }),
    ...right);
}

/** A date and time of the API (RFC 3339) in the reader's words. @param {string|undefined} iso */
export function when(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const today = new Date().toDateString() === d.toDateString();
  return today ? d.toLocaleTimeString() : d.toLocaleString();
}

/**
 * Puts a message in a box: an error (red) or a notice; empty hides it.
 * @param {HTMLElement} box @param {string} text @param {'error'|'ok'|'info'} [tone]
 */
export function say(box, text, tone = 'error') {
  box.textContent = text;
  box.className = `notice ${tone}`;
  box.hidden = !text;
}

/** Copies a text to the clipboard; resolves to whether it worked. @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A copy button for a text field: it copies the field's value, says so,
 * and selects the text when the clipboard is not available (plain HTTP on
 * another host), for Ctrl+C.
 * @param {HTMLInputElement|HTMLTextAreaElement} field @param {string} label
 */
export function copyButton(field, label = 'Copy') {
  const b = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'copy' }, label));
  b.addEventListener('click', async () => {
    field.focus();
    field.select();
    const ok = await copyText(field.value);
    b.textContent = ok ? 'Copied \u2713' : 'Press Ctrl+C';
    setTimeout(() => { b.textContent = label; }, 2500);
  });
  return b;
}

/** The element with an id, typed. @param {string} id @returns {HTMLElement} */
export function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * A tag for a match that is not a casual game: a promotion test's game,
 * a ranked round's, the final's.
 * @param {any} m
 */
export function kindTag(m) {
  const what = /** @type {Record<string, string>} */ ({
    promotion: 'a game of a league\u2019s promotion test, against its boss',
    ranked: `a game of ranked round ${m.round || ''}`,
    final: 'a game of the final',
  })[m.kind];
  if (!what) return null;
  return h('span', { class: `kind-tag ${m.kind}`, title: what + (m.map ? `, on ${m.map}` : '') }, m.kind === 'ranked' && m.round ? `round ${m.round}` : m.kind);
}

/** A count of times in words: once, 3 times. @param {number} n */
function countTimes(n) {
  return n === 1 ? 'once' : `${n} times`;
}

/**
 * The warning of an organiser's card when its round or final cannot go
 * on: the games the platform cannot play (the organiser's answers'
 * "failing": each game, its teams, how many times it failed, its last
 * error, whether the platform gave up on its job) and the server's failing
 * look ("look_error"); null when nothing fails. The errors come from the
 * server and may hold anything: they are set as text, as everything here.
 * @param {any[]|undefined} games @param {any} look
 * @returns {HTMLElement|null}
 */
export function failingView(games, look) {
  const list = games || [];
  if (!list.length && !look) return null;
  const items = list.map((g) => h('li', { class: 'failing-game', dataset: { game: g.game } },
    h('b', null, `Game ${g.game}`),
    g.teams && g.teams.length ? ` (${g.teams.join(', ')})` : '',
    ` failed ${countTimes(g.failures)}. Its last error:`,
    h('pre', { class: 'failing-error' }, g.error || '(no message)'),
    h('span', { class: 'failing-state' }, g.discarded
      ? `The platform gave up on its job after its attempts${g.discarded > 1 ? ` (${countTimes(g.discarded)})` : ''}: it queues the game again at its next look.`
      : 'The platform is trying it again.')));
  if (look) {
    items.push(h('li', { class: 'failing-look' },
      h('b', null, 'The server cannot go on'),
      `: its look at this event\u2019s round or final has failed at each look since ${when(look.since)}. Its error:`,
      h('pre', { class: 'failing-error' }, look.error || '(no message)'),
      h('span', { class: 'failing-state' }, 'It tries again at every look (every few seconds).')));
  }
  return h('div', { class: 'failing' },
    h('h3', null, list.length ? 'Games the platform cannot play' : 'The games cannot be queued'),
    h('ul', null, items),
    h('p', { class: 'dim' }, 'These games are not recorded. Fix the cause (a map file of the data directory\u2019s maps/, the replays\u2019 disk\u2026): the server tries again by itself, and the round or final goes on; nothing recorded is lost.'));
}

/** The window event by which follow tells a page's parts of a change. */
const CHANGED = 'arena-change';

/**
 * Runs f one call at a time: a call while f runs makes it run once more
 * after, not beside it. A page's reads of an event, done beside each
 * other, may be answered out of order, and an older answer drawn last
 * would stay on the page until the next change.
 * @param {() => Promise<unknown>} f @returns {() => void}
 */
export function serially(f) {
  let running = false, again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    do {
      again = false;
      try {
        await f();
      } catch (err) {
        console.warn(err); // f says its errors in its part
      }
    } while (again);
    running = false;
  };
  return () => { run(); };
}

/** Tells the page's parts (whenChanged) of a change. @param {any} c */
function changed(c) {
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: c }));
}

/**
 * Keeps a part of a page current by the event's stream that the page
 * follows (follow), not by a timer: f runs once el is in the document,
 * then at each change the stream tells of (at most once a second), and
 * while the stream is down at its slow poll; a change while the page is
 * hidden runs f once it shows again. It stops once el has left the
 * document (a page showing another event).
 * @param {HTMLElement} el @param {() => Promise<unknown>} f
 */
export function whenChanged(el, f) {
  let shown = false, stale = false, running = false;
  const run = async () => {
    if (!el.isConnected) {
      if (shown) stop();
      return;
    }
    if (document.hidden || running) {
      stale = true;
      return;
    }
    shown = true;
    running = true;
    stale = false;
    try {
      await f();
    } catch (err) {
      console.warn(err); // f says its errors in its part
    }
    running = false;
    if (stale) run(); // a change came while f ran
  };
  const onVisible = () => { if (stale && !document.hidden) run(); };
  const stop = () => {
    window.removeEventListener(CHANGED, run);
    document.removeEventListener('visibilitychange', onVisible);
  };
  window.addEventListener(CHANGED, run);
  document.addEventListener('visibilitychange', onVisible);
  // the caller puts el in the page first
  const first = () => { if (el.isConnected) run(); else if (!shown) setTimeout(first, 50); };
  setTimeout(first, 0);
}

/** The changes that no part of the event shows (whenChanged): a team's submissions, the worker machines. */
const PAGE_ONLY = new Set(['build', 'workers']);

/**
 * Follows an event's stream of changes (server-sent events, read with
 * fetch: the token goes in a header, which EventSource cannot send).
 * onChange is called at most once a second with the latest change
 * (changes only say "read again", so a burst is one refresh), its kinds
 * the kinds ('what') of every change of the burst: a page that reads
 * different things for different kinds reads each that changed. While the
 * stream is down, it is opened again after a growing wait, and onChange
 * is called every fallbackMs meanwhile: a slow poll, only then. The
 * page's parts that whenChanged keeps current hear of the same changes.
 * The first message is {what: 'hello', again}: again is true when the
 * stream opened once more after being down, when the page must read
 * everything again (what changed meanwhile was not told).
 * document.body.dataset.stream says "open" or "down" (the tests wait on it).
 * @param {string} path under /api/platform/
 * @param {Role|null} role
 * @param {(change: any) => void} onChange
 * @param {{fallbackMs?: number, everyMs?: number}} [o] everyMs: at most one
 *   onChange in so many ms (1000)
 * @returns {{stop: () => void}}
 */
export function follow(path, role, onChange, o = {}) {
  let stopped = false, retry = 1000, fallback = 0, due = 0, hellos = 0;
  /** @type {any} */
  let pending = null;
  /** The kinds of the changes since the last call. @type {Set<string>} */
  const kinds = new Set();
  const ctl = new AbortController();
  const fire = (/** @type {any} */ c) => {
    pending = c;
    kinds.add(c.what);
    if (due) return;
    due = window.setTimeout(() => {
      due = 0;
      const p = { ...pending, kinds: [...kinds] };
      pending = null;
      kinds.clear();
      onChange(p);
      // a team's builds and the worker machines are the page's own
      // parts: the event's parts have nothing to read again for them
      if (p.kinds.some((/** @type {string} */ k) => !PAGE_ONLY.has(k))) changed(p);
    }, o.everyMs || 1000);
  };
  const down = (/** @type {boolean} */ isDown) => {
    document.body.dataset.stream = isDown ? 'down' : 'open';
    if (isDown && !fallback) fallback = window.setInterval(() => fire({ what: 'poll' }), o.fallbackMs || 30_000);
    if (!isDown && fallback) { clearInterval(fallback); fallback = 0; }
  };
  const handle = (/** @type {string} */ msg) => {
    let kind = '', data = '';
    for (const line of msg.split('\n')) {
      if (line.startsWith('event: ')) kind = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (kind === 'hello') {
      retry = 1000;
      down(false);
      // again: a stream opened once more, after changes it may have missed
      const hello = { what: 'hello', again: hellos++ > 0, ...JSON.parse(data) };
      onChange(hello);
      changed(hello); // (again) following: what came meanwhile was missed
    } else if (kind === 'change') fire(JSON.parse(data));
  };
  (async () => {
    while (!stopped) {
      try {
        /** @type {Record<string, string>} */
        const headers = {};
        if (role && token(role)) headers.Authorization = `Bearer ${token(role)}`;
        const res = await fetch(API + path, { headers, cache: 'no-store', signal: ctl.signal });
        if (!res.ok || !res.body) throw new Error(`the event's stream: HTTP ${res.status}`);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
            handle(buf.slice(0, i));
            buf = buf.slice(i + 2);
          }
        }
      } catch (e) {
        if (!stopped) console.warn('the event stream is down', e);
      }
      if (stopped) break;
      down(true);
      await new Promise((r) => setTimeout(r, retry));
      retry = Math.min(2 * retry, 60_000);
    }
  })();
  return { stop() { stopped = true; ctl.abort(); if (fallback) clearInterval(fallback); fallback = 0; } };
}
