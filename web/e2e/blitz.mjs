// Browser test of a Coveo Blitz 2022 event's pages (jungle): ranked
// rounds and the final, in a real headless Chromium driven by
// playwright-core. Run by web/platformpages/blitz_browser_test.go, which
// starts the platform and makes the event with four teams whose bots are
// built:
//
//   node blitz.mjs BASE_URL OUT_DIR ORGANISER_LINK TEAM_TOKEN TEAM_NAME EVENT_ID FINAL_DEALS
//
// FINAL_DEALS is a JSON file of finals of 2 to 17 teams as the server
// plays them on made-up results (their games and rounds): the finals
// page's own deal must draw them alike, once every game is known and with
// the first round's last game to come.
//
// The organiser sets the ranked rounds' schedule (a bad interval is
// refused in words), stops it and starts it again, runs a round now and sees its groups and who moved
// up and down, and the ranking; ends the event (both pages say no round
// of the schedule starts after the end); starts the final, and the finals page
// draws the bracket as it fills up to the grand final's winner, each game
// with its map and replay. A team sees its rank, group and the next
// round, its ranked game as the 2022 game page's line, the way to play a
// bot from its machine (the token hidden until asked), and the finals
// page, where it watches any game of the final (the teams named on the
// board); once the organiser publishes the results (after the ranked
// round, before the final) the team's Results card holds the ranking
// after the ranked rounds, and once the final is over its places (never
// the casual ratings). Every page at 800x600, 1280x720 and 1920x1080.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, expecting, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, orgLink, teamToken, teamName, eventID, dealsFile] = process.argv.slice(2);
await start(outDir);

