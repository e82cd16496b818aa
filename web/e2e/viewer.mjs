// Browser tests of Arena's viewer, in a real headless Chromium driven by
// playwright-core. Run by web/browser_test.go and web/viewerpages (a test
// package a game), which start the server and record the matches:
//
//   node viewer.mjs BASE_URL OUT_DIR GAME=MATCH_ID=PLAYERS=EXPORTED_PAGE ...
//
// (other arguments: site, the home page's own checks; layout=MATCH_ID, a
// layout check alone; long=MATCH_ID=TURNS=EXPORTED_PAGE, a long replay's
// first paint).
//
// For each game: open the recorded match, step with the arrows, play and
// pause with space, jump with Home/End, check the turn counter and the
// scoreboard change, hover the board until the game's own tooltip shows
// (its real content, e.g. "Cell index:" for ants), toggle every keyed
// display option of the renderer (D, F5, F6, ...) and check that the game's
// extra changes the picture, open the help (H), and take screenshots into
// OUT_DIR (GAME.png with the extras on and the tooltip, GAME-help.png).
// Then start a live match of the game from the home page's API, check that
// the page follows it, and take GAME-live.png. Last, open the match's
// offline page (arena replay html) from a file:// URL and check that the
// game's renderer draws it with no network.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import os from 'node:os';

// What each game's page must show. tooltip: what hovering the board must
// find somewhere (the search stops at the first match); extra: the keys whose
// option must change the picture; showcase: keys pressed for the screenshot;
// at: where the screenshot is taken (a fraction of the match), or pick: a
// function of the replay that returns the frame to use.
const GAMES = {
  ants: { tooltip: /Cell index: \d+.*(Blue|Red) ants: \d+/, extra: ['M', 'A', 'I'], showcase: ['M'], at: 0.3 },
  tracks: { tooltip: /\(\d+, \d+\) (plains|river|mountain|P\.O\.I\.).*Region \d+.*Track: /, extra: ['R', 'D'], showcase: ['D'], at: 0.5 },
  jungle: { tooltip: /\(\d+, \d+\) (EMPTY|SPAWN).*Unit \d+ of /, extra: ['D', 'G'], showcase: ['D', 'P'], at: 0.3 },
  territory: { tooltip: /\(\d+, \d+\)\s+Map token: "[^"]*P\d.*body of /, extra: ['G'], showcase: [], at: 0.5 },
  catmouse: {
    tooltip: /\(q -?\d+, r -?\d+\) plain.*(Cat C\d|Mouse) of /, extra: ['F5', 'F6'], showcase: ['F5', 'F6'],
    // A turn where both AIs drew something (browser_test.go's drawing mouse).
    pick: (rep) => 1 + rep.turns.findIndex((t) => t.frame.sides.every((s) => s.drawings.length > 0) && t.frame.turn > 5),
  },
};
const FALLBACK = { tooltip: /./, extra: [], showcase: [], at: 0.5 };

const [base, outDir, ...pairs] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
    '--no-first-run', '--disable-component-update', '--disable-sync'],
});
const failures = [];

async function turnOf(page) {
  const t = await page.textContent('.turn');
  const m = /Turn (\d+) \/ (\d+)/.exec(t || '');
  assert.ok(m, `turn counter reads ${JSON.stringify(t)}`);
  // A long replay shows its first turns while the rest loads ("Turn 3 / 50…").
  return { turn: Number(m[1]), last: Number(m[2]), loading: (t || '').includes('\u2026') };
}

async function waitTurn(page, pred, what) {
  // Up to 15 s: the machine may be busy, and a long replay loads behind.
  for (let i = 0; i < 300; i++) {
    const t = await turnOf(page);
    if (pred(t)) return t;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}; counter: ${JSON.stringify(await turnOf(page))}`);
}

/** The board's picture and the game's side panel, to tell whether an option changed them. */
async function picture(page) {
  return (await page.$eval('.board canvas', (c) => c.toDataURL())) + (await page.innerHTML('.legend'));
}

/** Move the timeline to a turn, as the slider does. */
async function seek(page, turn) {
  await page.$eval('.slider', (s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); }, turn);
  await waitTurn(page, (t) => t.turn === turn, `turn ${turn}`);
}

/** Hover the board on a grid until the tooltip matches; returns its text and where. */
async function findTooltip(page, want) {
  const box = await page.locator('.board canvas').boundingBox();
  let first = '';
  for (const step of [0.05, 0.021]) {
    for (let y = 0.04; y < 0.98; y += step) {
      for (let x = 0.02; x < 0.98; x += step) {
        const at = { x: box.x + box.width * x, y: box.y + box.height * y };
        await page.mouse.move(at.x, at.y);
        const tip = await page.$eval('.tooltip', (t) => t.hidden ? '' : t.textContent);
        if (tip && !first) first = tip;
        if (tip && want.test(tip)) return { tip, at };
      }
    }
  }
  throw new Error(`no tooltip matches ${want}; the first one read ${JSON.stringify(first)}`);
}

async function recorded(game, id) {
  const spec = GAMES[game] || FALLBACK;
  const t0 = Date.now(), phases = [];
  const phase = (name) => phases.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)}`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  phase('open');
  const start = await turnOf(page);
  assert.equal(start.turn, 0, 'opens on the initial frame');
  assert.ok(start.last > 1, `the match has turns (${start.last})`);

  await page.keyboard.press('ArrowRight');
  await waitTurn(page, (t) => t.turn === 1, 'turn 1 after ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await waitTurn(page, (t) => t.turn === 1, 'turn 1 after Right, Left');

  await page.keyboard.press(' ');
  await waitTurn(page, (t) => t.turn >= 3, 'playback to advance');
  await page.keyboard.press(' ');
  const paused = await turnOf(page);
  await page.waitForTimeout(400);
  assert.equal((await turnOf(page)).turn, paused.turn, 'space pauses');

  await page.keyboard.press('Home');
  await waitTurn(page, (t) => t.turn === 0, 'Home');
  const board0 = await page.textContent('.scoreboard');
  await page.keyboard.press('End');
  await waitTurn(page, (t) => t.turn === t.last && !t.loading, 'End');
  const boardN = await page.textContent('.scoreboard');
  assert.notEqual(boardN, board0, 'the scoreboard changes between the first and the last turn');
  assert.ok((await page.textContent('.result')).length > 0, 'the result shows at the end');
  if (game === 'territory') {
    // An eliminated player's score is the result's (0), its tiles at elimination are labelled beside.
    const out = await page.$$eval('.scoreboard tr.seat', (rows) => rows.filter((r) => /eliminated/.test(r.textContent))
      .map((r) => ({ score: r.querySelector('.score').textContent, detail: r.querySelector('.detail').textContent })));
    assert.ok(out.length > 0, 'the territory match has an eliminated player');
    for (const o of out) assert.ok(o.score === '0' && /eliminated at turn \d+ with \d+ tiles/.test(o.detail), `an eliminated player: ${JSON.stringify(o)}`);
  }
  // The bar above the board: each player, in seat order, with the scoreboard's score and rank.
  const chips = await page.$$eval('.topbar .chip', (cs) => cs.map((c) => ({ seat: c.dataset.seat,
    name: c.querySelector('.chip-name').textContent, score: c.querySelector('.chip-score').textContent, rank: c.querySelector('.chip-rank').textContent })));
  const rows = await page.$$eval('.scoreboard tr.seat', (rs) => rs.map((r) => ({ seat: r.dataset.seat,
    name: r.querySelector('.who').textContent, score: r.querySelector('.score').textContent, rank: r.querySelector('.rank').textContent })));
  assert.equal(chips.length, rows.length, 'the top bar has every player');
  chips.forEach((c, k) => assert.equal(c.seat, String(k), 'the top bar is in seat order'));
  for (const r of rows) assert.deepEqual(chips[Number(r.seat)], r, 'the top bar agrees with the scoreboard');
  const ranks = await page.$$eval('.scoreboard tr.seat .rank', (rs) => rs.map((r) => Number(r.textContent.slice(1))));
  assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), 'the end scoreboard lists the players by rank');

  phase('controls');
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const at0 = spec.pick ? spec.pick(rep) : Math.round(start.last * spec.at);
  assert.ok(at0 > 0, 'the match has a frame to show');
  await seek(page, at0);
  const { tip, at } = await findTooltip(page, spec.tooltip);
  await page.mouse.move(0, 0); // no hover highlight: compare the board alone

  // Every keyed option of the renderer toggles from the keyboard; the
  // game's extras change the picture. Then each goes back to its default.
  phase('hover');
  const keyed = await page.$$eval('.gear-menu label', (ls) => ls
    .map((l) => ({ key: l.querySelector('kbd')?.textContent, id: l.querySelector('select')?.dataset.opt }))
    .filter((o) => o.key));
  for (const k of spec.extra) assert.ok(keyed.some((o) => o.key === k), `the renderer has an option on key ${k}`);
  for (const o of keyed) {
    const sel = `.gear-menu select[data-opt="${o.id}"]`;
    const before = await page.$eval(sel, (s) => s.value);
    const pic = await picture(page);
    await page.keyboard.press(o.key.length === 1 ? o.key.toLowerCase() : o.key);
    const after = await page.$eval(sel, (s) => s.value);
    assert.notEqual(after, before, `key ${o.key} toggles option ${o.id}`);
    if (spec.extra.includes(o.key)) assert.notEqual(await picture(page), pic, `key ${o.key} (${o.id}) changes the board or its legend`);
    await page.$eval(sel, (s, v) => { s.value = v; s.dispatchEvent(new Event('change')); }, before);
  }

  phase('options');
  for (const k of spec.showcase) await page.keyboard.press(k.length === 1 ? k.toLowerCase() : k);
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(50);
  await page.screenshot({ path: `${outDir}/${game}.png` });
  await page.keyboard.press('h');
  assert.ok(await page.isVisible('.help'), 'H opens the help');
  const help = await page.textContent('.help');
  for (const k of spec.extra) assert.ok(help.includes(k), `the help lists key ${k}`);
  await page.screenshot({ path: `${outDir}/${game}-help.png` });
  await page.keyboard.press('h');
  assert.deepEqual(errors, [], 'no error in the page');
  await page.close();
  phase('end');
  return { tooltip: tip.slice(0, 100), options: keyed.map((o) => o.key), phases };
}

