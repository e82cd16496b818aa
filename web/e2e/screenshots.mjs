// The documentation's screenshots: plays one match per game on a running
// `arena serve`, opens it at a telling turn with the game's extras on and a
// tooltip showing, and saves the page at three sizes: GAME-800x600.png,
// GAME.png (1280x720) and GAME-1920x1080.png. Territory's are taken while
// its match is live (the page holds one turn meanwhile). Compress them
// after (the repository keeps them small):
//
//   arena serve --addr localhost:8080 --replays /tmp/shots &
//   node web/e2e/screenshots.mjs http://localhost:8080 docs/screenshots [GAME,GAME...]
//
// (the games named, when given; all of them otherwise).
//   pngquant --force --ext .png --quality 60-85 docs/screenshots/{ants,tracks,jungle,catmouse,territory}*.png
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const [base, outDir, only] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

// bots, seed; at: fraction of the match, or pick(replay): a frame; keys:
// pressed before the shot; tooltip: what to hover; live: shot while playing.
const SHOTS = {
  ants: { bots: ['builtin:boss4', 'builtin:boss3'], seed: 7, at: 0.3, keys: ['m'], tooltip: /Cell index: \d+.*Blue ants.*Red ants/ },
  tracks: { bots: ['builtin:boss5', 'builtin:boss4'], seed: 3, at: 0.45, keys: [], tooltip: /Town \d+Desired/ },
  jungle: {
    bots: ['builtin:greedy', 'builtin:fighter', 'builtin:random', 'builtin:fighter'], seed: 5, keys: ['d'], tooltip: /Unit \d+ of .*carries a diamond/,
    // The first tick with a vine and a summoning unit (its glow), else 30 % in.
    pick: (rep) => {
      const k = rep.turns.findIndex((t) => t.frame.teams.some((x) => (x.events || []).some((e) => e.action === 'VINE')) &&
        t.frame.teams.some((x) => x.units.some((u) => u.isSummoning)));
      return k >= 0 ? k + 1 : Math.round(rep.turns.length * 0.3);
    },
  },
  catmouse: {
    bots: ['builtin:pursuit', 'builtin:evasive'], seed: 7, keys: ['F5'], tooltip: /Cat C\d of /,
    pick: (rep) => 1 + rep.turns.findIndex((t) => t.frame.turn >= 25 && t.frame.sides.some((s) => s.drawings.length > 0)),
  },
  territory: {
    bots: ['builtin:greedy', 'builtin:hunter', 'builtin:greedy', 'builtin:random', 'builtin:hunter', 'builtin:greedy'],
    seed: 12, live: 40, keys: [], tooltip: /head of /,
  },
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function start(game, spec) {
  const res = await fetch(`${base}/api/matches`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game, bots: spec.bots, seed: spec.seed, pauseMs: spec.live ? 500 : 0 }),
  });
  const out = await res.json();
  if (res.status !== 201) throw new Error(`${game}: ${out.error}`);
  return out.id;
}

async function turn(page) {
  const m = /Turn (\d+) \/ (\d+)/.exec(await page.textContent('.turn'));
  return { turn: Number(m[1]), last: Number(m[2]) };
}

async function hover(page, want) {
  const box = await page.locator('.board canvas').boundingBox();
  for (const step of [0.05, 0.025]) for (let y = 0.04; y < 0.98; y += step) {
    for (let x = 0.02; x < 0.98; x += step) {
      await page.mouse.move(box.x + box.width * x, box.y + box.height * y);
      const tip = await page.$eval('.tooltip', (t) => t.hidden ? '' : t.textContent);
      if (tip && want.test(tip)) return tip;
    }
  }
  return '';
}

const SIZES = [[800, 600, '-800x600'], [1280, 720, ''], [1920, 1080, '-1920x1080']];

for (const [game, spec] of Object.entries(SHOTS)) {
  if (only && !only.split(',').includes(game)) continue;
  const id = await start(game, spec);
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  if (spec.live) {
    await page.goto(`${base}/match/${id}`);
    await page.waitForSelector('.scoreboard tr.seat');
    while ((await turn(page)).last < spec.live) await page.waitForTimeout(200);
    await page.keyboard.press('ArrowLeft'); // stop following: hold a turn while the match goes on
  } else {
    let rep;
    do {
      await new Promise((r) => setTimeout(r, 300));
      rep = await (await fetch(`${base}/api/matches/${id}`)).json();
    } while (!rep.result);
    await page.goto(`${base}/match/${id}`);
    await page.waitForSelector('.scoreboard tr.seat');
    const at = spec.pick ? spec.pick(rep) : Math.round(rep.turns.length * spec.at);
    await page.$eval('.slider', (s, v) => { s.value = String(v); s.dispatchEvent(new Event('input')); }, at);
  }
  for (const k of spec.keys) await page.keyboard.press(k);
  for (const [width, height, suffix] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.mouse.move(0, 0);
    const tip = await hover(page, spec.tooltip);
    await page.waitForTimeout(100);
    await page.screenshot({ path: `${outDir}/${game}${suffix}.png` });
    console.log(`${game} at ${width}x${height}: match ${id}, turn ${(await turn(page)).turn}, tooltip ${JSON.stringify(tip.slice(0, 80))}`);
  }
  await page.close();
}
await browser.close();