await finish('blitz pages', async () => {
  step('organiser: the event shows its "Ranked rounds" and "Final" cards');
  const org = await person('organiser');
  await org.goto(orgLink);
  await org.waitForSelector('#blitz-rounds form.blitz-schedule');
  await org.waitForSelector('#blitz-final');
  await until(org, 'the cards filled', () => /No schedule/.test(document.querySelector('#blitz-rounds .schedule-now').textContent));
  assert.match(await org.textContent('#blitz-final .final-state'), /Not started/);
  assert.equal(await org.locator('#event button:has-text("Start the final ranking")').count(), 0, 'no final ranking of more rated games: the API refuses it here');
  assert.match(await org.textContent('#event .controls-box'), /tournament of the Final card/);

  step('organiser: a bad interval is refused in words');
  // tomorrow at 18:00, local time: no round falls due during the test
  const tomorrow = new Date(Date.now() + 86400e3);
  const p = (n) => String(n).padStart(2, '0');
  const local = `${tomorrow.getFullYear()}-${p(tomorrow.getMonth() + 1)}-${p(tomorrow.getDate())}T18:00`;
  await org.fill('input[name=blitz-start]', local);
  await org.fill('input[name=blitz-every]', 'soon');
  await org.selectOption('select[name=blitz-size]', '2');
  expecting(/status of 400/);
  await org.click('text=Save the schedule');
  await org.waitForSelector('#blitz-rounds .notice.error:not([hidden])');
  expecting(null);
  const refusal = await org.textContent('#blitz-rounds .notice.error');
  assert.match(refusal, /duration such as "1h"/, `the refusal says what an interval is: ${refusal}`);
  assert.doesNotMatch(refusal, /HTTP \d|Bearer/, refusal);

  step('organiser: saves the schedule (the local time goes as UTC)');
  await org.fill('input[name=blitz-every]', '1h');
  await org.click('text=Save the schedule');
  await until(org, 'the schedule saved', () => /every 1h, in groups of 2/.test(document.querySelector('#blitz-rounds .schedule-now').textContent));
  // the schedule the server has
  const scheduleOf = () => org.evaluate(async ([id]) => {
    const res = await fetch(`/api/platform/organiser/events/${id}/blitz`, { headers: { Authorization: `Bearer ${localStorage.getItem('arena-platform-organiser-token')}` } });
    return (await res.json()).blitz.schedule;
  }, [eventID]);
  const saved = await scheduleOf();
  assert.equal(new Date(saved.start).getTime(), new Date(local).getTime(), `the start as the organiser chose it: ${saved.start} for ${local}`);
  assert.match(saved.start, /Z$/, `the start is sent in UTC: ${saved.start}`);
  assert.equal(saved.size, 2);
  assert.match(await org.textContent('#blitz-rounds .schedule-now'), /The schedule runs.*Next round:/);

  step('organiser: stops the schedule, the card says so; saving it starts it again');
  await org.click('#blitz-rounds button:has-text("Stop the schedule")');
  await until(org, 'the schedule stopped', () => document.querySelector('#blitz-rounds .schedule-now').dataset.state === 'stopped');
  assert.match(await org.textContent('#blitz-rounds .notice.ok'), /The schedule is stopped: no round of it starts/);
  const stopped = await org.textContent('#blitz-rounds .schedule-now');
  assert.match(stopped, /The schedule is stopped.*every 1h, in groups of 2.*Save the schedule to start it again/, stopped);
  assert.doesNotMatch(stopped, /Next round/, stopped);
  assert.ok(await org.locator('#blitz-rounds button.stop-schedule').isHidden(), 'no stop button on a stopped schedule');
  assert.equal((await scheduleOf()).stopped, true, 'the server has it stopped');
  await org.click('text=Save and start the schedule');
  await until(org, 'the schedule running again', () => document.querySelector('#blitz-rounds .schedule-now').dataset.state === 'running');
  assert.match(await org.textContent('#blitz-rounds .notice.ok'), /saved and runs again/);
  assert.match(await org.textContent('#blitz-rounds .schedule-now'), /Next round:/);
  assert.equal((await scheduleOf()).stopped, undefined, 'the server runs it');

  step('organiser: runs a round now; its groups and moves show');
  await org.click('text=Run a round now');
  await org.waitForSelector('#blitz-rounds .notice.info:not([hidden])');
  await until(org, 'the round played', () => document.querySelectorAll('#blitz-rounds .blitz-round .blitz-group').length === 2, null, 90_000);
  const groups = await org.$$eval('#blitz-rounds .blitz-round .blitz-group', (gs) => gs.map((g) => g.textContent));
  assert.ok(groups.every((g) => /Group \d/.test(g)), `groups: ${groups}`);
  assert.equal(await org.locator('#blitz-rounds .blitz-round .move.up').count(), 1, 'the bottom group\u2019s winner moves up');
  assert.equal(await org.locator('#blitz-rounds .blitz-round .move.down').count(), 1, 'the top group\u2019s loser moves down');
  assert.equal(await org.locator('#blitz-rounds .blitz-ranking tbody tr').count(), 4, 'the ranking has the four teams');
  await until(org, 'the round request done', () => document.querySelector('#blitz-rounds .notice.info').hidden);
  assert.match(await org.textContent('#blitz-rounds .notice.ok'), /Round 1 is played/);
  await layout(org, 'blitz-organiser');

  step('team: its rank and group, the next round, its ranked game\u2019s line');
  const team = await person('team');
  await team.goto(`${base}/platform/`);
  await team.evaluate((t) => localStorage.setItem('arena-platform-team-token', t), teamToken);
  await team.goto(`${base}/platform/team`);
  await team.waitForSelector('#blitz .my-rank');
  assert.match(await team.textContent('#blitz .my-rank'), /^#[1-4] of 4, group [12]$/);
  const standing = await team.textContent('#blitz .blitz-standing');
  assert.match(standing, /Next round/);
  assert.doesNotMatch(standing, /not scheduled/, standing);
  assert.match(standing, /Round 1.*(moved up|moved down|stayed)/, standing);
  await until(team, 'the ranked game in the matches', () => [...document.querySelectorAll('#matches .game-line')].length > 0, null, 20_000);
  const line = await team.textContent('#matches .game-line');
  assert.match(line, /^RANKED - #\d+, Map: clearing(\.jmap)?, \[Game logs\] \| \[Download logs\]$/, `the game page's line: ${line}`);
  step('team: the way to play from its machine, the token hidden until asked');
  await team.click('#blitz summary:has-text("Play from your machine")');
  assert.match(await team.textContent('#blitz .play-url'), /^ws:\/\/127\.0\.0\.1:\d+\/api\/platform\/play$/);
  assert.doesNotMatch(await team.textContent('#blitz .play-local'), new RegExp(teamToken), 'the token is hidden');
  await team.click('text=Show the token');
  assert.equal(await team.textContent('#blitz .first-message'), JSON.stringify({ type: 'REGISTER', token: teamToken }));
  await team.click('text=Hide the token');
  await layout(team, 'blitz-team');

  step('team: published after the ranked round, before the final, the results are the ranked ranking, not the casual ratings');
  org.once('dialog', (d) => d.accept());
  await org.click('text=Publish the results');
  await until(org, 'the publication', () => /published/.test(document.querySelector('#event dl')?.textContent || ''));
  await team.reload();
  await team.waitForSelector('#results:not([hidden]) table.blitz-places');
  assert.equal(await team.textContent('#results .card-head'), 'Resultsafter 1 ranked round');
  assert.match(await team.textContent('#results p'), /the ranking after the ranked rounds, provisional until the final/);
  assert.equal(await team.locator('#results .rating').count(), 0, 'no casual rating');
  const ranked = await team.$$eval('#results tbody tr', (rows) => rows.map((r) => ({ place: r.children[0].textContent, team: r.children[1].textContent, mine: r.classList.contains('mine') })));
  const ranking = await org.$$eval('#blitz-rounds .blitz-ranking tbody tr td.ellipsis', (ts) => ts.map((x) => x.textContent));
  assert.deepEqual(ranked.map((l) => l.place), ['1', '2', '3', '4'], JSON.stringify(ranked));
  assert.deepEqual(ranked.map((l) => l.team), ranking, 'the organiser\u2019s Ranked rounds card\u2019s ranking');
  assert.match(await team.textContent('#blitz .my-rank'), new RegExp(`^#${ranked.find((l) => l.mine).place} of 4`));
  assert.deepEqual(ranked.filter((l) => l.mine).map((l) => l.team), [teamName], 'the team\'s line marked');

  step('the event ends: no round of the schedule starts after it, both pages say so (the final below still plays)');
  const ended = await org.evaluate(async ([id]) => {
    const res = await fetch(`/api/platform/organiser/events/${id}`, {
      method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('arena-platform-organiser-token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ settings: { end: new Date(Date.now() - 1000).toISOString() } }),
    });
    return res.status;
  }, [eventID]);
  assert.equal(ended, 200, 'the organiser sets the event\u2019s end');
  await until(org, 'the card without a next round', () => /Next round: none: no round starts after the event\u2019s end/.test(document.querySelector('#blitz-rounds .schedule-now').textContent), null, 20_000);
  await team.reload();
  // the card says "Loading…" until its first answer: wait for the words
  await until(team, 'the team\'s card without a next round', () =>
    /Next round\s*none: no round starts after the event\u2019s end/.test(document.querySelector('#blitz .blitz-standing')?.textContent || ''), null, 20_000);

  step('organiser: starts the final; the finals page draws it as it is played');
  await org.selectOption('select[name=final-size]', '4');
  org.once('dialog', (d) => d.accept());
  await org.click('#blitz-final .final-ask button');
  await org.waitForSelector('#blitz-final .notice:not([hidden])');
  assert.match(await org.textContent('#blitz-final .notice'), /The final is asked for/);
  const finals = await person('finals screen');
  await finals.goto(orgLink);
  await finals.waitForSelector('#blitz-final');
  await finals.goto(`${base}/platform/finals?event=${eventID}`);
  await finals.waitForSelector('.finals-status h1');
  await until(finals, 'the bracket drawn', () => document.querySelectorAll('.bracket .bracket-col').length === 2, null, 60_000);
  const heads = await finals.$$eval('.bracket-col h3', (hs) => hs.map((x) => x.textContent));
  assert.deepEqual(heads, ['Round 1', 'Grand final \u00b7 best of three'], `the columns: ${heads}`);
  await layout(finals, 'blitz-finals-playing');
  step('finals page: a final half played is drawn as the server deals it (8 seeds, games of 4)');
  // The final above plays in seconds: a bigger one, one game played, is
  // drawn from the page's own module beside it, as the page draws one.
  const half = await finals.evaluate(async () => {
    const { bracket, bracketView } = await import('/platform/blitz.js');
    const seeds = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'];
    const seat = (team, rank) => ({ team, team_id: 0, rank });
    // the snake deal: {S1, S4, S5, S8} and {S2, S3, S6, S7}; S5 and S8 win the first
    const final = { seeds, size: 4, done: false, rounds: null, standings: null,
      games: [{ game: 1, id: 77, map: 'inter-4_14x20_3D.bmp', seats: [seat('S1', 3), seat('S4', 4), seat('S5', 1), seat('S8', 2)] }] };
    const cols = bracket(final);
    const box = document.createElement('section');
    box.id = 'half-final';
    box.append(bracketView(final, { replay: (g) => `/platform/replay/${g.id}` }));
    document.querySelector('main').append(box);
    return cols.map((c) => ({ name: c.name, matches: c.matches.map((m) => ({ teams: m.teams, slots: m.slots, advanced: m.advanced, games: m.games.length })) }));
  });
  assert.deepEqual(half, [
    { name: 'round 1', matches: [{ teams: ['S1', 'S4', 'S5', 'S8'], slots: 4, advanced: ['S5', 'S8'], games: 1 }, { teams: ['S2', 'S3', 'S6', 'S7'], slots: 4, advanced: [], games: 0 }] },
    { name: 'round 2', matches: [{ teams: [], slots: 4, advanced: [], games: 0 }] },
    { name: 'grand final', matches: [{ teams: [], slots: 2, advanced: [], games: 0 }] },
  ], JSON.stringify(half));
  assert.equal(await finals.locator('#half-final .bracket-match.waiting').count(), 3, 'the matches to come');
  assert.equal(await finals.locator('#half-final .bracket-teams li.tbd').count(), 6, 'their places to be decided');
  assert.match(await finals.textContent('#half-final .bracket-games'), /Game 1 · inter-4_14x20_3D\.bmp · replay/);
  await layout(finals, 'blitz-finals-half');
  await finals.evaluate(() => document.getElementById('half-final').remove());
  step('finals page: its deal is the server\u2019s for 2 to 17 teams, in games of 4 and in duels (play-in duels, byes for the top seeds)');
  const deals = JSON.parse(readFileSync(dealsFile, 'utf8'));
  const seedNo = (/** @type {string} */ s) => Number(s.slice(1));
  const bySeed = (/** @type {string[]} */ ts) => [...ts].sort((a, b) => seedNo(a) - seedNo(b));
  // what the page must draw: every game known (the server's rounds), or
  // all of round 1 but its last game (round 1's teams, later rounds' sizes)
  const want = deals.map((d) => {
    const full = d.rounds.map((rd) => ({ name: rd.name, matches: rd.matches.map((m) => ({
      teams: bySeed(m.bots), slots: m.bots.length,
      advanced: rd.name === 'grand final' ? m.ranking.slice(0, 1) : bySeed(m.advanced || []), note: m.note === 'bye' ? 'bye' : '' })) }));
    const firsts = d.rounds.length > 1 ? d.rounds[0].matches.filter((m) => m.note !== 'bye').length : 0;
    const part = full.map((c, i) => ({ name: c.name, matches: c.matches.map((m, k) => {
      if (i > 0) return { teams: [], slots: m.slots, advanced: [], note: m.note };
      return k === c.matches.length - 1 && m.note !== 'bye' ? { ...m, advanced: [] } : m;
    }) }));
    return { full, part: firsts ? part : full, firsts };
  });
  const drawn = await finals.evaluate(async ([cases, firsts]) => {
    const { bracket } = await import('/platform/blitz.js');
    const view = (cols) => cols.map((c) => ({ name: c.name, matches: c.matches.map((m) => ({
      teams: m.teams, slots: m.slots, advanced: m.note === 'bye' || c.grand ? m.advanced : [...m.advanced].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))), note: m.note })) }));
    return cases.map((d, i) => {
      const doc = { seeds: d.seeds, size: d.size, done: false, rounds: null, standings: null };
      const part = firsts[i] ? d.games.filter((g) => g.game < firsts[i]) : d.games;
      return { full: view(bracket({ ...doc, games: d.games })), part: view(bracket({ ...doc, games: part })) };
    });
  }, [deals, want.map((w) => w.firsts)]);
  const plans = await finals.evaluate(async () => {
    const { finalPlan } = await import('/platform/blitz.js');
    return [finalPlan(5, 4), finalPlan(6, 2), finalPlan(8, 4)];
  });
  assert.deepEqual(plans, [
    '5 teams, first a play-in duel between the lowest seeds (the top 3 wait), then games of 4, the top 2 going on; sudden death, then a best-of-three grand final.',
    '6 teams, first 2 play-in duels between the lowest seeds (the top 2 wait), then duels; sudden death, then a best-of-three grand final.',
    '8 teams, games of 4, the top 2 going on; sudden death, then a best-of-three grand final.',
  ]);
  deals.forEach((d, i) => {
    const what = `${d.seeds.length} teams in games of ${d.size}`;
    assert.deepEqual(drawn[i].full, want[i].full, `${what}, every game known`);
    assert.deepEqual(drawn[i].part, want[i].part, `${what}, round 1's last game to come`);
  });
  await until(finals, 'the grand final\u2019s winner', () => !!document.querySelector('.finals-status .champion'), null, 120_000);
  const champion = await finals.textContent('.finals-status .champion .name');
  const grand = await finals.$$eval('.bracket-col.grand .bracket-teams li', (ls) => ls.map((l) => ({ cls: l.className, text: l.textContent })));
  assert.equal(grand.length, 2, 'two teams in the grand final');
  assert.ok(grand.some((g) => g.cls.includes('on') && g.text.includes(champion)), `the champion goes on in the bracket: ${JSON.stringify(grand)}`);
  const games = await finals.$$eval('.bracket-games li', (ls) => ls.map((l) => ({ text: l.textContent, replay: l.querySelector('a') && l.querySelector('a').getAttribute('href') })));
  assert.ok(games.length >= 3 && games.length <= 4, `one game of four, then two or three: ${JSON.stringify(games)}`);
  for (const g of games) {
    assert.match(g.text, /^Game \d+.*clearing/, `each game with its map: ${g.text}`);
    assert.match(g.replay || '', /^\/platform\/replay\/\d+\?event=\d+$/, `each game with its replay: ${JSON.stringify(g)}`);
  }
  assert.match(await finals.textContent('.bracket-col.grand'), /won/);
  assert.equal(await finals.locator('.blitz-places tbody tr').count(), 4, 'the four places');
  await layout(finals, 'blitz-finals-done');
  step('organiser: a replay of the final opens in the player');
  await finals.click('.bracket-games a');
  await finals.waitForSelector('.match-head');

  step('team: the finals page, every game\u2019s replay linked');
  await team.click('#blitz a:has-text("Finals page")');
  await team.waitForSelector('.finals-status .champion');
  const mine = await team.$$eval('.bracket-teams li.mine', (ls) => ls.length);
  assert.ok(mine >= 1, 'the team is marked in the bracket');
  assert.equal(await team.locator('.bracket-games a').count(), games.length, 'the team watches every game of the final');
  assert.equal(await team.textContent('.blitz-places tbody tr.mine td.ellipsis'), teamName);
  await layout(team, 'blitz-finals-team');
  step('team: watches a game of the final, another team’s when there is one, the teams named');
  const pick = await team.evaluate(() => {
    const ms = [...document.querySelectorAll('.bracket-match')].filter((m) => m.querySelector('.bracket-games a'));
    const m = ms.find((x) => !x.querySelector('li.mine')) || ms[0];
    m.querySelector('.bracket-games a').setAttribute('data-pick', 'yes');
    return [...m.querySelectorAll('.bracket-teams .name')].map((n) => n.textContent);
  });
  await team.click('a[data-pick=yes]');
  await team.waitForSelector('.controls .turn');
  for (const name of pick) {
    await until(team, `${name} on the board`, (n) => (document.querySelector('.scoreboard')?.textContent || '').includes(n), name, 20_000);
  }

  step('team: the results published (after the ranked round) are now the final\'s places, not the casual ratings');
  await team.goto(`${base}/platform/team`);
  await team.waitForSelector('#results:not([hidden]) table.blitz-places');
  assert.equal(await team.textContent('#results .card-head'), 'Final resultsfinal');
  assert.doesNotMatch(await team.textContent('#results'), /provisional/i);
  const places = await team.$$eval('#results tbody tr', (rows) => rows.map((r) => ({ place: r.children[0].textContent, team: r.children[1].textContent, mine: r.classList.contains('mine') })));
  assert.equal(places.length, 4, `the four places: ${JSON.stringify(places)}`);
  assert.deepEqual(places[0], { place: '1', team: champion, mine: champion === teamName }, 'the champion first');
  assert.deepEqual(places.filter((p) => p.mine).map((p) => p.team), [teamName], 'the team\'s line marked');
  await layout(team, 'blitz-team-results');
});