// Records, in canvas pixels, the box of every text drawn on the page's
// board since its last full clear: what the layout checks compare.
function recordTexts() {
  const proto = CanvasRenderingContext2D.prototype;
  const fill = proto.fillText, clear = proto.clearRect;
  /** @type {any} */ (window).__texts = [];
  // The game's pieces (env.kit.piece records them here when the list exists).
  /** @type {any} */ (window).__arenaPieces = [];
  proto.clearRect = function (x, y, w, h) {
    if (this.canvas.isConnected && x <= 0 && y <= 0) {
      /** @type {any} */ (window).__texts = [];
      /** @type {any} */ (window).__arenaPieces = [];
    }
    return clear.call(this, x, y, w, h);
  };
  proto.fillText = function (text, x, y, ...rest) {
    if (this.canvas.isConnected) {
      const m = this.getTransform();
      const size = Number((/(\d+(?:\.\d+)?)px/.exec(this.font) || [0, 10])[1]);
      const w = this.measureText(text).width;
      const left = x - (this.textAlign === 'center' ? w / 2 : this.textAlign === 'right' || this.textAlign === 'end' ? w : 0);
      const top = y - (this.textBaseline === 'middle' ? size / 2 : this.textBaseline === 'top' ? 0 : size * 0.8);
      // A badge's background reaches about a third of the size around its text.
      const px = size * 0.35, py = size * 0.18;
      const drawn = /** @type {any} */ (window).__arenaPieces;
      /** @type {any} */ (window).__texts.push({ text: String(text), size: size * m.d, n: drawn ? drawn.length : 0, x0: m.a * (left - px) + m.e, y0: m.d * (top - py) + m.f,
        x1: m.a * (left + w + px) + m.e, y1: m.d * (top + size + py) + m.f, cw: this.canvas.width, ch: this.canvas.height,
        // The glyphs alone (without a badge's margin), in canvas pixels.
        g: [m.a * left + m.e, m.d * top + m.f, m.a * (left + w) + m.e, m.d * (top + size) + m.f] });
    }
    return fill.call(this, text, x, y, ...rest);
  };
}

/**
 * The pairs of drawn texts whose glyphs overlap (by more than a pixel each
 * way), as readable strings.
 * @param {any[]} all the texts recorded by recordTexts
 */
function overlaps(all) {
  const out = [];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const [a, b] = [all[i].g, all[j].g];
      const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      if (w > 1 && h > 1) out.push(`${JSON.stringify(all[i].text)} and ${JSON.stringify(all[j].text)} at (${a[0].toFixed(0)},${a[1].toFixed(0)})`);
    }
  }
  return out;
}

/**
 * The labels drawn over the middle of a piece drawn before them (the half
 * of its radius around its centre): a piece hidden behind a label; and the
 * labels under the middle of a piece drawn after them: a label hidden.
 * @param {any[]} texts recorded by recordTexts @param {any[]} pieces window.__arenaPieces
 */
function covered(texts, pieces) {
  const out = [];
  for (const t of texts) {
    for (let j = 0; j < pieces.length; j++) {
      const p = pieces[j], c = p.r * 0.5;
      // A conveyor's chevron, a rail, a unit's tile, a vine, the loop and
      // the glow around a unit (whose middle is the unit) and a burst: not
      // pieces to follow.
      if (p.r < 4 || /^(chain|track|tile|vine|lasso|summon:|burst)/.test(p.kind)) continue;
      const w = Math.min(t.g[2], p.x + c) - Math.max(t.g[0], p.x - c), h = Math.min(t.g[3], p.y + c) - Math.max(t.g[1], p.y - c);
      // A piece drawn after a label hides it, except tracks' trains: one
      // runs over a town's id for part of a turn, so as to stay seen there.
      if (j >= t.n && p.kind === 'train') continue;
      if (w > 1 && h > 1) out.push(j < t.n ? `${JSON.stringify(t.text)} over a ${p.kind} at (${p.x.toFixed(0)},${p.y.toFixed(0)})`
        : `${JSON.stringify(t.text)} under a ${p.kind} drawn after it at (${p.x.toFixed(0)},${p.y.toFixed(0)})`);
    }
  }
  return out;
}

const SIZES = [[800, 600], [1280, 720], [1920, 1080]];

// Each game's own pieces (drawn with env.kit.piece): the kinds that must be
// on the board at the game's showcase turn, the ones that move between
// turns, and how many distinct kinds of a family there must be (jungle: one
// animal per team).
const PIECES = {
  ants: { kinds: [/^ant$/, /^crystal:[123]$/], moving: /^ant$/ },
  tracks: { kinds: [/^track$/, /^train$/], moving: /^train$/ },
  jungle: { kinds: [/^animal:/, /^gem:/], moving: /^animal:/, family: /^animal:/, distinct: (rep) => Math.min(4, rep.players.length) },
  catmouse: { kinds: [/^cat$/, /^mouse$/], moving: /^(cat|mouse)$/ },
  territory: { kinds: [/^head$/], moving: /^head$/ },
};
/** The smallest a unit-like piece may be drawn (its box, in CSS pixels), at 800x600 too. */
const MIN_PIECE = 14;

/**
 * The game's drawn pieces at the three sizes, on the showcase turn: every
 * expected kind is drawn, inside the board, at least MIN_PIECE pixels
 * across (legible at 800x600), and bigger on a bigger board.
 */
async function pieces(game, id) {
  const spec = GAMES[game] || FALLBACK, want = PIECES[game];
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const at = spec.pick ? spec.pick(rep) : Math.round(rep.turns.length * spec.at);
  const out = [], sizes = [];
  for (const [width, height] of SIZES) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.addInitScript(recordTexts);
    await page.goto(`${base}/match/${id}#turn=${at}`);
    await page.waitForSelector('.scoreboard tr.seat');
    await waitTurn(page, (t) => t.turn === at, `turn ${at}`);
    await page.mouse.move(0, 0);
    const { list, cw, ch } = await page.evaluate(() => {
      const c = /** @type {HTMLCanvasElement} */ (document.querySelector('.board canvas'));
      return { list: /** @type {any} */ (window).__arenaPieces, cw: c.clientWidth, ch: c.clientHeight };
    });
    const where = `${game} at ${width}x${height}, turn ${at}`;
    for (const k of want.kinds) assert.ok(list.some((p) => k.test(p.kind)), `${where}: no ${k} piece drawn (drawn: ${[...new Set(list.map((p) => p.kind))].join(' ') || 'none'})`);
    if (want.family) {
      const kinds = new Set(list.filter((p) => want.family.test(p.kind)).map((p) => p.kind));
      assert.equal(kinds.size, want.distinct(rep), `${where}: distinct ${want.family} pieces: ${[...kinds].join(' ')}`);
    }
    const units = list.filter((p) => want.moving.test(p.kind));
    for (const p of units) {
      assert.ok(2 * p.r >= MIN_PIECE, `${where}: a ${p.kind} is ${(2 * p.r).toFixed(1)} px across (at least ${MIN_PIECE})`);
      assert.ok(p.x >= 0 && p.y >= 0 && p.x <= cw && p.y <= ch, `${where}: a ${p.kind} at (${p.x.toFixed(0)}, ${p.y.toFixed(0)}) is off the ${cw}x${ch} board`);
    }
    const rs = units.map((p) => p.r).sort((a, b) => a - b);
    sizes.push(rs[rs.length >> 1]);
    out.push(`${width}x${height}: ${[...new Set(list.map((p) => p.kind))].join(' ')}, ${want.moving.source} ${(2 * rs[rs.length >> 1]).toFixed(0)} px`);
    if (width === 800) await page.screenshot({ path: `${outDir}/${game}-800.png` });
    await page.close();
  }
  assert.ok(sizes[2] > sizes[0] * 1.2, `${game}: the pieces grow with the board (${sizes.map((r) => (2 * r).toFixed(1)).join(', ')} px)`);
  return out.join(' | ');
}

/**
 * The layout rules at the three sizes, on the last turn (banners up): the
 * turn counter (the page's and the board's status line) is covered by
 * nothing, no text leaves the board, the side panel and the header do not
 * overflow, a long name ends in an ellipsis inside the panel, and a banner
 * that gives scores gives the winner's first.
 */
