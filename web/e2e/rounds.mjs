// Browser test of Ready AI Code 2020's ranked rounds (territory) on the
// platform's pages, in a real headless Chromium driven by playwright-core.
// Run by web/platformpages/rounds_browser_test.go, which starts the platform
// with a territory event (small arenas, no casual games) and four teams
// whose bots are built, and a round of 8 players it could not play:
//
//   node rounds.mjs BASE_URL OUT_DIR ORGANISER_LINK TEAM_TOKEN
//
// The organiser (its browser's clock in Montreal) opens the event: the
// "Ranked rounds" card is there, round 1 "not played" with the reason; a
// round the game refuses (only x ticked, with
// 6 players) is refused with the game's reason next to the form; a round
// started now (multiplier 2) plays to done while the card follows it; the
// ladder holds 5 x (4 - place) x 2 points per game for each team, as the
// matches list's places give them; a round set for two hours later is
// listed as scheduled (with its own obstacle mix and count, square and x
// ticked: square or x arenas), each round with its seed. The organiser changes round 3 with its Change button
// (the form then holds its settings, seed and time): a change the game
// refuses (x alone with 6 players) is refused with the reason and changes
// nothing; 6 players, cut and wide ticked, 20 obstacles and x3 are saved,
// its seed and time kept. The team (the
// first one) sees the rounds, its game in round 2 with the points it earned, the ladder with its line marked,
// and the ranked game tagged in its matches, no seed. The organiser then
// cancels round 3 with its button (a confirm dismissed, then accepted):
// listed "cancelled", and publishes the results: the team's Results card
// is the ladder (after 1 round), not the casual ratings. Every page state is checked at
// 800x600, 1280x720 and 1920x1080; any console error fails the test.
import assert from 'node:assert/strict';
import { start, expecting, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, orgLink, teamToken] = process.argv.slice(2);
await start(outDir);

/** The ladder's lines on a page: team, points, games. */
async function ladderOf(page, scope) {
  return page.$$eval(`${scope} table.ladder tbody tr`, (rows) => rows.map((r) => {
    const td = r.querySelectorAll('td');
    return { place: Number(td[0].textContent), team: td[1].textContent, points: Number(td[2].textContent), games: Number(td[4].textContent), mine: r.classList.contains('mine') };
  }));
}

/** The shapes ticked in the organiser's form. */
async function ticked(page) {
  return page.$$eval('#ranked-rounds input[name=shape]:checked', (bs) => bs.map((b) => b.value));
}

