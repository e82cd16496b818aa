// @ts-check
// The team page's Play card: a test game of one of the team's builds
// against its league's boss, a house bot, another of its builds or, where
// the organiser allows it, another team's bot, with a seed or a random
// one. Test games are unrated; the card follows the game (queued,
// playing) and then links its replay, which holds the team's own bots'
// error output only. The server bounds them (3 queued or playing, 6 a
// minute): its refusal is said under the button.
import { h, say, when } from '/platform/common.js';

/**
 * @typedef {(path: string, o?: any) => Promise<any>} TeamAPI
 * @typedef {{ event: any, submissions: () => any[] }} Context
 */

const STATE = /** @type {Record<string, string>} */ ({
  queued: 'queued: waiting for a free place (test games go before the rated ones)',
  playing: 'playing',
});

/**
 * The Play card, and its refresh (the team's builds may change).
 * @param {TeamAPI} teamAPI @param {Context} ctx
 * @returns {{ card: HTMLElement, refresh: () => void }}
 */
export function playCard(teamAPI, ctx) {
  const build = /** @type {HTMLSelectElement} */ (h('select', { name: 'submission', 'aria-label': 'The build that plays' }));
  const vs = /** @type {HTMLSelectElement} */ (h('select', { name: 'vs', 'aria-label': 'The opponent' }));
  const team = /** @type {HTMLInputElement} */ (h('input', { name: 'team', type: 'text', placeholder: 'a team\u2019s name', hidden: true, autocomplete: 'off' }));
  const seed = /** @type {HTMLInputElement} */ (h('input', { name: 'seed', type: 'text', inputmode: 'numeric', pattern: '-?[0-9]{1,19}', placeholder: 'random', autocomplete: 'off' }));
  const play = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Play'));
  const msg = h('p', { class: 'notice', hidden: true, role: 'status' });
  const result = h('div', { class: 'test-result' });
  const list = h('ul', { class: 'test-list' });
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'play-form' },
    h('label', null, 'Build ', build),
    h('label', null, 'against ', vs, team),
    h('label', null, 'seed ', seed),
    h('div', { class: 'actions' }, play), msg, result));
  vs.addEventListener('change', () => { team.hidden = vs.value !== 'team'; team.required = !team.hidden; });
  const card = h('section', { class: 'card', id: 'play' },
    h('h2', null, 'Play'),
    h('p', { class: 'dim' }, 'A test game: unrated, played before the rated games. Its replay shows your bot\u2019s error output.'),
    form,
    h('h3', null, 'Your test games'),
    list);

  const refresh = () => {
    options(build, vs, ctx);
    teamAPI('tests').then((games) => showList(list, games)).catch(() => {});
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    play.disabled = true;
    say(msg, '');
    try {
      /** @type {any} */
      const body = { vs: vs.value === 'team' ? `team:${team.value.trim()}` : vs.value };
      if (build.value) body.submission = Number(build.value);
      if (seed.value.trim()) body.seed = seed.value.trim();
      const g = await teamAPI('tests', { method: 'POST', body });
      await follow(teamAPI, g, result);
      refresh();
    } catch (err) {
      say(msg, err instanceof Error ? err.message : String(err));
    } finally {
      play.disabled = false;
    }
  });
  refresh();
  return { card, refresh };
}

/**
 * Fills the build and opponent menus, keeping what was chosen.
 * @param {HTMLSelectElement} build @param {HTMLSelectElement} vs @param {Context} ctx
 */
function options(build, vs, ctx) {
  const subs = ctx.submissions().filter((s) => s.status !== 'failed');
  const keep = [build.value, vs.value];
  build.replaceChildren(h('option', { value: '' }, 'the newest'),
    ...subs.map((s) => h('option', { value: String(s.id) }, `#${s.id} ${s.filename}${s.active ? ' (active)' : s.status === 'ready' ? '' : ` (${s.status})`}${s.draft ? ' (draft)' : ''}`)));
  vs.replaceChildren(
    h('option', { value: 'boss' }, 'the boss of your league'),
    h('option', { value: 'house' }, 'the house bot'),
    ...subs.map((s) => h('option', { value: `submission:${s.id}` }, `your build #${s.id}`)),
    ...(ctx.event.settings && ctx.event.settings.test_vs_teams ? [h('option', { value: 'team' }, 'another team\u2019s bot\u2026')] : []));
  if ([...build.options].some((o) => o.value === keep[0])) build.value = keep[0];
  if ([...vs.options].some((o) => o.value === keep[1])) vs.value = keep[1];
}

/**
 * Follows a test game to its end, saying its state, then its result and
 * its replay's link.
 * @param {TeamAPI} teamAPI @param {any} g @param {HTMLElement} box
 */
async function follow(teamAPI, g, box) {
  const started = Date.now();
  while (g.state === 'queued' || g.state === 'playing') {
    const secs = Math.round((Date.now() - started) / 1000);
    box.replaceChildren(h('p', { class: 'notice info' }, `Test game ${g.id}: ${STATE[g.state] || g.state}\u2026 (${secs} s)`));
    await new Promise((r) => setTimeout(r, 1000));
    g = await teamAPI(`tests/${g.id}`);
  }
  box.replaceChildren(outcome(g));
}

/** A test game's line: its seats, its result and its replay. @param {any} g */
function outcome(g) {
  const seats = (g.seats || []).map((/** @type {any} */ s) => `${s.team}${s.submission ? ` #${s.submission}` : ''}${s.rank ? ` (${s.rank})` : ''}`).join(' vs ');
  if (g.state === 'failed') return h('p', { class: 'notice error' }, `Test game ${g.id} (${seats}) could not be played: ${g.error || ''}`);
  if (g.state !== 'done') return h('p', { class: 'dim' }, `Test game ${g.id} (${seats}): ${g.state}`);
  return h('p', { class: `test-done ${g.result}` },
    h('b', null, g.result === 'win' ? 'Won' : g.result === 'loss' ? 'Lost' : 'Drawn'), ` \u00b7 ${seats} \u00b7 seed ${g.seed} \u00b7 `,
    h('a', { href: g.page }, 'replay'));
}

/** The team's test games, newest first. @param {HTMLElement} list @param {any[]} games */
function showList(list, games) {
  list.replaceChildren(...(games.length ? games.slice(0, 10).map((g) => h('li', null, h('span', { class: 'dim' }, `${when(g.created)} \u00b7 vs ${g.opponent} \u00b7 `), outcome(g)))
    : [h('li', { class: 'dim' }, 'None yet.')]));
}