async function layout(game, id) {
  const out = [];
  for (const [width, height] of SIZES) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.addInitScript(recordTexts);
    await page.goto(`${base}/match/${id}`);
    await page.waitForSelector('.scoreboard tr.seat');
    await page.keyboard.press('End');
    await waitTurn(page, (t) => t.turn === t.last && !t.loading, 'End');
    await page.waitForTimeout(100);
    const where = `${game} at ${width}x${height}`;
    const dom = await page.evaluate(() => {
      const turn = /** @type {HTMLElement} */ (document.querySelector('.turn')).getBoundingClientRect();
      const hit = document.elementFromPoint(turn.x + turn.width / 2, turn.y + turn.height / 2);
      const over = [...document.querySelectorAll('.side, .match-head, .controls, .scoreboard, .topbar, .topbar .chip')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => {
          // Name the widest descendant, to say what pushes the box out.
          const wide = [...e.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > e.getBoundingClientRect().right + 1);
          return `${e.className}${wide.length ? ' (' + wide.map((c) => c.tagName + '.' + c.className).slice(-3).join(', ') + ')' : ''}`;
        });
      const side = /** @type {HTMLElement} */ (document.querySelector('.side')).getBoundingClientRect();
      const outside = [...document.querySelectorAll('.scoreboard td')].filter((td) => {
        const r = td.getBoundingClientRect();
        return r.right > side.right + 1 || r.left < side.left - 1;
      }).map((td) => td.textContent);
      const long = [...document.querySelectorAll('.scoreboard .who')].filter((w) => w.scrollWidth > w.clientWidth)
        .map((w) => getComputedStyle(w).textOverflow);
      // A list cut by its height must say so (it fades out at the bottom).
      const cut = [...document.querySelectorAll('.legend .log')].filter((l) => l.scrollHeight > l.clientHeight + 1 && !l.classList.contains('overflows'))
        .map((l) => (l.textContent || '').slice(0, 40));
      const scrolls = [...document.querySelectorAll('.legend .log.overflows')].length;
      // The page's own texts (header, top bar, controls, scoreboard, result):
      // no two overlap, each text node's box measured alone (a name cut by
      // its ellipsis: its own box, which the text overflows by design).
      const boxes = [];
      for (const root of document.querySelectorAll('.match-head, .topbar, .controls, .scoreboard, .result')) {
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          if (!(n.textContent || '').trim()) continue;
          const el = /** @type {HTMLElement} */ (n.parentElement);
          if (el.closest('[hidden]') || el.closest('select')) continue;
          const r = document.createRange();
          r.selectNodeContents(n);
          // What the boxes that scroll or clip let show of it (a scoreboard
          // scrolled out of sight is under the controls, unseen).
          let view = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
          for (let a = el; a; a = a.parentElement) {
            const st = getComputedStyle(a);
            if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
            const q = a.getBoundingClientRect();
            view = { left: Math.max(view.left, q.left), top: Math.max(view.top, q.top), right: Math.min(view.right, q.right), bottom: Math.min(view.bottom, q.bottom) };
          }
          const clip = el.closest('.who, .chip-name');
          for (const b of clip ? [clip.getBoundingClientRect()] : r.getClientRects()) {
            const seen = { left: Math.max(b.left, view.left), top: Math.max(b.top, view.top), right: Math.min(b.right, view.right), bottom: Math.min(b.bottom, view.bottom) };
            if (seen.right - seen.left > 0 && seen.bottom - seen.top > 0) boxes.push({ text: (n.textContent || '').trim().slice(0, 30), b: seen });
          }
        }
      }
      const clash = [];
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i], c = boxes[j], ra = a.b, rc = c.b;
          const w = Math.min(ra.right, rc.right) - Math.max(ra.left, rc.left), h = Math.min(ra.bottom, rc.bottom) - Math.max(ra.top, rc.top);
          if (w > 1 && h > 1) clash.push(`${JSON.stringify(a.text)} and ${JSON.stringify(c.text)}`);
        }
      }
      return { clash, texts: boxes.length, cut, scrolls, covered: hit && hit.classList.contains('turn') ? '' : (hit ? hit.outerHTML.slice(0, 80) : 'nothing'), over, outside, long };
    });
    // The header is one row, its seed whole; the top bar's names are whole
    // or shortened so that no two read alike.
    const head = await page.evaluate(() => {
      const hd = /** @type {HTMLElement} */ (document.querySelector('.match-head'));
      const box = hd.getBoundingClientRect();
      // A child that starts below the bottom of another is on a second row.
      const rects = [...hd.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
      const bottom = Math.min(...rects.map((r) => r.bottom));
      const rows = { size: rects.some((r) => r.top >= bottom - 1) ? 2 : 1 };
      const seed = /** @type {HTMLElement} */ (hd.querySelector('small'));
      const sb = seed.getBoundingClientRect();
      const names = [...document.querySelectorAll('.topbar .chip-name')].map((n) => ({ text: n.textContent, whole: n.getAttribute('title'),
        clipped: n.scrollWidth > n.clientWidth + 1 }));
      return { height: box.height, rows: rows.size, seed: seed.textContent, seedWhole: sb.right <= box.right + 1 && seed.scrollWidth <= seed.clientWidth + 1, names };
    });
    assert.equal(head.rows, 1, `${where}: the header is on one row (${head.rows} rows, ${head.height.toFixed(0)} px high)`);
    assert.ok(head.height < 48, `${where}: the header is ${head.height.toFixed(0)} px high`);
    assert.ok(head.seedWhole, `${where}: the seed is shown whole: ${JSON.stringify(head.seed)}`);
    for (const n of head.names) assert.ok(!n.clipped, `${where}: the top bar's name ${JSON.stringify(n.whole)} is cut by its box, not shortened`);
    const told = head.names.map((n) => n.text);
    assert.equal(new Set(told).size, told.length, `${where}: the top bar's names read alike: ${JSON.stringify(told)}`);
    assert.equal(dom.covered, '', `${where}: the turn counter is covered`);
    assert.ok(dom.texts > 8, `${where}: the page's texts are measured (${dom.texts})`);
    assert.deepEqual(dom.clash, [], `${where}: the page's texts overlap`);
    assert.deepEqual(dom.cut, [], `${where}: lists cut by their height with no sign that they scroll`);
    if (dom.scrolls) out.push('(a list scrolls)');
    assert.deepEqual(dom.over, [], `${where}: these overflow their box`);
    assert.deepEqual(dom.outside, [], `${where}: scoreboard cells outside the side panel`);
    for (const t of dom.long) assert.equal(t, 'ellipsis', `${where}: a long name ends in an ellipsis`);
    const texts = await page.evaluate(() => /** @type {any} */ (window).__texts);
    assert.ok(texts.length > 0, `${where}: the board drew texts`);
    for (const t of texts) {
      assert.ok(t.x0 >= -1 && t.y0 >= -1 && t.x1 <= t.cw + 1 && t.y1 <= t.ch + 1,
        `${where}: ${JSON.stringify(t.text)} leaves the board (${t.x0.toFixed(0)},${t.y0.toFixed(0)})-(${t.x1.toFixed(0)},${t.y1.toFixed(0)}) of ${t.cw}x${t.ch}`);
    }
    // The board's own turn counter (its status line) starts with the
    // controls' counter: one convention, the board and the controls agree.
    const counter = (await page.textContent('.turn')).trim();
    // No two texts of the board overlap (their glyphs, at the last turn, the
    // showcase turn and every tenth), and no label hides a piece: checked
    // first, as the last turn's own checks below stop at their first fault.
    const spec = GAMES[game] || FALLBACK;
    const last = (await turnOf(page)).last;
    const mid = spec.pick ? spec.pick(await (await fetch(`${base}/api/matches/${id}`)).json()) : Math.round(last * spec.at);
    const turns = [last, mid, ...Array.from({ length: 9 }, (_, k) => Math.round(last * (k + 1) / 10))];
    for (const turn of [...new Set(turns)]) {
      if (turn !== last) await seek(page, turn);
      const { all, drawn } = await page.evaluate(() => ({ all: /** @type {any} */ (window).__texts, drawn: /** @type {any} */ (window).__arenaPieces }));
      const clash = overlaps(all);
      assert.deepEqual(clash, [], `${where}, turn ${turn}: texts overlap`);
      assert.deepEqual(covered(all, drawn), [], `${where}, turn ${turn}: labels hide pieces`);
      if (game === 'jungle' && width === 800) {
        // Unit ids (the texts that are a unit's id) are read from a seat.
        const small = all.filter((t) => /^\d+$/.test(t.text) && t.size < 10.9).map((t) => `${t.text} (${t.size.toFixed(1)} px)`);
        assert.deepEqual(small, [], `${where}, turn ${turn}: unit ids under 11 px`);
      }
    }
    const status = texts.find((t) => t.text.startsWith(counter + ' ') || t.text === counter);
    assert.ok(status, `${where}: the board's status line starts with the controls' counter ${JSON.stringify(counter)} (the board drew ${JSON.stringify(texts.filter((t) => t.y1 <= 30).map((t) => t.text))})`);
    // The status line is read from a seat: no row of it under 11 px.
    for (const t of texts.filter((x) => x.y1 <= 27 && x.y0 >= -1)) {
      assert.ok(t.size >= 10.9, `${where}: the status text ${JSON.stringify(t.text)} is ${t.size.toFixed(1)} px`);
    }
    // So is the end banner, in the bottom band: no row of it under 11 px.
    for (const t of texts.filter((x) => (x.g[1] + x.g[3]) / 2 >= x.ch - 26)) {
      assert.ok(t.size >= 10.9, `${where}: the banner text ${JSON.stringify(t.text)} is ${t.size.toFixed(1)} px`);
    }
    if (game === 'catmouse') {
      assert.ok(texts.some((t) => t.y1 <= 27 && /lower wins/.test(t.text)), `${where}: the board says that lower wins`);
    }
    if (status) {
      for (const t of texts) {
        // The status line's own second row, below it, is part of it (their
        // glyphs are kept apart by the overlap check below).
        if (t === status || (t.y1 <= 27 && t.y0 > status.y0 && Math.abs(t.g[0] - status.g[0]) < 1)) continue;
        const overlap = t.x0 < status.x1 && t.x1 > status.x0 && t.y0 < status.y1 && t.y1 > status.y0;
        assert.ok(!overlap, `${where}: ${JSON.stringify(t.text)} covers the board's turn counter ${JSON.stringify(status.text)}`);
      }
    }
    for (const t of texts) {
      const m = / wins: (-?\d+) - (-?\d+)/.exec(t.text);
      if (m) assert.ok(Number(m[1]) >= Number(m[2]), `${where}: the banner gives the winner's score first: ${JSON.stringify(t.text)}`);
    }
    await seek(page, last);
    if (width === 1280) await page.screenshot({ path: `${outDir}/${game}-end.png` });
    // tracks' instability badges (K/threshold) cover no other text (the
    // desired-town chips under a town), on every turn.
    if (game === 'tracks') {
      for (let turn = 0; turn <= (await turnOf(page)).last; turn++) {
        await page.$eval('.slider', (s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); }, turn);
        const all = await page.evaluate(() => /** @type {any} */ (window).__texts);
        for (const b of all.filter((t) => /^\d+\/\d+$/.test(t.text))) {
          for (const t of all) {
            if (t === b) continue;
            const overlap = t.x0 < b.x1 && t.x1 > b.x0 && t.y0 < b.y1 && t.y1 > b.y0;
            assert.ok(!overlap, `${where}, turn ${turn}: the instability badge ${b.text} covers ${JSON.stringify(t.text)}`);
          }
        }
      }
    }
    out.push(status ? status.text : '-');
    await page.close();
  }
  return out;
}

/**
 * The shell's keys and address: = is +, Esc and a click outside close the
 * help and the gear menu, the tab names the match, the address names the
 * turn (and a link to a turn opens on it), bot output wraps between words.
 */
async function shell(id) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/match/${id}#turn=5`);
  await page.waitForSelector('.scoreboard tr.seat');
  assert.equal((await turnOf(page)).turn, 5, 'a link to turn 5 opens on turn 5');
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const title = await page.title();
  assert.ok(title.includes(rep.game) && rep.players.every((p) => title.includes(p.name)), `the tab names the match: ${JSON.stringify(title)}`);
  await page.keyboard.press('ArrowRight');
  await waitTurn(page, (t) => t.turn === 6, 'turn 6');
  await page.waitForFunction(() => location.hash === '#turn=6', null, { timeout: 5000 });
  // The address edited on the open page moves to the turn it names.
  await page.evaluate(() => { location.hash = '#turn=11'; });
  await waitTurn(page, (t) => t.turn === 11, 'turn 11 after the address changed to #turn=11');
  await page.evaluate(() => { location.hash = '#turn=4'; });
  await waitTurn(page, (t) => t.turn === 4, 'turn 4 after the address changed to #turn=4');
  // Played at 16x, the address changes at most a few times a second (browsers refuse more).
  const changes = await page.evaluate(async () => {
    let n = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...a) => { n++; return replace(...a); };
    /** @type {HTMLSelectElement} */ (document.querySelector('.speed')).value = '16';
    document.querySelector('.speed').dispatchEvent(new Event('change'));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    await new Promise((r) => setTimeout(r, 1500));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    return n;
  });
  assert.ok(changes <= 4, `the address changed ${changes} times in 1.5 s of playback at 16x`);
  await page.selectOption('.speed', '2');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  const speed = await page.$eval('.speed', (s) => s.value);
  await page.keyboard.press('=');
  assert.equal(Number(await page.$eval('.speed', (s) => s.value)), 2 * Number(speed), '= speeds up as + does');
  await page.keyboard.press('h');
  assert.ok(await page.isVisible('.help'), 'H opens the help');
  await page.keyboard.press('Escape');
  assert.ok(!(await page.isVisible('.help')), 'Esc closes the help');
  await page.click('.help-button');
  assert.ok(await page.isVisible('.help'), 'the ? button opens the help');
  await page.mouse.click(1270, 700);
  assert.ok(!(await page.isVisible('.help')), 'a click outside closes the help');
  await page.click('.gear');
  assert.ok(await page.isVisible('.gear-menu'), 'the gear opens its menu');
  await page.keyboard.press('Escape');
  assert.ok(!(await page.isVisible('.gear-menu')), 'Esc closes the gear menu');
  await page.click('.gear');
  await page.mouse.click(300, 300);
  assert.ok(!(await page.isVisible('.gear-menu')), 'a click outside closes the gear menu');
  // Bot output breaks between words (a word is cut only when it alone is wider than the panel).
  const wrap = await page.$eval('.bots pre', (p) => { const c = getComputedStyle(p); return `${c.wordBreak} ${c.overflowWrap}`; });
  assert.equal(wrap, 'normal anywhere', 'bot output wraps at word boundaries');
  await page.close();
}