await finish('ranked rounds pages', async () => {
  step('organiser: the territory event shows its "Ranked rounds" card');
  const org = await person('organiser', { timezoneId: 'America/Montreal' });
  await org.goto(orgLink);
  await org.waitForSelector('#ranked-rounds form.new-round');
  await org.waitForSelector('#ranked-rounds li.round[data-number="1"]');
  assert.equal(await org.textContent('#ranked-rounds li.round[data-number="1"] .round-state'), 'not played');
  assert.match(await org.textContent('#ranked-rounds li.round[data-number="1"] .why'), /games of 8 players need at least 8 teams with a bot; 4 have one/);
  assert.equal(await org.$$eval('#ranked-rounds select[name=players] option', (os) => os.map((o) => o.value).join(' ')), '4 6 8');
  const sizes = await org.$$eval('#ranked-rounds select[name=size] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(sizes.slice().sort(), ['large', 'random', 'small', 'the event’s (small)'], 'the size offers the event\'s value and the classes');
  assert.equal(await org.inputValue('#ranked-rounds input[name=mix-walls]'), '2', 'the mix starts at the event\'s (the game\'s 2:1:1:1)');
  await layout(org, 'rounds-organiser-new');

  step('organiser: the event\'s settings form keeps its shape set');
  await org.click('text=Change the settings');
  assert.equal(await org.inputValue('form.edit-event select[name=shape]'), 'square,x', 'the event\'s set is the select\'s value');
  assert.equal(await org.locator('form.edit-event input[name=http_bots]').count(), 1, 'territory has an HTTP protocol: the form offers HTTP bots');
  assert.equal(await org.locator('form.edit-event input[name=http_bots_private]').count(), 1, 'and HTTP bots on private addresses');
  await org.click('form.edit-event button:has-text("Cancel")');

  step('organiser: a round the game refuses is refused with its reason');
  assert.deepEqual(await ticked(org), [], 'no shape ticked: the event\'s');
  assert.match(await org.textContent('#ranked-rounds .shape-box + .hint'), /none ticked: the event’s \(square,x\)/);
  assert.deepEqual(await org.$$eval('#ranked-rounds input[name=shape]', (bs) => bs.map((b) => b.value)), ['square', 'cut', 'x', 'wide', 'narrow']);
  await org.selectOption('#ranked-rounds select[name=players]', '6');
  await org.check('#ranked-rounds input[name=shape][value=x]');
  expecting(/status of 400/);
  await org.click('#ranked-rounds button:has-text("Start the round")');
  await org.waitForSelector('#ranked-rounds form .notice.error:not([hidden])');
  expecting(null);
  const refusal = await org.textContent('#ranked-rounds form .notice.error');
  assert.match(refusal, /x shape is not used with 6 players/, `the game's reason: ${refusal}`);
  assert.doesNotMatch(refusal, /HTTP \d|Bearer/, `the refusal speaks of the page: ${refusal}`);
  assert.equal((await org.$$('#ranked-rounds li.round')).length, 1, 'the refused round is not listed');
  await layout(org, 'rounds-organiser-refused');

  step('organiser: starts round 2 now, x2, and watches it play to done');
  await org.selectOption('#ranked-rounds select[name=players]', '4');
  await org.uncheck('#ranked-rounds input[name=shape][value=x]');
  await org.fill('#ranked-rounds input[name=multiplier]', '2');
  await org.click('#ranked-rounds button:has-text("Start the round")');
  await org.waitForSelector('#ranked-rounds form .notice.ok:not([hidden])');
  assert.match(await org.textContent('#ranked-rounds form .notice.ok'), /Round 2 is playing: 1 game drawn among 4 teams/);
  const listed = await org.textContent('#ranked-rounds li.round[data-number="2"]');
  assert.match(listed, /Round 2.*(playing: 0 of 1 games|done).*4 players.*×2/s, `round 2 as listed: ${listed}`);
  assert.doesNotMatch(listed, /mix/, 'an unchanged mix is the event\'s');
  await until(org, 'round 2 done', () => document.querySelector('#ranked-rounds li.round[data-number="2"] .round-state')?.textContent === 'done');
  await org.click('#ranked-rounds li.round[data-number="2"] details.draw summary');
  const draw = await org.$$eval('#ranked-rounds li.round[data-number="2"] details.draw li', (lis) => lis.map((li) => li.textContent.split(', ').sort().join(' ')));
  assert.deepEqual(draw, ['Ants Bees Cats Dogs'], 'the draw: one game of the four teams');
  assert.equal((await org.$$('#ranked-rounds li.round[data-number="1"] details.draw')).length, 0, 'a round not played has no draw');
  await layout(org, 'rounds-organiser-done');

  step('organiser: the ladder gives 5 x (4 - place) x 2 points for the game the matches list shows');
  await until(org, 'the round\'s game in the matches', () => [...document.querySelectorAll('#org-matches .kind-tag.ranked')].some((t) => t.textContent === 'round 2'));
  const game = await org.$$eval('#org-matches tbody tr', (rows) => {
    const row = rows.find((r) => r.querySelector('.kind-tag.ranked'));
    return [...row.querySelectorAll('.seat')].map((s) => {
      const m = /^(.*) #(\d+)$/.exec(s.textContent);
      return { team: m[1], rank: Number(m[2]) };
    });
  });
  assert.equal(game.length, 4, `four seats: ${JSON.stringify(game)}`);
  const ladder = await ladderOf(org, '#ranked-rounds');
  assert.equal(ladder.length, 4, `four teams on the ladder: ${JSON.stringify(ladder)}`);
  let sum = 0;
  for (const seat of game) {
    const line = ladder.find((l) => l.team === seat.team);
    assert.ok(line, `${seat.team} on the ladder`);
    assert.equal(line.points, 5 * (4 - seat.rank) * 2, `${seat.team}, placed ${seat.rank}: ${line.points} points`);
    assert.equal(line.games, 1);
    sum += line.points;
  }
  const given = game.reduce((s, seat) => s + 5 * (4 - seat.rank) * 2, 0);
  assert.equal(ladder.reduce((s, l) => s + l.points, 0), given, 'the ladder holds what the game gave');
  assert.equal(sum, given);
  for (let i = 1; i < ladder.length; i++) assert.ok(ladder[i].points <= ladder[i - 1].points, `the ladder is in order: ${JSON.stringify(ladder)}`);

  step('organiser: schedules round 3 two hours from now, in its own time, walls only, 12 of them, square or x arenas');
  const at = await org.evaluate(() => {
    const d = new Date(Date.now() + 2 * 3600_000);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
  for (const [w, v] of [['bombs', '0'], ['ice', '0'], ['decay', '0'], ['walls', '1']]) await org.fill(`#ranked-rounds input[name=mix-${w}]`, v);
  await org.fill('#ranked-rounds input[name=obstacles]', '12');
  for (const v of ['x', 'square']) await org.check(`#ranked-rounds input[name=shape][value=${v}]`);
  await org.fill('#ranked-rounds input[name=multiplier]', '1');
  await org.check('#ranked-rounds input[name=round-when][value=at]');
  await org.fill('#ranked-rounds input[name=at]', at);
  await org.click('#ranked-rounds button:has-text("Schedule the round")');
  await until(org, 'the scheduling\'s notice', () => /Round 3 is scheduled for/.test(document.querySelector('#ranked-rounds form .notice.ok')?.textContent || ''));
  const third = await org.textContent('#ranked-rounds li.round[data-number="3"]');
  assert.match(third, /scheduled for .*square or x shape, mix 1:0:0:0, 12 obstacles, ×1/s, `round 3: ${third}`);
  assert.equal(await org.textContent('#ranked-rounds li.round[data-number="2"] .round-state'), 'done');
  assert.ok(await org.$eval('#ranked-rounds li.round[data-number="2"] details.draw', (d) => d.open), 'the draw stays open across refreshes');
  for (const n of [2, 3]) assert.match(await org.textContent(`#ranked-rounds li.round[data-number="${n}"] .round-seed`), /^seed \d+$/, `round ${n}'s seed`);
  await layout(org, 'rounds-organiser-scheduled');

  step('organiser: changes round 3 with its Change button: the form holds its settings; refused, then saved (6 players, 20 obstacles, x3)');
  const seed3 = await org.textContent('#ranked-rounds li.round[data-number="3"] .round-seed');
  await org.click('#ranked-rounds li.round[data-number="3"] button.change-round');
  assert.equal(await org.textContent('#ranked-rounds form h3'), 'Change round 3');
  const filled = {};
  for (const f of ['players', 'size', 'mix-walls', 'mix-bombs', 'obstacles', 'multiplier', 'at']) filled[f] = await org.inputValue(`#ranked-rounds [name=${f}]`);
  filled.shapes = await ticked(org);
  assert.deepEqual(filled, { players: '4', size: '', shapes: ['square', 'x'], 'mix-walls': '1', 'mix-bombs': '0', obstacles: '12', multiplier: '1', at }, 'the form holds round 3\'s settings');
  assert.equal(`seed ${await org.inputValue('#ranked-rounds input[name=seed]')}`, seed3, 'and its seed');
  assert.ok(await org.isChecked('#ranked-rounds input[name=round-when][value=at]'), 'and its time');
  await org.selectOption('#ranked-rounds select[name=players]', '6');
  await org.uncheck('#ranked-rounds input[name=shape][value=square]'); // x alone: no shape 6 players allow
  expecting(/status of 400/);
  await org.click('#ranked-rounds button:has-text("Save round 3")');
  await org.waitForSelector('#ranked-rounds form .notice.error:not([hidden])');
  expecting(null);
  assert.match(await org.textContent('#ranked-rounds form .notice.error'), /x shape is not used with 6 players/);
  assert.match(await org.textContent('#ranked-rounds li.round[data-number="3"]'), /4 players/, 'a refused change changes nothing');
  await layout(org, 'rounds-organiser-changing');
  await org.uncheck('#ranked-rounds input[name=shape][value=x]');
  for (const v of ['wide', 'cut']) await org.check(`#ranked-rounds input[name=shape][value=${v}]`);
  await org.fill('#ranked-rounds input[name=obstacles]', '20');
  await org.fill('#ranked-rounds input[name=multiplier]', '3');
  await org.click('#ranked-rounds button:has-text("Save round 3")');
  await until(org, 'the change\'s notice', () => /Round 3 is changed: it is scheduled for/.test(document.querySelector('#ranked-rounds form .notice.ok')?.textContent || ''));
  await until(org, 'round 3 changed in the list', () => /6 players/.test(document.querySelector('#ranked-rounds li.round[data-number="3"]')?.textContent || ''));
  const changed = await org.textContent('#ranked-rounds li.round[data-number="3"]');
  assert.match(changed, /scheduled for .*6 players, the event’s arena size, cut or wide shape, mix 1:0:0:0, 20 obstacles, ×3/s, `round 3 changed: ${changed}`);
  assert.equal(await org.textContent('#ranked-rounds li.round[data-number="3"] .round-seed'), seed3, 'the round keeps its seed');
  assert.equal(await org.textContent('#ranked-rounds form h3'), 'A new round', 'the form is back to a new round');
  assert.equal(await org.inputValue('#ranked-rounds input[name=obstacles]'), '');
  assert.deepEqual(await ticked(org), [], 'and no shape ticked');
  await layout(org, 'rounds-organiser-changed');

  step('team: sees the rounds, its game in round 2 with its points, and the ladder');
  const team = await person('team');
  await team.goto(`${base}/platform/`);
  await team.fill('input[name=token]', teamToken);
  await team.click('form.login button[type=submit]');
  await team.waitForSelector('#ladder:not([hidden]) table.ladder');
  const mine = (await ladderOf(team, '#ladder')).filter((l) => l.mine);
  assert.equal(mine.length, 1, 'the team\'s line is marked');
  assert.equal(mine[0].team, 'Ants');
  const onOrg = ladder.find((l) => l.team === 'Ants');
  assert.equal(mine[0].points, onOrg.points, 'the same ladder as the organiser\'s');
  const r2 = await team.textContent('#ladder li.round[data-number="2"]');
  const rank = game.find((s) => s.team === 'Ants').rank;
  const ords = ['', '1st', '2nd', '3rd', '4th'];
  assert.match(r2, new RegExp(`done.*Your games: ${ords[rank]} of 4 \\+${onOrg.points}.*— ${onOrg.points} points`, 's'), `round 2 on the team's page: ${r2}`);
  assert.match(await team.textContent('#ladder li.round[data-number="1"]'), /not played.*at least 8 teams/s);
  assert.match(await team.textContent('#ladder li.round[data-number="3"]'), /scheduled for .*cut or wide shape/s, 'the team sees the round\'s shape set');
  await until(team, 'the ranked game in the team\'s matches', () => [...document.querySelectorAll('#matches .kind-tag.ranked')].some((t) => t.textContent === 'round 2'));
  assert.equal((await team.$$('#ladder .round-seed')).length, 0, 'the teams are not told the seeds');
  await layout(team, 'rounds-team');

  step('organiser: cancels round 3 (scheduled) with its button, after a confirm; a drawn round has none');
  assert.equal((await org.$$('#ranked-rounds li.round[data-number="2"] button.cancel-round, #ranked-rounds li.round[data-number="1"] button.cancel-round')).length, 0,
    'no Cancel for a round played or not played');
  org.once('dialog', (d) => d.dismiss());
  await org.click('#ranked-rounds li.round[data-number="3"] button.cancel-round');
  assert.match(await org.textContent('#ranked-rounds li.round[data-number="3"] .round-state'), /^scheduled for/, 'a dismissed confirm cancels nothing');
  let asked = '';
  org.once('dialog', (d) => { asked = d.message(); d.accept(); });
  await org.click('#ranked-rounds li.round[data-number="3"] button.cancel-round');
  await until(org, 'round 3 cancelled', () => document.querySelector('#ranked-rounds li.round[data-number="3"] .round-state')?.textContent === 'cancelled');
  assert.match(asked, /Cancel round 3 .*mix 1:0:0:0.*It will not be played/s, `the confirm: ${asked}`);
  assert.match(await org.textContent('#ranked-rounds > p.notice.ok'), /Round 3 is cancelled/);
  assert.ok(await org.$eval('#ranked-rounds form .notice', (n) => n.hidden), 'the form no longer says round 3 is scheduled');
  assert.equal((await org.$$('#ranked-rounds li.round[data-number="3"] button.cancel-round')).length, 0, 'a cancelled round has no Cancel');
  await layout(org, 'rounds-organiser-cancelled');

  step('team: once the organiser publishes the results, they are the ladder (after 1 round), not the casual ratings');
  org.once('dialog', (d) => d.accept());
  await org.click('text=Publish the results');
  await until(org, 'the publication', () => /published/.test(document.querySelector('#event dl')?.textContent || ''));
  await team.reload();
  await team.waitForSelector('#results:not([hidden]) table.ladder');
  assert.equal(await team.textContent('#results .card-head'), 'Resultsafter 1 round');
  assert.doesNotMatch(await team.textContent('#results'), /provisional/i);
  assert.deepEqual(await ladderOf(team, '#results'), await ladderOf(team, '#ladder'), 'the results are the ladder, the team\'s line marked');
  await layout(team, 'rounds-team-results');
});
