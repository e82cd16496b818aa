// Browser test of an event's public page (/platform/watch?event=E) while
// its final is played, in a real headless Chromium driven by
// playwright-core. Run by web/platformpages/watch_browser_test.go, which
// makes the public Blitz event and its two teams with built bots:
//
//   node watch.mjs BASE_URL OUT_DIR ORGANISER_LINK EVENT_ID TEAM_A TEAM_B LEAGUE_EVENT_ID UNPLACED_TEAM
//
// A spectator opens the public page (no token) and keeps it open, never
// reloaded; the organiser starts the final on its page. Every game of the
// final must show on the spectator's page as live while it is played
// (the page follows the event's stream), one of them is opened from its
// "watch live" link and followed, and once the final is over (the
// organiser's Final card says how many games it played) the page lists no
// live game of the final (casual games go on) and has seen as many live
// final games as were played. The format's tables follow as well: the
// page shows the ranked rounds' card from the start, the final's bracket
// once the organiser starts it, and the final's places once it is over,
// each game of the bracket with its public replay, all without a reload.
// A second public event, with leagues, lists its team that is in no
// league yet (it uploaded nothing) under "Not placed yet", as the ranking
// does.
import assert from 'node:assert/strict';
import { start, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, orgLink, eventID, teamA, teamB, leagueEventID, unplacedTeam] = process.argv.slice(2);
await start(outDir);