/** The home form: territory starts with 4 bots, no League select without leagues, no command-line words in errors. */
async function homeForm() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(base);
  await page.waitForSelector('#start select[name=game] option', { state: 'attached' });
  const games = (await (await fetch(`${base}/api/games`)).json()).games;
  for (const g of games) {
    await page.selectOption('#start select[name=game]', g.name);
    assert.equal(await page.isVisible('#start .league'), !!(g.leagues && g.leagues.length), `${g.name}: the League select shows only for games with leagues`);
  }
  await page.selectOption('#start select[name=game]', 'territory');
  assert.equal(await page.$$eval('#start .bot-row', (r) => r.length), 4, 'territory starts with 4 bots');
  await page.click('#start .bot-row:last-child .remove');
  await page.click('#start button[type=submit]');
  await page.waitForSelector('.form-error:not([hidden])');
  const err = await page.textContent('.form-error');
  assert.ok(/4, 6 or 8/.test(err) && !err.includes('--'), `the form's error speaks the form's words: ${JSON.stringify(err)}`);
  await page.close();
}

/**
 * What a turn costs to show (the board drawn and the side panel built), at
 * 1280x720: each turn shown once through the slider, timed in the page; and
 * the turns per second actually played at 16x (asked: 32). Reported, not
 * asserted: the numbers depend on the machine.
 */
async function frameTime(id) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  const ms = await page.evaluate(() => {
    const slider = /** @type {HTMLInputElement} */ (document.querySelector('.slider'));
    const out = [];
    for (let t = 1; t <= Number(slider.max); t++) {
      const t0 = performance.now();
      slider.value = String(t);
      slider.dispatchEvent(new Event('input'));
      out.push(performance.now() - t0);
    }
    return out.sort((a, b) => a - b);
  });
  const rates = [];
  for (const speed of [16, 4]) {
    await page.keyboard.press('Home');
    await page.selectOption('.speed', String(speed));
    rates.push(await playRate(page, speed, Math.min(speed === 16 ? 80 : 40, (await turnOf(page)).last - 1)));
    await page.keyboard.press(' ');
  }
  await page.close();
  return `median ${ms[ms.length >> 1].toFixed(1)} ms, max ${ms[ms.length - 1].toFixed(1)} ms per turn; ${rates.join(', ')}`;
}

/**
 * The turns per second played at a speed (the player's 2 turns a second
 * times the speed), timed in the page from the first turn shown after play
 * to `turns` turns later: asserted within 90-110 % of the speed asked, as the turns are
 * due on the clock whatever drawing them costs (a late one is skipped).
 * @param {any} page @param {number} speed @param {number} turns
 */
async function playRate(page, speed, turns) {
  const start = (await turnOf(page)).turn;
  await page.keyboard.press(' ');
  const elapsed = await page.evaluate(([from, n]) => new Promise((done) => {
    const label = /** @type {HTMLElement} */ (document.querySelector('.turn'));
    const at = () => Number((/Turn (\d+)/.exec(label.textContent || '') || [0, 0])[1]);
    // From the first turn shown after the start (whichever it is: a busy
    // page may show a later one first) to the first at least n turns on.
    let t0 = 0, first = 0;
    const watch = new MutationObserver(() => {
      const now = performance.now(), t = at();
      if (!t0 && t > from) { t0 = now; first = t; }
      if (t0 && t >= first + n) { watch.disconnect(); done((now - t0) / (t - first)); }
    });
    watch.observe(label, { childList: true, characterData: true, subtree: true });
  }), [start, turns]);
  const rate = 1000 / elapsed, asked = 2 * speed;
  // never faster than asked; as fast as asked where the machine leaves
  // the page its time (quietMachine): a busy one makes it late
  const machine = quietMachine();
  const said = `at ${speed}x the page played ${rate.toFixed(1)} turns/s (asked ${asked})`;
  assert.ok(rate <= 1.1 * asked, said);
  if (machine.quiet) assert.ok(rate >= 0.9 * asked, said);
  return `${rate.toFixed(1)} turns/s at ${speed}x (asked ${asked}${machine.quiet ? '' : `; its slowness not judged, ${machine.said}`})`;
}

/**
 * The turn counter, the board's picture and where the game's moving pieces
 * are, read in one go (the same frame).
 * @param {any} page @param {RegExp} [moving] the kinds of the pieces that move
 */
async function sample(page, moving) {
  return page.evaluate((src) => {
    const re = src ? new RegExp(src) : null;
    const list = /** @type {any} */ (window).__arenaPieces || [];
    return {
      turn: /** @type {HTMLElement} */ (document.querySelector('.turn')).textContent,
      pic: /** @type {HTMLCanvasElement} */ (document.querySelector('.board canvas')).toDataURL(),
      at: re ? list.filter((/** @type {any} */ p) => re.test(p.kind)).map((/** @type {any} */ p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).sort().join(' ') : '',
    };
  }, moving ? moving.source : '');
}

/**
 * Distinct pictures per turn while playing for `ms`, and distinct placings
 * of the moving pieces per turn. Sampled in the page on every animation
 * frame (the picture as a small thumbnail's pixels): no round trip to the
 * test between samples, so a busy machine takes fewer samples only when
 * the page itself draws fewer frames.
 * @param {any} page @param {number} ms @param {RegExp} [moving] @param {boolean} [play] press play inside the page as the sampling starts
 */
async function picturesPerTurn(page, ms, moving, play = false) {
  const out = await page.evaluate(([ms, src, play]) => new Promise((done) => {
    const re = src ? new RegExp(src) : null;
    const board = /** @type {HTMLCanvasElement} */ (document.querySelector('.board canvas'));
    const label = /** @type {HTMLElement} */ (document.querySelector('.turn'));
    const thumb = document.createElement('canvas');
    thumb.width = 160; thumb.height = 90;
    const g = /** @type {CanvasRenderingContext2D} */ (thumb.getContext('2d', { willReadFrequently: true }));
    /** @type {Map<string, Set<string>>} */ const seen = new Map();
    /** @type {Map<string, Set<string>>} */ const placed = new Map();
    const t0 = performance.now();
    const step = () => {
      const turn = label.textContent || '';
      g.clearRect(0, 0, 160, 90);
      g.drawImage(board, 0, 0, 160, 90);
      const px = g.getImageData(0, 0, 160, 90).data;
      let h = 2166136261;
      for (let k = 0; k < px.length; k++) { h ^= px[k]; h = Math.imul(h, 16777619); }
      const list = /** @type {any} */ (window).__arenaPieces || [];
      const at = re ? list.filter((/** @type {any} */ p) => re.test(p.kind)).map((/** @type {any} */ p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).sort().join(' ') : '';
      if (!seen.has(turn)) { seen.set(turn, new Set()); placed.set(turn, new Set()); }
      /** @type {Set<string>} */ (seen.get(turn)).add(String(h >>> 0));
      /** @type {Set<string>} */ (placed.get(turn)).add(at);
      if (performance.now() - t0 < ms) requestAnimationFrame(step);
      else done({ pics: [...seen.values()].map((x) => x.size), placings: [...placed.values()].map((x) => x.size) });
    };
    if (play) document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    requestAnimationFrame(step);
  }), [ms, moving ? moving.source : '', play]);
  return Object.assign(out.pics, { placings: out.placings });
}

/**
 * Motion between turns: at 1x the board moves while a turn is on screen
 * (several pictures of one turn); a step with the arrow snaps (the picture
 * right after the key is the one that stays); at 16x turns snap too.
 */
async function motion(game, id) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(recordTexts);
  const moving = (PIECES[game] || {}).moving;
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  const last = (await turnOf(page)).last;
  await seek(page, Math.floor(last / 3));
  await page.keyboard.press('ArrowRight');
  const a = await sample(page);
  await page.waitForTimeout(400);
  const b = await sample(page);
  assert.equal(a.turn, b.turn);
  assert.ok(a.pic === b.pic, 'a step with the arrow snaps to the next turn');
  await page.selectOption('.speed', '1');
  await page.keyboard.press(' ');
  const slow = await picturesPerTurn(page, 3000, moving);
  await page.keyboard.press(' ');
  assert.ok(Math.max(...slow) >= 3, `at 1x the board moves during a turn (distinct pictures per turn: ${slow})`);
  // The game's own pieces are what moves (units, ants, trains, heads...).
  if (moving) assert.ok(Math.max(...slow.placings) >= 3, `at 1x the ${moving.source} pieces move during a turn (distinct placings per turn: ${slow.placings})`);
  await page.selectOption('.speed', '16');
  // From the first turn, and play pressed inside the page as the sampling
  // starts: a short match (27 turns of ants) ends in under a second at 16x,
  // sooner than a busy machine's round trip to the page.
  await seek(page, 1);
  const fast = await picturesPerTurn(page, 1500, undefined, true);
  if ((await page.textContent('.play')) !== '\u25b6') await page.keyboard.press(' ');
  // The first turn is the one shown when play was pressed: it may still be
  // ending the move it was reached with at 1x.
  assert.ok(Math.max(...fast.slice(1)) === 1, `at 16x turns snap (distinct pictures per turn: ${fast})`);
  await page.close();
  return `pictures per turn at 1x: ${slow.join(' ')}; ${moving ? moving.source : '-'} placings: ${slow.placings.join(' ')}`;
}

/**
 * Record, in the page, when the board is first drawn (window.__firstPaint,
 * from the navigation's start) and how many turns the page had then.
 * @param {import('playwright-core').Page} page
 */
async function watchFirstPaint(page) {
  await page.addInitScript(() => {
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of /** @type {const} */ (['fillRect', 'drawImage'])) {
      const f = /** @type {any} */ (proto[name]);
      /** @type {any} */ (proto)[name] = function (/** @type {any[]} */ ...a) {
        const w = /** @type {any} */ (window);
        if (this.canvas.isConnected && !w.__firstPaint) {
          w.__firstPaint = performance.now();
          const s = /** @type {HTMLInputElement|null} */ (document.querySelector('.slider'));
          w.__paintTurns = s ? Number(s.max) : -1;
        }
        return f.apply(this, a);
      };
    }
  });
}

/**
 * Whether the machine is quiet enough for a time to say something of the
 * page rather than of the other programs: the load average (1 min) below
 * the cores. Otherwise the times are reported and not judged.
 */
function quietMachine() {
  const [load] = os.loadavg();
  return { quiet: load < os.availableParallelism(), said: `load ${load.toFixed(1)} on ${os.availableParallelism()} cores` };
}

/**
 * End pressed while the rest of a long replay loads, once more turns than
 * the first ones have come (End then shows the last so far): the page goes
 * to the real end once all have come. When the rest comes before the page
 * can be looked at (a fast machine, the server's cache warm), it says it
 * did not check.
 * @param {string} id @param {number} total the match's turns
 */
