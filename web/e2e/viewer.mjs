// Browser tests of Arena's viewer, in a real headless Chromium driven by
// playwright-core. Run by web/browser_test.go, which starts the server and
// records one match per game:
//
//   node viewer.mjs BASE_URL OUT_DIR GAME=MATCH_ID=PLAYERS ...
//
// For each game: open the recorded match, step with the arrows, play and
// pause with space, jump with Home/End, check the turn counter and the
// scoreboard change, hover the board until a tooltip shows, toggle every
// keyed display option of the renderer (D, F5, F6, ...), open the help (H),
// and take a screenshot into OUT_DIR. Then start a live match of the game
// from the home page's API and check that the page follows it.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import assert from 'node:assert/strict';

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
  return { turn: Number(m[1]), last: Number(m[2]) };
}

async function waitTurn(page, pred, what) {
  for (let i = 0; i < 100; i++) {
    const t = await turnOf(page);
    if (pred(t)) return t;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}; counter: ${JSON.stringify(await turnOf(page))}`);
}

async function recorded(game, id) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}/match/${id}`);
  await page.waitForSelector('.scoreboard tr.seat');
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
  await waitTurn(page, (t) => t.turn === t.last, 'End');
  const boardN = await page.textContent('.scoreboard');
  assert.notEqual(boardN, board0, 'the scoreboard changes between the first and the last turn');
  assert.ok((await page.textContent('.result')).length > 0, 'the result shows at the end');

  // Hover the board on a grid until the renderer answers with a tooltip.
  const box = await page.locator('canvas').boundingBox();
  let tip = '';
  for (let y = 0.1; y < 0.95 && !tip; y += 0.04) {
    for (let x = 0.1; x < 0.95 && !tip; x += 0.04) {
      await page.mouse.move(box.x + box.width * x, box.y + box.height * y);
      if (await page.isVisible('.tooltip')) tip = await page.textContent('.tooltip');
    }
  }
  assert.ok(tip, 'hovering the board shows a tooltip');

  // Every keyed option of the renderer toggles from the keyboard.
  const keyed = await page.$$eval('.gear-menu label', (ls) => ls
    .map((l) => ({ key: l.querySelector('kbd')?.textContent, id: l.querySelector('select')?.dataset.opt }))
    .filter((o) => o.key));
  for (const o of keyed) {
    const sel = `.gear-menu select[data-opt="${o.id}"]`;
    const before = await page.$eval(sel, (s) => s.value);
    await page.keyboard.press(o.key.length === 1 ? o.key.toLowerCase() : o.key);
    const after = await page.$eval(sel, (s) => s.value);
    assert.notEqual(after, before, `key ${o.key} toggles option ${o.id}`);
  }
  await page.screenshot({ path: `${outDir}/${game}.png` });
  await page.keyboard.press('h');
  assert.ok(await page.isVisible('.help'), 'H opens the help');
  await page.screenshot({ path: `${outDir}/${game}-help.png` });
  await page.keyboard.press('h');
  assert.deepEqual(errors, [], 'no error in the page');
  await page.close();
  return { tooltip: tip.slice(0, 80), options: keyed.map((o) => o.key) };
}

async function live(game, n) {
  const games = await (await fetch(`${base}/api/games`)).json();
  const g = games.games.find((x) => x.name === game);
  const bots = Array.from({ length: n }, (_, k) => `builtin:${g.builtins[k % g.builtins.length]}`);
  const res = await fetch(`${base}/api/matches`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game, bots, seed: 11, pauseMs: 120 }),
  });
  const out = await res.json();
  assert.equal(res.status, 201, JSON.stringify(out));
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${base}${out.url}`);
  await page.waitForSelector('.live-badge:not([hidden])', { timeout: 5000 });
  const a = await turnOf(page);
  await waitTurn(page, (t) => t.last > a.last + 2 && t.turn === t.last, 'the live match to advance and the page to follow it');
  await page.screenshot({ path: `${outDir}/${game}-live.png` });
  await page.close();
}

for (const pair of pairs) {
  const [game, id, players] = pair.split('=');
  try {
    const r = await recorded(game, id);
    await live(game, Number(players));
    console.log(`ok   ${game}: tooltip ${JSON.stringify(r.tooltip)}; keys ${r.options.join(' ') || '-'}`);
  } catch (e) {
    failures.push(game);
    console.log(`FAIL ${game}: ${e.stack || e}`);
  }
}
await browser.close();
process.exit(failures.length ? 1 : 0);
