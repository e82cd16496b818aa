// Browser test of the team page's Play card (web/platform/testgame.js), in
// a real headless Chromium driven by playwright-core. Run by
// web/platformpages/play_browser_test.go, which makes a tracks event that
// lets test games play other teams' bots, with two teams whose Python
// bots print a secret each to their error output:
//
//   node play.mjs BASE_URL OUT_DIR ORGANISER_LINK TEAM_TOKEN
//
// The team chooses another team's bot and a seed, plays, follows the game
// to its result, opens the replay (its own secret in it, never the other
// team's), and finds the game in its list; then plays the house bot with
// a random seed. Each page at 800x600, 1280x720 and 1920x1080.
import assert from 'node:assert/strict';
import { start, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, , teamToken] = process.argv.slice(2);
await start(outDir);

await finish('play', async () => {
  const team = await person('team');
  await team.goto(`${base}/platform/`);
  await team.fill('input[name=token]', teamToken);
  await team.click('form.login button[type=submit]');
  await team.waitForSelector('#play form.play-form');

  step('the Play card offers the team\u2019s builds and opponents');
  const builds = await team.$$eval('#play select[name=submission] option', (os) => os.map((o) => o.textContent));
  assert.ok(builds.some((b) => /#1 kit\.zip \(active\)/.test(b)), builds.join(' | '));
  const vs = await team.$$eval('#play select[name=vs] option', (os) => os.map((o) => o.value));
  assert.deepEqual(vs, ['boss', 'house', 'submission:1', 'team'], vs.join(' | '));
  assert.ok(await team.isHidden('#play input[name=team]'), 'the team\u2019s name is asked only for another team');
  await layout(team, 'play-card');

  step('a test game against Bats, seed 42: followed to its result');
  await team.selectOption('#play select[name=vs]', 'team');
  await team.fill('#play input[name=team]', 'Bats');
  await team.fill('#play input[name=seed]', '42');
  await team.click('#play button[type=submit]');
  await until(team, 'the test game\u2019s progress', () => /Test game 1: (queued|playing)/.test(document.querySelector('#play .test-result')?.textContent || '')
    || !!document.querySelector('#play .test-result a'), undefined, 60_000);
  await until(team, 'the test game\u2019s result', () => !!document.querySelector('#play .test-result a'));
  const result = await team.textContent('#play .test-result');
  assert.match(result, /^(Won|Lost|Drawn) · Owls #1 \(\d\) vs Bats #2 \(\d\) · seed 42 · replay$/, result);
  await until(team, 'the game in the list', () => document.querySelectorAll('#play .test-list li a').length === 1);
  await layout(team, 'play-result');

  step('the replay: the team\u2019s own error output, not Bats\u2019');
  const rep = await team.evaluate(async () => {
    const tok = localStorage.getItem('arena-platform-team-token');
    const r = await fetch('/api/platform/tests/1/replay', { headers: { Authorization: `Bearer ${tok}` } });
    return r.text();
  });
  assert.ok(rep.includes('owls-secret'), 'the team\u2019s own error output is in its replay');
  assert.ok(!rep.includes('bats-secret'), 'the other team\u2019s error output is not');
  await team.click('#play .test-result a');
  await team.waitForURL(/\/platform\/replay\/test-1$/);
  await team.waitForSelector('.match-head');
  assert.match(await team.title(), /^Test game 1: /);
  await layout(team, 'play-replay');

  step('a test game against the house bot, with a random seed');
  await team.goBack();
  await team.waitForSelector('#play form.play-form');
  await team.selectOption('#play select[name=vs]', 'house');
  await team.click('#play button[type=submit]');
  await until(team, 'the second result', () => /house/.test(document.querySelector('#play .test-result')?.textContent || '')
    && !!document.querySelector('#play .test-result a'));
  assert.match(await team.textContent('#play .test-result'), /seed -?\d+ · replay$/);
  await until(team, 'two games in the list', () => document.querySelectorAll('#play .test-list li a').length === 2);
});