async function endPressedWhileLoading(id, total) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/match/${id}`);
  // more turns than the first ones, and the rest still coming: End then
  // shows the last turn so far
  const caught = await page.waitForFunction(() => {
    const t = document.querySelector('.turn')?.textContent || '';
    const m = /Turn (\d+) \/ (\d+)/.exec(t);
    return m && (!t.includes('\u2026') ? 'done' : Number(m[2]) > 50 ? 'loading' : false);
  }, null, { timeout: 300000, polling: 5 }).then((h) => h.jsonValue());
  if (caught === 'done') {
    await page.close();
    return 'End while loading: not checked (the rest came before the page was looked at)';
  }
  const came = (await turnOf(page)).last; // (a little later than caught)
  await page.keyboard.press('End');
  await page.waitForFunction(() => !(document.querySelector('.turn')?.textContent || '').includes('\u2026'), null, { timeout: 300000, polling: 50 });
  await page.waitForTimeout(100);
  const end = (await turnOf(page)).turn;
  await page.close();
  assert.equal(end, total, `End pressed while the rest loaded (${came} turns had come) goes to the real end once all have come`);
  return `End while loading: pressed when ${came} turns had come, then at turn ${end}`;
}

/**
 * First paint of a long replay (Performance API, from the navigation's
 * start): when the board is first drawn and how many turns the page had
 * then, when all the turns are there (the timeline reaches the last turn,
 * the counter no longer says the rest is loading) and the last turn is
 * drawn, and what the replay's requests moved (encoded: on the wire;
 * decoded: once unzipped). Once with the server's cache cold (the first
 * request of this replay), once warm; then the offline page of the same
 * match (arena replay html). Asserted: the board is painted before the
 * whole replay has come, the rest comes in lines (?lines=1)
 * gzip-compressed, the last turn is shown once all have come; and, when
 * the machine is quiet (quietMachine), every turn is there within 3 s
 * cold and the offline page paints within 1 s.
 * @param {string} id @param {number} total the match's turns @param {string} [file] its offline page
 */
async function firstPaint(id, total, file) {
  const runs = [];
  const machine = quietMachine();
  for (const label of ['cold', 'warm']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await watchFirstPaint(page);
    await page.goto(`${base}/match/${id}`);
    await page.waitForFunction(() => /** @type {any} */ (window).__firstPaint, null, { timeout: 180000, polling: 50 });
    await page.waitForFunction((n) => Number(/** @type {HTMLInputElement} */ (document.querySelector('.slider')).max) === n &&
      !(document.querySelector('.turn')?.textContent || '').includes('\u2026'), total, { timeout: 300000, polling: 20 });
    const r = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      const all = performance.now();
      const fetches = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/matches/'))
        .map((e) => { const t = /** @type {PerformanceResourceTiming} */ (e); return { url: t.name.replace(/^.*\/api\/matches\//, ''), encoded: t.encodedBodySize, decoded: t.decodedBodySize, ms: t.responseEnd }; });
      return { paint: w.__firstPaint, turns: w.__paintTurns, all, fetches };
    });
    assert.deepEqual(errors, [], `${label}: no error in the page`);
    // A recorded match, not a live one, on its first turn.
    assert.equal((await turnOf(page)).turn, 0, `${label}: the page stays on the first turn`);
    assert.ok(await page.$eval('.live-badge', (b) => b.hidden), `${label}: the match is not taken for a live one`);
    // Every turn is usable: the last one (parsed only now) is drawn.
    await page.keyboard.press('End');
    assert.equal((await turnOf(page)).turn, total, `${label}: End shows the last turn`);
    assert.deepEqual(errors, [], `${label}: no error in the page once the last turn is drawn`);
    await page.close();
    const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
    console.log(`     ${label}: first paint ${r.paint.toFixed(0)} ms with ${r.turns} turns; all ${total} turns by ${r.all.toFixed(0)} ms; ` +
      r.fetches.map((f) => `${f.url} ${mb(f.encoded)} MB on the wire (${mb(f.decoded)} MB) done at ${f.ms.toFixed(0)} ms`).join(', '));
    runs.push({ label, ...r });
  }
  // A link to a turn beyond the first ones opens on it once it has come.
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const far = total - 7;
  await page.goto(`${base}/match/${id}#turn=${far}`);
  await page.waitForSelector('.scoreboard tr.seat');
  await page.waitForFunction((n) => /Turn (\d+) \/ (\d+)$/.exec(/** @type {HTMLElement} */ (document.querySelector('.turn')).textContent || '')?.[1] === String(n), far, { timeout: 300000, polling: 100 });
  await page.close();
  const endWhileLoading = await endPressedWhileLoading(id, total);
  for (const r of runs) {
    assert.ok(r.turns >= 0 && r.turns < total, `${r.label}: the board is painted before the whole replay has come (it had ${r.turns} of ${total} turns)`);
    const whole = r.fetches.find((f) => f.decoded > 10e6);
    assert.ok(whole && whole.url.endsWith('?lines=1'), `${r.label}: the rest of the replay is fetched in lines (${whole && whole.url})`);
    assert.ok(whole.encoded > 0 && whole.encoded < whole.decoded / 4, `${r.label}: the whole replay comes gzip-compressed (${whole.encoded} bytes for ${whole.decoded})`);
  }
  let offline = '';
  if (file) {
    // The offline page: no server, the replay in the page itself.
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await watchFirstPaint(page);
    // Not until its load event: the page paints while the rest is parsed.
    await page.goto(`file://${file}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => /** @type {any} */ (window).__firstPaint, null, { timeout: 180000, polling: 20 });
    await page.waitForFunction((n) => Number(/** @type {HTMLInputElement} */ (document.querySelector('.slider')).max) === n &&
      !(document.querySelector('.turn')?.textContent || '').includes('\u2026'), total, { timeout: 300000, polling: 20 });
    const [paint, turns, all] = await page.evaluate(() => [/** @type {any} */ (window).__firstPaint, /** @type {any} */ (window).__paintTurns, performance.now()]);
    assert.ok(turns < total, `offline: painted before the rest of the replay is read (with ${turns} turns)`);
    await page.keyboard.press('End');
    assert.equal((await turnOf(page)).turn, total, 'offline: End shows the last turn');
    assert.deepEqual(errors, [], 'offline: no error in the page');
    await page.close();
    offline = `; offline page: first paint ${paint.toFixed(0)} ms, all turns ${all.toFixed(0)} ms`;
    console.log(`     offline: first paint ${paint.toFixed(0)} ms with ${turns} turns, all ${total} by ${all.toFixed(0)} ms`);
    if (machine.quiet) assert.ok(paint < 1000, `offline: painted in ${paint.toFixed(0)} ms, over 1 s (${machine.said})`);
  }
  const cold = runs[0];
  if (machine.quiet) assert.ok(cold.all < 3000, `cold: all turns in ${cold.all.toFixed(0)} ms, over 3 s (${machine.said})`);
  const judged = machine.quiet ? `judged: ${machine.said}` : `not judged, the machine is too busy (${machine.said})`;
  return runs.map((r) => `${r.label}: first paint ${r.paint.toFixed(0)} ms, all turns ${r.all.toFixed(0)} ms`).join('; ') + offline + `; ${endWhileLoading}; ${judged}`;
}

/**
 * Scores that race: the top bar (every chip's score and what it shows
 * beside it) read at nine turns before the end gives at least five
 * different readings, for every game (jungle's held points, the catmouse
 * hunt, not only a result at the end).
 */
async function race(game, id) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  const last = (await turnOf(page)).last;
  const seen = [];
  const rep = game === 'jungle' ? await (await fetch(`${base}/api/matches/${id}`)).json() : null;
  const arep = game === 'ants' ? await (await fetch(`${base}/api/matches/${id}`)).json() : null;
  for (let k = 1; k <= 9; k++) {
    const turn = Math.round(last * k / 10);
    await seek(page, turn);
    const chips = await page.$$eval('.topbar .chip', (cs) => cs.map((c) => `${c.querySelector('.chip-score').textContent} ${c.querySelector('.chip-aside')?.textContent || ''}`.trim()));
    seen.push(chips.join(' | '));
    if (game === 'ants') {
      // The 2023 HUD's bar, along each chip's foot: the way to more than
      // half of the crystals (score / (half + 1)), in the colony's colour.
      const f = arep.turns[turn - 1].frame, win = Math.floor(arep.initial.setup.initialCrystal / 2) + 1;
      const bars = await page.$$eval('.topbar .chip', (cs) => cs.map((c) => {
        const b = /** @type {HTMLElement|null} */ (c.querySelector('.chip-progress'));
        return b ? { fill: b.getBoundingClientRect().width / c.getBoundingClientRect().width, color: getComputedStyle(b).backgroundColor, border: getComputedStyle(c).borderLeftColor } : null;
      }));
      bars.forEach((b, p) => {
        assert.ok(b, `ants, turn ${turn}: chip ${p} has no progress bar`);
        const want = Math.min(1, f.scores[p] / win);
        assert.ok(Math.abs(b.fill - want) < 0.03, `ants, turn ${turn}: chip ${p}'s bar fills ${b.fill.toFixed(3)} of it, for ${f.scores[p]} of ${win} crystals (${want.toFixed(3)})`);
        assert.equal(b.color, b.border, `ants, turn ${turn}: chip ${p}'s bar is in its colony's colour`);
      });
    }
    if (rep) {
      // jungle: the points each team holds (which score only when dropped,
      // and rank next) are in its chip, not only in the side panel.
      rep.turns[turn - 1].frame.teams.forEach((t, s) => {
        const held = (t.pendingPoints || 0).toLocaleString('en-US');
        assert.ok(chips[s].split(' ').slice(1).join(' ').includes(held), `jungle, turn ${turn}: ${t.name}'s chip ${JSON.stringify(chips[s])} does not show the ${held} points it holds`);
      });
    }
  }
  await page.close();
  const distinct = new Set(seen).size;
  assert.ok(distinct >= 5, `${game}: the top bar reads the same through the match: ${JSON.stringify(seen)}`);
  return `${distinct} readings of 9, e.g. ${JSON.stringify(seen[4])}`;
}

/**
 * ants: a turn's harvest chains (conveyor chevrons) and its "+N" gains are
 * on screen through the whole turn while playing at 1x and 2x, not only
 * once the ants have walked: sampled on the turns that harvest.
 */
async function harvest(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(recordTexts);
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  const first = rep.turns.findIndex((t) => (t.frame.harvests || []).length > 0);
  assert.ok(first >= 0, 'the ants match harvests');
  const out = [];
  for (const speed of ['1', '2']) {
    await seek(page, first + 1);
    await page.selectOption('.speed', speed);
    await page.keyboard.press(' ');
    let n = 0, shown = 0;
    const t0 = Date.now();
    while (Date.now() - t0 < 2500) {
      const s = await page.evaluate(() => ({
        turn: Number((/Turn (\d+)/.exec(/** @type {HTMLElement} */ (document.querySelector('.turn')).textContent || '') || [0, 0])[1]),
        chains: (/** @type {any} */ (window).__arenaPieces || []).filter((/** @type {any} */ p) => p.kind === 'chain').length,
        gains: (/** @type {any} */ (window).__texts || []).filter((/** @type {any} */ t) => /^\+\d+$/.test(t.text)).length,
      }));
      const f = s.turn > 0 ? rep.turns[s.turn - 1].frame : null;
      if (f && (f.harvests || []).length) {
        n++;
        if (s.chains > 0 && s.gains > 0) shown++;
      }
      await page.waitForTimeout(20);
    }
    await page.keyboard.press(' ');
    // a busy machine answers fewer samples in the same time
    assert.ok(n >= (quietMachine().quiet ? 10 : 3), `at ${speed}x: ${n} samples of harvesting turns`);
    assert.ok(shown >= 0.95 * n, `at ${speed}x the chains and gains show in ${shown} of ${n} samples of harvesting turns`);
    out.push(`${speed}x: ${shown}/${n} samples`);
  }
  await page.close();
  return out.join(', ');
}

/** The pile the 2023 viewer draws for a resource cell: 3 for 50 and more, 2 for 20 and more, 1 for fewer, empty. @param {number} n */
const antsPile = (n) => n >= 50 ? '3' : n >= 20 ? '2' : n > 0 ? '1' : 'empty';

