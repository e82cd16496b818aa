// @ts-check
// The rules of the team's league on its page (/platform/team): the
// statement the platform serves (GET rules), as the league plays them,
// with a choice among the leagues the team has reached. The statement
// comes as a tree of plain elements and text (package statement): it is
// built with h() from a fixed list of tags, never parsed as markup.
import { h } from '/platform/common.js';

/** The elements a statement may use (statement.Node). */
const TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'pre', 'code', 'em', 'strong', 'del',
  'blockquote', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

/**
 * DOM nodes of a statement's tree; an unknown element keeps its text only.
 * The statement's own title (h1) is the card's summary: headings move
 * down one level under the card's h2.
 * @param {any[]} nodes @returns {(Node|string)[]}
 */
function render(nodes) {
  return (nodes || []).map((n) => {
    if (!n.k) return String(n.t || '');
    let tag = TAGS.has(n.k) ? n.k : 'span';
    if (/^h[1-5]$/.test(tag)) tag = `h${Number(tag[1]) + 1}`;
    const el = h(tag, n.align ? { class: `align-${n.align}` } : null, render(n.c));
    return tag === 'table' ? h('div', { class: 'table-wrap' }, el) : el;
  });
}

/**
 * The "Rules of your league" card, hidden until a statement arrives (an
 * event whose game has none keeps it hidden). show(league) loads the
 * statement again when the team's league changed.
 * @param {(path: string) => Promise<any>} call the team's API call
 */
export function rulesCard(call) {
  const pick = h('span');
  const title = h('span', { class: 'rules-title' });
  const body = h('div', { class: 'statement' });
  const msg = h('p', { class: 'notice', hidden: true });
  const details = h('details', { class: 'rules' }, h('summary', null, title), body);
  const card = h('section', { class: 'card', id: 'rules', hidden: true },
    h('div', { class: 'card-head' }, h('h2', null, 'Rules of your league'), pick), msg, details);
  let shown = -1;

  /** @param {string} query */
  async function load(query) {
    let r;
    try {
      r = await call(`rules${query}`);
    } catch (err) {
      // 404: this event's game has no league statements
      if (err && /** @type {any} */ (err).status === 404 && !query) return;
      card.hidden = false;
      msg.hidden = false;
      msg.textContent = err instanceof Error ? err.message : String(err);
      return;
    }
    msg.hidden = true;
    card.hidden = false;
    title.textContent = `League ${r.league.number}, ${r.league.name}` +
      (r.league.number === r.current ? ': the rules your bot plays by' : ` (your team is in league ${r.current})`);
    body.replaceChildren(...render(r.doc.filter((/** @type {any} */ n, /** @type {number} */ i) => !(i === 0 && n.k === 'h1'))));
    if (r.leagues.length > 1) {
      const sel = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'League of the rules' },
        r.leagues.map((/** @type {any} */ l) => h('option', { value: l.number, selected: l.number === r.league.number }, `League ${l.number} ${l.name}`))));
      sel.addEventListener('change', () => load(Number(sel.value) === r.current ? '' : `?league=${sel.value}`));
      pick.replaceChildren(sel);
    } else {
      pick.replaceChildren();
    }
  }

  /** @param {number} league the team's league (0: none yet) */
  async function show(league) {
    if (league === shown) return;
    shown = league;
    await load('');
  }
  return { card, show };
}