await finish('watch page', async () => {
  step('spectator: an event with leagues lists a team in no league yet, as its ranking does');
  const early = await person('spectator of the leagues');
  await early.goto(`${base}/platform/watch?event=${leagueEventID}`);
  await early.waitForSelector('section.public-leagues');
  assert.match(await early.textContent('main.watch .board') || '', new RegExp(unplacedTeam), 'the ranking lists the team');
  await early.waitForSelector('section.public-leagues .league-board.unplaced');
  assert.match(await early.textContent('section.public-leagues .unplaced h3') || '', /Not placed yet/);
  assert.deepEqual(await early.$$eval('section.public-leagues .unplaced li', (lis) => lis.map((li) => li.textContent)), [unplacedTeam],
    'the team in no league is listed once, under "Not placed yet"');
  await layout(early, 'watch-unplaced');
  await early.close();

  step('spectator: opens the public page; it says no game is live');
  const fan = await person('spectator');
  await fan.goto(`${base}/platform/watch?event=${eventID}`);
  await fan.waitForSelector('main');
  assert.ok(await fan.$('main.watch'), `the public page shows the event: ${await fan.textContent('main')}`);
  // What the live list showed, by its watch link, and a mark that a reload
  // would wipe out.
  await fan.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__sameLoad = true;
    w.__seenLive = {};
    const look = () => {
      for (const li of document.querySelectorAll('ul.live-games li')) {
        const a = li.querySelector('a.watch-live');
        if (a) w.__seenLive[a.getAttribute('href')] = li.textContent;
      }
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    look();
  });

  step('spectator: the ranked rounds\' table shows; no final yet');
  await fan.waitForSelector('section.public-blitz .blitz-ranking, section.public-blitz p.dim');
  assert.equal(await fan.$('section.public-final'), null, 'no final card before the final');

  step('organiser: starts the final (games of 2)');
  const org = await person('organiser');
  await org.goto(orgLink);
  await org.waitForSelector('#blitz-final');
  await until(org, 'the final card filled', () => /Not started/.test(document.querySelector('#blitz-final .final-state')?.textContent || ''));
  await org.selectOption('select[name=final-size]', '2');
  org.once('dialog', (d) => d.accept()); // "Start the final? ... it cannot be started twice."
  await org.click('#blitz-final .final-ask button');
  await org.waitForSelector('#blitz-final .notice:not([hidden])');

  step('spectator: the final\'s bracket shows, without a reload');
  await until(fan, 'the final on the public page', () => !!document.querySelector('section.public-final .bracket'), null, 120_000);

  step('spectator: the first game of the final shows as live, without a reload; its link follows it live');
  await until(fan, 'a live game of the final', () => [...document.querySelectorAll('ul.live-games li')].some((li) => /\(final\)/.test(li.textContent || '')), null, 120_000);
  const href = await fan.$eval('ul.live-games li a.watch-live', (a) => a.getAttribute('href'));
  await layout(fan, 'watch-live-final');
  const viewer = await person('spectator, in the viewer');
  await viewer.goto(`${base}${href}`);
  await viewer.waitForSelector('.scoreboard tr.seat', { timeout: 60_000 });
  const names = await viewer.textContent('.scoreboard');
  assert.ok(names.includes(teamA) && names.includes(teamB), `the live game names its teams: ${names}`);
  if (await viewer.$eval('.live-badge', (b) => !b.hidden)) {
    const first = Number(/Turn (\d+)/.exec(await viewer.textContent('.turn') || '')?.[1] || -1);
    await until(viewer, 'the live game moving on', (t) => Number(/Turn (\d+)/.exec(document.querySelector('.turn')?.textContent || '')?.[1] || -1) > t, first, 60_000);
  } else {
    // A busy machine: the game ended between the list and the viewer's
    // first answer; the viewer then shows it whole, with its result.
    const last = Number(/Turn \d+ \/ (\d+)/.exec(await viewer.textContent('.turn') || '')?.[1] || -1);
    console.log(`  (the game ended before the viewer opened: shown whole, ${last} turns)`);
    assert.ok(last >= 40, `the ended game is shown whole (${last} turns of 40)`);
  }
  await viewer.close();

  step('organiser: the final is played to its end');
  await until(org, 'the final played', () => /Played: \d+ games/.test(document.querySelector('#blitz-final .final-state')?.textContent || ''), null, 300_000);
  const played = Number(/Played: (\d+) games/.exec(await org.textContent('#blitz-final .final-state') || '')?.[1]);

  step('spectator: the final\'s card shows it over, its places and each game\'s public replay, without a reload');
  await until(fan, 'the final over on the public page', () => document.querySelector('section.public-final .bracket')?.getAttribute('data-done') === 'yes', null, 60_000);
  const places = await fan.textContent('section.public-final .blitz-places');
  assert.ok(places.includes(teamA) && places.includes(teamB), `the final's places name both teams: ${places}`);
  const links = await fan.$$eval('section.public-final .bracket a', (as) => as.map((a) => a.getAttribute('href')));
  assert.equal(links.length, played, `a replay link a game of the final: ${JSON.stringify(links)}`);
  for (const l of links) assert.match(String(l), new RegExp(`^/platform/replay/\\d+\\?public=${eventID}$`), `${l}: a public replay page`);
  const rep = await fan.evaluate(async (u) => (await fetch(u)).status, `/api/platform/public/events/${eventID}/matches/${/replay\/(\d+)/.exec(String(links[0]))?.[1]}/replay`);
  assert.equal(rep, 200, 'a game of the final\'s public replay');

  step('spectator: every game of the final was shown live, then none of the final is live (casual games go on); the page was never reloaded');
  await until(fan, 'no live game of the final left', () => ![...document.querySelectorAll('ul.live-games li')].some((li) => /\(final\)/.test(li.textContent || '')), null, 60_000);
  const seen = await fan.evaluate(() => /** @type {any} */ (window).__seenLive);
  const finals = Object.entries(seen).filter(([, text]) => /\(final\)/.test(String(text)));
  assert.equal(finals.length, played, `live final games seen: ${JSON.stringify(seen)}; the final played ${played}`);
  for (const [link, text] of finals) {
    assert.match(String(text), new RegExp(`${teamA} vs ${teamB}|${teamB} vs ${teamA}`), `${link}: the live game names its teams`);
    assert.match(link, /^\/match\/event\d+-/, `${link}: a link to the viewer's live page`);
  }
  assert.ok(played >= 2, `a best-of-three grand final plays at least two games (${played})`);
  assert.equal(await fan.evaluate(() => /** @type {any} */ (window).__sameLoad), true, 'the page was not reloaded');
  assert.equal(await fan.evaluate(() => performance.getEntriesByType('navigation').length), 1, 'one navigation');
  await layout(fan, 'watch-after-final');
});