/**
 * ants: resource cells deplete as the 2023 viewer's do: a crystal or egg
 * cell is drawn as a pile of three, two or one (50 and more, 20 and more,
 * fewer) and dim once empty, on every tenth of the match; and while
 * playing, a cell whose pile shrinks bursts at the harvest.
 */
async function depletion(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const cells = rep.initial.setup.cells;
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(recordTexts);
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  await page.mouse.move(0, 0);
  const kinds = new Set();
  const n = rep.turns.length;
  for (const turn of new Set([1, ...Array.from({ length: 10 }, (_, k) => Math.max(1, Math.round(n * (k + 1) / 10)))])) {
    await seek(page, turn);
    await waitTurn(page, (t) => t.turn === turn, `turn ${turn}`);
    await page.waitForTimeout(50);
    const list = await page.evaluate(() => /** @type {any} */ (window).__arenaPieces);
    const f = rep.turns[turn - 1].frame;
    const want = {}, got = {};
    cells.forEach((/** @type {any} */ c, /** @type {number} */ k) => {
      if (c.type !== 1 && c.type !== 2) return;
      const kind = `${c.type === 1 ? 'egg' : 'crystal'}:${antsPile(f.resources[k])}`;
      want[kind] = (want[kind] || 0) + 1;
    });
    for (const p of list) if (/^(egg|crystal):/.test(p.kind)) { got[p.kind] = (got[p.kind] || 0) + 1; kinds.add(p.kind); }
    assert.deepEqual(got, want, `ants, turn ${turn}: the resource cells' piles`);
  }
  assert.ok([...kinds].filter((k) => /^crystal:[123]$/.test(k)).length >= 2, `ants: the crystals deplete through the match (piles drawn: ${[...kinds].join(' ')})`);
  // A burst while playing, on the first turn a pile shrinks.
  const shrink = rep.turns.findIndex((/** @type {any} */ t, /** @type {number} */ k) => k > 0 && cells.some((/** @type {any} */ c, /** @type {number} */ i) =>
    (c.type === 1 || c.type === 2) && antsPile(rep.turns[k - 1].frame.resources[i]) !== antsPile(t.frame.resources[i])));
  assert.ok(shrink > 0, 'a pile shrinks in the ants match');
  await seek(page, shrink);
  await page.selectOption('.speed', '0.5');
  await page.keyboard.press(' ');
  let bursts = 0, samples = 0;
  const t0 = Date.now();
  while (Date.now() - t0 < 3000 && !bursts) {
    const s = await page.evaluate(() => ({
      turn: Number((/Turn (\d+)/.exec(/** @type {HTMLElement} */ (document.querySelector('.turn')).textContent || '') || [0, 0])[1]),
      bursts: (/** @type {any} */ (window).__arenaPieces || []).filter((/** @type {any} */ p) => p.kind === 'burst').length,
    }));
    samples++;
    if (s.turn === shrink + 1) bursts += s.bursts;
    await page.waitForTimeout(15);
  }
  await page.keyboard.press(' ');
  await page.close();
  const piles = `piles ${[...kinds].sort().join(' ')}`;
  // The burst is sampled while the turn plays: a machine too busy to
  // sample it says so rather than fail.
  const m = quietMachine();
  if (!bursts && !m.quiet) return `${piles}; the burst not sampled in ${samples} samples (${m.said}): skipped`;
  assert.ok(bursts > 0, `ants: no burst seen in ${samples} samples while turn ${shrink + 1} played, where a pile shrinks (${m.said})`);
  return `${piles}; a burst on turn ${shrink + 1}`;
}

/**
 * ants: a match that ends before its last turn says why in its end banner
 * (more than half of the crystals held, none left, a colony deactivated).
 */
async function endBanner(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const last = rep.turns[rep.turns.length - 1].frame;
  assert.ok(last.turn < rep.initial.setup.maxTurns, `the ants match ends early (turn ${last.turn} of ${rep.initial.setup.maxTurns})`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(recordTexts);
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  await page.keyboard.press('End');
  await waitTurn(page, (t) => t.turn === t.last && !t.loading, 'End');
  await page.waitForTimeout(100);
  const texts = await page.evaluate(() => /** @type {any} */ (window).__texts);
  await page.close();
  // The banner's rows, in the bottom band (one row at this size, two on a narrow board).
  const banner = texts.filter((/** @type {any} */ t) => (t.g[1] + t.g[3]) / 2 >= t.ch - 26).map((/** @type {any} */ t) => t.text).join(' \u00b7 ');
  assert.match(banner, / wins: |^Draw: /, `no end banner among the board's texts: ${JSON.stringify(texts.slice(-5).map((/** @type {any} */ t) => t.text))}`);
  assert.match(banner, / \u00b7 (.+ has more than half of the crystals|no crystal left|.+ deactivated)$/, `the end banner says why the game ended at turn ${last.turn}`);
  return banner;
}

/**
 * jungle: each unit stands on a tile bordered in its team's colour. Read in
 * the canvas at the top-left corner of the border (inside the tile, free of
 * the animal, its tag and its diamond); most units must show it (a vine or
 * a label may cross one). Every tile is drawn before the first unit, so
 * that none covers another unit's tag, and no unit is drawn over a tag.
 */
async function teamBorders(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const at = Math.round(rep.turns.length * GAMES.jungle.at);
  const out = [];
  for (const [width, height] of [[800, 600], [1920, 1080]]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.addInitScript(recordTexts);
    await page.goto(`${base}/match/${id}#turn=${at}`);
    await page.waitForSelector('.scoreboard tr.seat');
    await waitTurn(page, (t) => t.turn === at, `turn ${at}`);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(100);
    // The showcase turn (read first, as the page opens on it), tick 2 (the
    // units packed by their spawns) and every tenth of the match.
    for (const turn of new Set([at, 2, ...Array.from({ length: 9 }, (_, k) => Math.round(rep.turns.length * (k + 1) / 10))])) {
      if (turn !== at) await seek(page, turn);
      const got = await page.evaluate(() => {
        const c = /** @type {HTMLCanvasElement} */ (document.querySelector('.board canvas'));
        const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
        const colors = [...document.querySelectorAll('.topbar .chip')].map((e) => getComputedStyle(e).borderLeftColor);
        const animals = ['Crocodile', 'Eagle', 'Jaguar', 'Snake'];
        const drawn = /** @type {any} */ (window).__arenaPieces.map((/** @type {any} */ p) => p.kind);
        // Every tile is drawn before the first animal (and so before every unit's tag).
        const order = { tiles: drawn.filter((/** @type {string} */ k) => k === 'tile').length, lastTile: drawn.lastIndexOf('tile'),
          firstAnimal: drawn.findIndex((/** @type {string} */ k) => k.startsWith('animal:')) };
        // The unit ids' tags, and the animals drawn after each (which would cover it).
        const all = /** @type {any} */ (window).__arenaPieces;
        const hidden = /** @type {any} */ (window).__texts.filter((/** @type {any} */ t) => /^\d+$/.test(t.text)).flatMap((/** @type {any} */ t) => all.slice(t.n)
          .filter((/** @type {any} */ p) => p.kind.startsWith('animal:') && Math.min(t.g[2], p.x + p.r * 0.6) - Math.max(t.g[0], p.x - p.r * 0.6) > 1 && Math.min(t.g[3], p.y + p.r * 0.6) - Math.max(t.g[1], p.y - p.r * 0.6) > 1)
          .map((/** @type {any} */ p) => `tag ${t.text} under a ${p.kind} drawn after it`));
        return { order, hidden, units: all.filter((/** @type {any} */ p) => p.kind.startsWith('animal:')).map((/** @type {any} */ p) => {
          // The tile's side from the animal's size (0.36 x 1.12 of it); the
          // border's middle is about 0.07 of a side in from its edge.
          const s = p.r / (0.36 * 1.12), d = s / 2 - Math.max(2, s * 0.08) / 2 - s * 0.03;
          const px = g.getImageData(Math.round(p.x - d), Math.round(p.y - d), 1, 1).data;
          return { team: animals.indexOf(p.kind.slice(7)), px: [...px.slice(0, 3)], color: colors[animals.indexOf(p.kind.slice(7))] };
        }) };
      });
      const { order } = got, seen = got.units;
      assert.deepEqual(got.hidden, [], `jungle at ${width}x${height}, turn ${turn}: unit tags covered by a unit drawn after them`);
      assert.equal(order.tiles, seen.length, `jungle at ${width}x${height}, turn ${turn}: one tile per unit`);
      assert.ok(order.lastTile < order.firstAnimal, `jungle at ${width}x${height}, turn ${turn}: a unit's tile is drawn after a unit (and may cover its tag): ${JSON.stringify(order)}`);
      if (turn !== at) continue;
      const near = seen.filter((u) => {
        const want = (/(\d+), (\d+), (\d+)/.exec(u.color) || []).slice(1).map(Number);
        return want.length === 3 && want.every((v, k) => Math.abs(v - u.px[k]) <= 40);
      });
      assert.ok(seen.length >= 4, `jungle at ${width}x${height}: ${seen.length} units drawn`);
      assert.ok(near.length >= 0.8 * seen.length, `jungle at ${width}x${height}: ${near.length} of ${seen.length} units stand on a tile bordered in their team's colour (read: ${JSON.stringify(seen.slice(0, 4))})`);
      out.push(`${width}x${height}: ${near.length}/${seen.length}`);
    }
    await page.close();
  }
  return out.join(', ');
}

/** The team index of each unit id of a jungle frame, and its units by id. @param {any} f */
function jungleUnits(f) {
  const team = new Map(), byId = new Map();
  (f.teams || []).forEach((/** @type {any} */ t, /** @type {number} */ k) => t.units.forEach((/** @type {any} */ u) => { team.set(u.id, k); byId.set(u.id, u); }));
  return { team, byId };
}

/**
 * jungle: the state after one team's turn ("Tick shown"). A step writes
 * null for a team that is as in the step before it; the page must show it
 * as it was then. At a step that repeats a team moved since the tick's
 * first step, every unit drawn is hovered: the tooltip names the unit at
 * the tile the replay says, its nulls resolved here.
 */
async function jungleSteps(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  /** @param {any[]} steps */
  const resolve = (steps) => steps.reduce((/** @type {any[]} */ out, /** @type {any} */ s, /** @type {number} */ k) => [...out,
    { teams: s.teams.map((/** @type {any} */ t, /** @type {number} */ j) => t ?? out[k - 1].teams[j]) }], []);
  /** @param {any} team */
  const where = (team) => team.units.filter((/** @type {any} */ u) => u.position).map((/** @type {any} */ u) => `${u.id}@${u.position.x},${u.position.y}`);
  /** @type {{turn: number, k: number, want: string[]} | null} */
  let pick = null, nulls = 0;
  rep.turns.forEach((/** @type {any} */ t, /** @type {number} */ n) => {
    const steps = t.frame.steps || [], res = resolve(steps);
    steps.forEach((/** @type {any} */ s, /** @type {number} */ k) => s.teams.forEach((/** @type {any} */ team, /** @type {number} */ j) => {
      if (team !== null) return;
      nulls++;
      if (!pick && where(res[k].teams[j]).join() !== where(res[0].teams[j]).join()) pick = { turn: n + 1, k, want: res[k].teams.flatMap(where).sort() };
    }));
  });
  assert.ok(pick, `a step repeats a team that moved since the tick's first step (${nulls} repeated teams in the match)`);
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(recordTexts);
  await page.goto(`${base}/match/${id}#turn=${pick.turn}`);
  await page.waitForSelector('.scoreboard tr.seat');
  await waitTurn(page, (t) => t.turn === pick?.turn, `turn ${pick.turn}`);
  await page.mouse.move(0, 0);
  const label = `after turn ${pick.k + 1} of ${rep.players.length}`;
  // The option's menu is folded: set it as choosing it there would.
  await page.$eval('.gear-menu select[data-opt="step"]', (s, l) => {
    const o = [...s.options].find((o) => o.textContent === l);
    if (!o) throw new Error(`no option ${l}`);
    s.value = o.value; s.dispatchEvent(new Event('change'));
  }, label);
  await page.waitForTimeout(200);
  const animals = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.querySelector('.board canvas'));
    return /** @type {any} */ (window).__arenaPieces.filter((/** @type {any} */ p) => p.kind.startsWith('animal:'))
      .map((/** @type {any} */ p) => ({ x: p.x / c.width, y: p.y / c.height }));
  });
  const box = await page.locator('.board canvas').boundingBox();
  if (!box) throw new Error('no board');
  const got = [];
  for (const a of animals) {
    await page.mouse.move(box.x + a.x * box.width, box.y + a.y * box.height);
    // The tooltip follows the pointer; a busy machine may take a while.
    let tip = '', at = null, unit = null;
    for (let i = 0; i < 40 && !(at && unit); i++) {
      await page.waitForTimeout(i ? 50 : 10);
      tip = await page.$eval('.tooltip', (t) => t.hidden ? '' : t.textContent || '');
      at = /^\((\d+), (\d+)\)/.exec(tip);
      unit = /Unit (\d+) of (?:(?!Unit \d).)*?\((Crocodile|Eagle|Jaguar|Snake)\)/.exec(tip);
    }
    assert.ok(at && unit, `${label} of turn ${pick.turn}: a unit drawn, hovered, reads ${JSON.stringify(tip)}`);
    got.push(`${unit[1]}@${at[1]},${at[2]}`);
  }
  await page.close();
  assert.deepEqual(got.sort(), pick.want, `${label} of turn ${pick.turn}: the units drawn and where`);
  return `turn ${pick.turn}, ${label}: ${got.length} units where the replay's step says (${nulls} repeated teams in the match)`;
}

/**
 * jungle, as the 2022 viewer: a summoning unit glows turquoise, the wider
 * the higher its diamond's level; a vine runs from the viner to where the
 * unit it pulled stood (its reach, not the one tile left once pulled), and
 * the pulled unit wears a loop in the viner's colour. Read from the pieces
 * drawn and the canvas pixels at 1280x720.
 */
async function jungleLooks(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.addInitScript(recordTexts);
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  await page.mouse.move(0, 0);
  const colors = await page.$$eval('.topbar .chip', (cs) => cs.map((e) => getComputedStyle(e).borderLeftColor));
  const rgb = (/** @type {string} */ c) => (/(\d+), (\d+), (\d+)/.exec(c) || []).slice(1).map(Number);
  /** The pieces of a turn, and the canvas pixels at some points. @param {number} turn @param {(list: any[]) => number[][]} where */
  const look = async (turn, where) => {
    await seek(page, turn);
    await waitTurn(page, (t) => t.turn === turn, `turn ${turn}`);
    await page.waitForTimeout(50);
    const list = await page.evaluate(() => /** @type {any} */ (window).__arenaPieces);
    const px = await page.evaluate((pts) => {
      const g = /** @type {CanvasRenderingContext2D} */ (/** @type {HTMLCanvasElement} */ (document.querySelector('.board canvas')).getContext('2d'));
      const k = g.canvas.width / g.canvas.clientWidth;
      return pts.map(([x, y]) => [...g.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data.slice(0, 3)]);
    }, where(list));
    return { list, px };
  };
  const tile = (/** @type {any[]} */ list) => { const a = list.find((p) => p.kind.startsWith('animal:')); return a.r / (0.36 * 1.12); };
  const out = [];

  // Summon glows: on turns with summoning units, up to one turn a level.
  const levelTurns = new Map();
  rep.turns.forEach((/** @type {any} */ t, /** @type {number} */ k) => {
    for (const team of t.frame.teams) for (const u of team.units) {
      if (!u.isSummoning || !u.position) continue;
      const d = t.frame.diamonds.find((/** @type {any} */ x) => x.ownerId === u.id);
      if (d && !levelTurns.has(d.summonLevel)) levelTurns.set(d.summonLevel, k + 1);
    }
  });
  assert.ok(levelTurns.size >= 2, `the jungle match has units summoning at ${levelTurns.size} levels`);
  const radius = new Map();
  let glowing = 0, sampled = 0;
  for (const [level, turn] of [...levelTurns].sort((a, b) => a[0] - b[0])) {
    const f = rep.turns[turn - 1].frame;
    const want = f.teams.flatMap((/** @type {any} */ t) => t.units.filter((/** @type {any} */ u) => u.isSummoning && u.position)
      .map((/** @type {any} */ u) => f.diamonds.find((/** @type {any} */ x) => x.ownerId === u.id)?.summonLevel ?? 1)).sort();
    // 16 points around each glow, just outside the unit's tile (0.55 of a tile from its middle).
    const ring = (/** @type {any} */ p, /** @type {number} */ s) => Array.from({ length: 16 }, (_, k) => [p.x + Math.cos(k * Math.PI / 8) * 0.55 * s, p.y + Math.sin(k * Math.PI / 8) * 0.55 * s]);
    const { list, px } = await look(turn, (l) => l.filter((p) => p.kind.startsWith('summon:')).flatMap((p) => ring(p, tile(l))));
    const glows = list.filter((/** @type {any} */ p) => p.kind.startsWith('summon:'));
    assert.deepEqual(glows.map((/** @type {any} */ p) => Number(p.kind.slice(7))).sort(), want, `jungle, turn ${turn}: one summon glow per summoning unit, by its diamond's level`);
    const s = tile(list);
    for (const p of glows) radius.set(Number(p.kind.slice(7)), p.r / s);
    // Turquoise: green and blue well above red (no team colour is).
    glowing += px.filter(([r, g, b]) => g > 140 && b > 140 && g - r > 60 && b - r > 60).length;
    sampled += px.length;
  }
  const rs = [...radius].sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < rs.length; k++) assert.ok(rs[k][1] > rs[k - 1][1], `jungle: the glow of level ${rs[k][0]} (${rs[k][1].toFixed(2)} tiles) is wider than level ${rs[k - 1][0]}'s (${rs[k - 1][1].toFixed(2)})`);
  assert.ok(glowing >= 0.4 * sampled, `jungle: ${glowing} of ${sampled} pixels around the summoning units are turquoise`);
  out.push(`glows ${rs.map(([l, r]) => `L${l} ${r.toFixed(2)}`).join(' ')}, ${glowing}/${sampled} turquoise`);

  // Vines: the first ticks that vine (up to four).
  const vineTurns = rep.turns.map((/** @type {any} */ t, /** @type {number} */ k) => ({ k, vines: t.frame.teams.flatMap((/** @type {any} */ x) => (x.events || []).filter((/** @type {any} */ e) => e.action === 'VINE')) }))
    .filter((/** @type {any} */ x) => x.vines.length).slice(0, 4);
  assert.ok(vineTurns.length, 'the jungle match has vines');
  let loops = 0;
  for (const { k, vines } of vineTurns) {
    const f = rep.turns[k].frame, { team, byId } = jungleUnits(f);
    const { list, px } = await look(k + 1, (l) => l.filter((p) => p.kind === 'lasso').map((p) => [p.x, p.y - p.r]));
    const s = tile(list);
    const drawn = list.filter((/** @type {any} */ p) => p.kind === 'vine').map((/** @type {any} */ p) => 2 * p.r / s).sort((a, b) => a - b);
    const want = vines.map((/** @type {any} */ e) => {
      const v = byId.get(e.unitId).position, t = byId.get(e.vineEvent.vineUnitId), b = t.lastState.positionBefore;
      const from = b && (b.x === v.x || b.y === v.y) ? b : t.position;
      return Math.hypot(from.x - v.x, from.y - v.y);
    }).sort((a, b) => a - b);
    assert.equal(drawn.length, want.length, `jungle, turn ${k + 1}: one vine per VINE event`);
    drawn.forEach((d, n) => assert.ok(Math.abs(d - want[n]) < 0.1, `jungle, turn ${k + 1}: a vine ${d.toFixed(2)} tiles long, from the viner to where the pulled unit stood (${want[n].toFixed(2)})`));
    // Each loop in the viner's colour, around an animal of the pulled unit's team.
    const lassos = list.filter((/** @type {any} */ p) => p.kind === 'lasso');
    assert.equal(lassos.length, vines.length, `jungle, turn ${k + 1}: one loop per pulled unit`);
    const animals = ['Crocodile', 'Eagle', 'Jaguar', 'Snake'];
    lassos.forEach((/** @type {any} */ p, /** @type {number} */ n) => {
      const under = list.find((/** @type {any} */ a) => a.kind.startsWith('animal:') && Math.hypot(a.x - p.x, a.y - p.y) < 1);
      assert.ok(under, `jungle, turn ${k + 1}: a loop around no unit`);
      const e = vines.find((/** @type {any} */ v) => animals[team.get(v.vineEvent.vineUnitId) % 4] === under.kind.slice(7));
      assert.ok(e, `jungle, turn ${k + 1}: a loop around a ${under.kind} that was not pulled`);
      const want = rgb(colors[team.get(e.unitId)]);
      assert.ok(want.every((v, c) => Math.abs(v - px[n][c]) <= 40), `jungle, turn ${k + 1}: the loop reads ${px[n]}, not the viner's colour ${want}`);
      loops++;
    });
  }
  out.push(`${vineTurns.length} vine ticks, ${loops} loops in the viner's colour`);
  await page.close();
  return out.join('; ');
}

/**
 * The side panel explains the board's symbols (the renderer's legend of
 * symbols): each one drawn, with its meaning. tracks must explain the
 * star, the circles, the crosses, the lightning bolt and the ink.
 */
async function symbols(game, id, want) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
  const rows = await page.$$eval('.legend .symbols .symbol', (rs) => rs.map((r) => {
    const c = /** @type {HTMLCanvasElement} */ (r.querySelector('canvas'));
    const px = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d')).getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let k = 3; k < px.length; k += 4) if (px[k] > 0) ink++;
    return { label: r.textContent, ink, visible: r.getBoundingClientRect().height > 0 };
  }));
  await page.close();
  assert.ok(rows.length > 0, `${game}: the side panel has no legend of the board's symbols`);
  for (const r of rows) assert.ok(r.ink > 10 && r.visible, `${game}: the symbol of ${JSON.stringify(r.label)} is drawn (${r.ink} pixels)`);
  for (const w of want) assert.ok(rows.some((r) => w.test(r.label)), `${game}: no symbol explains ${w}: ${JSON.stringify(rows.map((r) => r.label))}`);
  return `${rows.length} symbols`;
}

/** What each game's legend of symbols must explain. */
const SYMBOLS = {
  tracks: [/point of interest/, /wanted town, not connected/, /served by/, /erased/, /disruption/, /inked region/],
  jungle: [/summoning/, /vine/, /attack/, /death/, /dropped/],
  territory: [/bomb/, /ice/, /decay/, /elimination/],
  catmouse: [/cat/, /mouse/, /wall/, /impassable/, /dash/],
  ants: [/ants/, /beacon/, /harvest chain/, /base/],
};

/** jungle: the bots' commands read as words (one line per unit), not as JSON. */
async function commands(id) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}/match/${id}#turn=40`);
  await page.waitForSelector('.scoreboard tr.seat');
  await waitTurn(page, (t) => t.turn === 40, 'turn 40');
  const said = await page.$$eval('.bots > details', (ds) => ds.map((d) => /** @type {HTMLElement} */ (d.querySelector(':scope > pre')).innerText));
  await page.close();
  assert.ok(said.length >= 2, 'the bots panel shows the answers');
  for (const t of said) {
    assert.ok(!t.includes('{"'), `a command shows as JSON: ${JSON.stringify(t.slice(0, 80))}`);
    assert.ok(/unit \S+: (MOVE|SPAWN|NONE|SUMMON|DROP|VINE|ATTACK)/.test(t), `a command in words: ${JSON.stringify(t.slice(0, 80))}`);
  }
  return JSON.stringify(said[0].split('\n')[0]);
}

/**
 * catmouse: at a catch, the cats and the mouse on one cell stay seen, at
 * the three sizes: their centres at least 0.95 of their radii apart (no
 * more than a sliver of one under another), each drawn at least 0.75 of
 * its size on the turn before.
 */
async function catchSpread(id) {
  const rep = await (await fetch(`${base}/api/matches/${id}`)).json();
  const k = rep.turns.findIndex((t) => (t.frame.events || []).some((e) => e.type === 'catch'));
  if (k < 0) return 'no catch in this match';
  const out = [];
  for (const [width, height] of SIZES) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.addInitScript(recordTexts);
    await page.goto(`${base}/match/${id}#turn=${k + 1}`);
    await page.waitForSelector('.scoreboard tr.seat');
    await waitTurn(page, (t) => t.turn === k + 1, `turn ${k + 1}`);
    await page.mouse.move(0, 0);
    const list = (await page.evaluate(() => /** @type {any} */ (window).__arenaPieces)).filter((p) => /^(cat|mouse)$/.test(p.kind));
    // The same pieces a turn earlier, each alone on its cell.
    await page.keyboard.press('ArrowLeft');
    await waitTurn(page, (t) => t.turn === k, `turn ${k}`);
    await page.waitForTimeout(400);
    const alone = (await page.evaluate(() => /** @type {any} */ (window).__arenaPieces)).filter((p) => /^(cat|mouse)$/.test(p.kind));
    await page.close();
    for (const p of list) {
      const was = alone.find((q) => q.kind === p.kind);
      assert.ok(was && p.r >= 0.75 * was.r, `catmouse at ${width}x${height}: a ${p.kind} at the catch is drawn at ${was ? (p.r / was.r).toFixed(2) : '?'} of its size a turn before (at least 0.75)`);
    }
    const e = rep.turns[k].frame.events.find((x) => x.type === 'catch');
    let worst = Infinity;
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const d = Math.hypot(list[a].x - list[b].x, list[a].y - list[b].y) / (list[a].r + list[b].r);
        worst = Math.min(worst, d);
      }
    }
    assert.ok(worst >= 0.95, `catmouse at ${width}x${height}, the catch of turn ${k + 1} at (${e.q}, ${e.r}): two pieces overlap (centres ${worst.toFixed(2)} of their radii apart)`);
    for (const p of list) assert.ok(2 * p.r >= MIN_PIECE, `catmouse at ${width}x${height}: a ${p.kind} at the catch is ${(2 * p.r).toFixed(0)} px`);
    out.push(`${width}x${height}: ${worst.toFixed(2)}`);
  }
  return `centres apart / radii: ${out.join(', ')}`;
}

const BIG_SEED = '2031584769121757972';

async function live(game, n) {
  const games = await (await fetch(`${base}/api/games`)).json();
  const g = games.games.find((x) => x.name === game);
  const bots = Array.from({ length: n }, (_, k) => `builtin:${g.builtins[k % g.builtins.length]}`);
  const res = await fetch(`${base}/api/matches`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    // A seed above 2^53, as a string: the page must show it exactly.
    // 400 ms between turns: the match must still be on when the page,
    // reloaded on a busy machine, shows its Stop button (tracks' 100 turns
    // at 120 ms were over first once).
    body: JSON.stringify({ game, bots, seed: BIG_SEED, pauseMs: 400 }),
  });
  const out = await res.json();
  assert.equal(res.status, 201, JSON.stringify(out));
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}${out.url}`);
  await page.waitForSelector('.live-badge:not([hidden])', { timeout: 30_000 }); // a busy machine's page
  const head = await page.textContent('.match-head small');
  assert.ok(head.includes(`seed ${BIG_SEED}`), `the page shows the seed exactly: ${JSON.stringify(head)}`);
  const a = await turnOf(page);
  await waitTurn(page, (t) => t.last > a.last + 2 && t.turn === t.last, 'the live match to advance and the page to follow it');
  await page.screenshot({ path: `${outDir}/${game}-live.png` });
  // The page that started a match holds its token (the home page keeps it
  // in sessionStorage) and can stop it with its Stop button.
  assert.ok(await page.$eval('button.cancel', (b) => b.hidden), 'no Stop button without the token');
  await page.evaluate(([id, token]) => sessionStorage.setItem(`arena-cancel-${id}`, token), [out.id, out.cancelToken]);
  await page.reload();
  await page.waitForSelector('button.cancel:not([hidden])', { timeout: 30_000 });
  await page.click('button.cancel');
  await page.waitForSelector('.live-badge[hidden]', { state: 'attached', timeout: 30_000 });
  const said = await page.textContent('.result');
  assert.ok(said.includes('stopped from its page'), `the page says the match was stopped: ${JSON.stringify(said)}`);
  // A stopped match is not saved: the page offers no download, and says why.
  assert.ok(/not saved/.test(said), `the page says the stopped match was not saved: ${JSON.stringify(said)}`);
  assert.equal(await page.isVisible('a.download'), false, 'no download is offered for a stopped match');
  assert.ok(await page.$eval('button.cancel', (b) => b.hidden), 'the Stop button goes once the match stopped');
  assert.deepEqual(errors, [], 'no error in the live page');
  await page.close();
}

/** The offline page of a replay: the player and the game's renderer, inline. */
async function exported(game, file) {
  const spec = GAMES[game] || FALLBACK;
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // Anything but the page itself would be a dependency on the network.
  await page.route((url) => !url.href.startsWith('file:') && !url.href.startsWith('blob:') && !url.href.startsWith('data:'),
    (route) => { errors.push(`request to ${route.request().url()}`); route.abort(); });
  await page.goto(`file://${file}`);
  await page.waitForSelector('.scoreboard tr.seat');
  assert.equal(await page.$$eval('a.home', (a) => a.length), 0, 'the offline page links to no file:/// "Arena"');
  await page.keyboard.press('End');
  await waitTurn(page, (t) => t.turn === t.last && t.last > 1, 'End in the exported page');
  const keys = await page.$$eval('.gear-menu kbd', (ks) => ks.map((k) => k.textContent));
  for (const k of spec.extra) assert.ok(keys.includes(k), `the exported page has the game's renderer (key ${k})`);
  await findTooltip(page, spec.tooltip.source.startsWith('Cell') ? /Cell index: \d+/ : /./);
  assert.deepEqual(errors, [], 'no error in the exported page');
  await page.close();
}

/**
 * A reflected payload: a match address that holds markup.
 * The page must show it as text, and no script of it may run.
 */
async function reflected() {
  const page = await browser.newPage();
  const payload = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
  await page.goto(`${base}/match/${encodeURIComponent(payload)}`);
  await page.waitForSelector('.fatal');
  const text = await page.textContent('.fatal');
  assert.ok(text.includes(payload), `the payload shows as text: ${JSON.stringify(text)}`);
  assert.equal(await page.$$eval('#player img, #player script', (els) => els.length), 0, 'no element came from the payload');
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).pwned), undefined, 'no script of the payload ran');
  await page.close();
}

/**
 * Run one check; a failure is reported and counted, and the next checks
 * still run. ARENA_E2E_ONLY (a regular expression) runs only the checks
 * whose names match it, when working on one.
 */
async function check(what, fn) {
  if (process.env.ARENA_E2E_ONLY && !new RegExp(process.env.ARENA_E2E_ONLY).test(what)) return;
  const t0 = Date.now();
  const took = () => `(${((Date.now() - t0) / 1000).toFixed(1)} s)`; // which checks make the test long
  try {
    const said = await fn();
    console.log(`ok   ${what} ${took()}${said ? ': ' + said : ''}`);
  } catch (e) {
    failures.push(what);
    console.log(`FAIL ${what} ${took()}: ${e.stack || e}`);
  }
}

for (const pair of pairs) {
  const [game, id, players, file] = pair.split('=');
  if (game === 'site') {
    // The site's own pages, once (not a game's).
    await check('the reflected payload shows as text', reflected);
    await check('the home form', homeForm);
    continue;
  }
  if (game === 'long') {
    // A long replay: how soon the page paints, and whether it waits for all of it.
    await check(`first paint of ${id} (${players} turns)`, () => firstPaint(id, Number(players), file));
    continue;
  }
  if (game === 'layout') {
    // A match whose only check is the layout (a long bot name).
    await check(`layout of ${id}`, async () => (await layout(id, id)).join(' | '));
    continue;
  }
  await check(`${game} recorded`, async () => {
    const r = await recorded(game, id);
    return `tooltip ${JSON.stringify(r.tooltip)}; keys ${r.options.join(' ') || '-'}; at s: ${r.phases.join(', ')}`;
  });
  if (game === 'ants') await check('the shell\'s keys, title and address', () => shell(id));
  await check(`${game} race`, () => race(game, id));
  if (game === 'ants') await check('ants harvest chains', () => harvest(id));
  if (game === 'ants') await check('ants end banner', () => endBanner(id));
  if (game === 'ants') await check('ants depletion', () => depletion(id));
  if (game === 'jungle') await check('jungle team borders', () => teamBorders(id));
  if (game === 'jungle') await check('jungle summon glow and vines', () => jungleLooks(id));
  if (game === 'jungle') await check('jungle team turns', () => jungleSteps(id));
  if (SYMBOLS[game]) await check(`${game} symbols`, () => symbols(game, id, SYMBOLS[game]));
  if (game === 'jungle') await check('jungle commands', () => commands(id));
  if (game === 'catmouse') await check('catmouse catch', () => catchSpread(id));
  await check(`${game} layout`, async () => `status ${(await layout(game, id)).join(' | ')}`);
  if (game === 'tracks') await check('tracks frame time', () => frameTime(id));
  if (PIECES[game]) await check(`${game} pieces`, () => pieces(game, id));
  if (PIECES[game]) await check(`${game} motion`, () => motion(game, id));
  await check(`${game} live`, () => live(game, Number(players)));
  if (file) await check(`${game} exported`, () => exported(game, file));
}
await browser.close();
process.exit(failures.length ? 1 : 0);
