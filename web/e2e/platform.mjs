// Browser tests of the competition platform's pages, in a real headless
// Chromium driven by playwright-core. Run by web/platformpages/browser_test.go,
// which starts the platform (builds in the sandbox, casual matches) and
// makes two zips of the tracks C++ kit, one that does not compile:
//
//   node platform.mjs BASE_URL OUT_DIR ORGANISER_LINK BAD_ZIP GOOD_ZIP
//
// The organiser opens its link (it sees the worker machines, and a
// worker's change and a worker lost without polling) and creates an event; a team joins with the
// invitation link (its token shown once), downloads a kit, uploads the
// broken zip (the compiler's error shows under the upload button), then a
// second member uploads the good one from another browser (the first
// member's page, told by its stream, shows it build and become active),
// the team sees a match against the house
// bot, opens its replay in the player and downloads its bot log, and reads
// the leaderboard; the organiser sees the team and its match, stops the
// casual games, changes the event's name and a game option, freezes the
// submissions (the team's next upload is refused, saying why), publishes
// the results (the team's page shows them) and exports them. Every page is checked at 800x600, 1280x720 and 1920x1080
// (no horizontal scrolling, nothing cut), with screenshots in OUT_DIR. Any
// console error (a Content-Security-Policy refusal, say) fails the test.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { start, expecting, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, orgLink, badZip, goodZip] = process.argv.slice(2);
await start(outDir);

await finish('platform pages', async () => {
  // The organiser creates the event.
  step('organiser: the link opens the page, the token leaves the address');
  const org = await person('organiser');
  await org.goto(orgLink);
  await org.waitForSelector('form.create-event'); // no event yet: the form is open
  assert.ok(!org.url().includes('org-'), `the token stays in the address: ${org.url()}`);
  await layout(org, 'organiser-new');
  step('organiser: sees the worker machines, alive and lost');
  await org.waitForSelector('#workers:not([hidden]) tbody tr');
  const workers = await org.$$eval('#workers tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.equal(workers.length, 2, `two workers: ${workers}`);
  assert.match(workers.find((w) => w.includes('match-1')) || '', /16.*3 \/ 8.*120.*alive/, 'the live worker, its cores, running of slots, done');
  assert.match(workers.find((w) => w.includes('match-2')) || '', /lost/, 'the silent worker is lost');
  step('organiser: a game option refused by the game is told in words');
  await org.selectOption('select[name=game]', 'tracks');
  await org.fill('form.create-event input[name=name]', 'E2E Cup');
  assert.equal(await org.locator('form.create-event input[name=http_bots]').count(), 0, 'tracks has no HTTP protocol: no HTTP bots in its form');
  await org.click('form.create-event summary:has-text("Game options")');
  await org.fill('form.create-event input[name=ink_threshold]', 'many');
  expecting(/status of 400/);
  await org.click('text=Create the event');
  await org.waitForSelector('form.create-event .notice.error:not([hidden])');
  expecting(null);
  const refusal = await org.textContent('form.create-event .notice.error');
  assert.match(refusal, /ink_threshold/, 'the refusal names the option');
  assert.doesNotMatch(refusal, /--opt|Bearer|HTTP \d/, `the refusal speaks of the page: ${refusal}`);
  await org.fill('form.create-event input[name=ink_threshold]', '');
  await org.click('text=Create the event');
  await org.waitForSelector('#event .once');
  const invite = await org.inputValue('#event .once .token');
  assert.match(invite, /\/platform\/join#invite-/, `invitation link: ${invite}`);
  assert.match(await org.textContent('#event .once'), /shown once/);
  assert.match(await org.textContent('#events'), /E2E Cup/);

  step('organiser: a worker\'s new count and a new worker show, told by the stream; the new one, silent, shows lost at its time, told by the stream (the page keeps no timer)');
  // (the Go side beats them once the event exists)
  /** @param {string} host @param {string} re */
  const rowIs = (host, re) => until(org, `${host}: ${re}`, ([h, r]) => new RegExp(r).test(
    [...document.querySelectorAll('#workers tbody tr')].find((tr) => (tr.textContent || '').includes(h))?.textContent || ''), [host, re], 60_000);
  await rowIs('match-1', '4 / 8');
  await rowIs('match-3', 'alive');
  let workerReads = 0;
  const countReads = (/** @type {import('playwright-core').Request} */ r) => { if (/\/organiser\/workers$/.test(r.url())) workerReads++; };
  org.on('request', countReads);
  await rowIs('match-3', 'lost');
  assert.ok(workerReads <= 2, `the page read the workers ${workerReads} times to see match-3 lost (once, told by the stream at its lost_at)`);
  step('organiser: the workers stay as they are: the page reads nothing for them (it polled every 5 s)');
  workerReads = 0;
  await org.waitForTimeout(11_000);
  org.off('request', countReads);
  assert.equal(workerReads, 0, 'reads of the workers while nothing changed');

  // The organiser's stream is cut while the team joins: once it opens
  // again, the page reads the teams again (a join is told by no change;
  // the page's slow poll while down comes only after 30 s).
  expecting(/net::ERR_FAILED/);
  await org.route('**/stream', (r) => r.abort());
  await org.reload();
  await until(org, 'the organiser\'s stream down', () => document.body.dataset.stream === 'down', undefined, 30_000);

  // A team joins.
  step('team: joins with the invitation link, sees its token once');
  const team = await person('team');
  await team.goto(invite);
  await team.waitForSelector('form.join');
  await layout(team, 'join');
  await team.fill('input[name=name]', 'Owls');
  const members = await team.$$('input[name=member]');
  if (members.length) {
    await members[0].fill('Ada');
    await team.click('text=+ member');
    await team.locator('input[name=member]').nth(1).fill('Grace');
  }
  await team.click('form.join button[type=submit]');
  await team.waitForSelector('.once .token');
  const token = await team.inputValue('.once .token');
  assert.match(token, /^team-[0-9a-f]+-[0-9a-f]+$/, `token: ${token}`);
  assert.match(await team.textContent('.once'), /keep it, it is shown once/);
  assert.equal(await team.evaluate(() => localStorage.getItem('arena-platform-team-token')), token, 'the browser keeps the token');
  await team.click('.once button.copy');
  await layout(team, 'joined');
  assert.equal(await team.getAttribute('text=Go to your team', 'aria-disabled'), 'true', 'the way on waits for the token to be kept');
  await team.check('label.check input');
  await team.click('text=Go to your team');
  await team.waitForSelector('#bot');
  assert.match(await team.textContent('header'), /E2E Cup/);
  assert.match(await team.textContent('header'), /Owls/);

  step('organiser: its stream back, the page shows the team that joined meanwhile');
  await org.unroute('**/stream');
  await until(org, 'the organiser\'s stream open again', () => document.body.dataset.stream === 'open', undefined, 90_000);
  await until(org, 'the team in the organiser\'s teams', () => /Owls/.test(document.querySelector('#teams tbody')?.textContent || ''), undefined, 10_000);
  expecting(null);
  // The page's reads run one at a time, the last after the last call (an
  // older answer drawn last would stay until the next change).
  const serial = await org.evaluate(async () => {
    const { serially } = await import('/platform/common.js');
    let running = 0, most = 0, runs = 0, seen = 0, value = 0, open = () => {};
    const gate = new Promise((r) => { open = r; });
    const read = serially(async () => {
      runs++;
      most = Math.max(most, ++running);
      const v = value;
      await gate;
      seen = v;
      running--;
    });
    for (let i = 1; i <= 5; i++) { value = i; read(); }
    open();
    while (seen !== 5 || running) await new Promise((r) => setTimeout(r, 10));
    return { most, runs, seen };
  });
  assert.deepEqual(serial, { most: 1, runs: 2, seen: 5 }, 'serially: one read at a time, the last one after the last call');

  step('team: downloads a starter kit');
  await team.waitForSelector('#kits button.kit');
  const [kit] = await Promise.all([team.waitForEvent('download'), team.click('#kits button.kit:has-text("C++")')]);
  assert.equal(kit.suggestedFilename(), 'tracks-cpp.zip');
  const kitPath = await kit.path();
  assert.equal(readFileSync(kitPath).subarray(0, 2).toString(), 'PK', 'the kit is a zip');

  step('team: a file the platform cannot build is refused before it is sent');
  await team.setInputFiles('input[type=file]', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await team.waitForSelector('#bot .upload .notice.error:not([hidden])');
  assert.match(await team.textContent('#bot .upload .notice'), /neither a zip nor a source file/);

  step('team: uploads a kit that does not compile, sees the compiler under the upload button');
  await team.setInputFiles('input[type=file]', badZip);
  await team.click('text=Upload and build');
  await until(team, 'the failed build', () => {
    const box = document.querySelector('.build-error');
    return box && !box.hidden && /error/.test(box.textContent || '');
  });
  const failure = await team.textContent('.build-error');
  assert.match(failure, /bot\.cpp.*error/s, `the compiler's error: ${failure}`);
  // under the upload button: below it on the page, in the same form
  const below = await team.evaluate(() => {
    const b = document.querySelector('#bot button[type=submit]').getBoundingClientRect();
    const e = document.querySelector('.build-error').getBoundingClientRect();
    return e.top >= b.bottom && document.querySelector('form.upload').contains(document.querySelector('.build-error'));
  });
  assert.ok(below, 'the build error sits under the upload button');
  assert.match(await team.textContent('#bot .submissions'), /failed/);
  const [log] = await Promise.all([team.waitForEvent('download'), team.click('text=Download the whole build log')]);
  assert.match(readFileSync(await log.path(), 'utf8'), /g\+\+/, 'the build log holds the build command');
  await layout(team, 'team-failed');

  step('team: a second member uploads the kit as it is, from another browser; the first one\'s page shows it build and become active');
  // The first member's page, never reloaded, is told each change of the
  // build by its stream: it sees the build under way (its poll ran only
  // while a build of its own was under way, and saw none of another's).
  await team.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__statuses = new Set();
    const look = () => {
      const row = document.querySelector('#bot .submissions tbody tr');
      if (row) w.__statuses.add(`${row.getAttribute('data-id')} ${row.querySelector('.status')?.textContent}`);
    };
    new MutationObserver(look).observe(document.querySelector('#bot .submissions'), { childList: true, subtree: true, characterData: true });
  });
  const member = await person('second member');
  await member.goto(`${base}/platform/`);
  await member.evaluate((t) => localStorage.setItem('arena-platform-team-token', t), token);
  await member.goto(`${base}/platform/team`);
  await member.waitForSelector('#bot');
  await team.waitForTimeout(1100); // one submission a second in this test
  await member.setInputFiles('input[type=file]', goodZip);
  await member.click('text=Upload and build');
  await until(team, 'the build to be ready and active', () => {
    const row = document.querySelector('#bot .submissions tbody tr');
    return row && /ready/.test(row.textContent || '') && /active/.test(row.textContent || '');
  });
  const newest = await team.getAttribute('#bot .submissions tbody tr', 'data-id');
  const statuses = await team.evaluate(() => [.../** @type {any} */ (window).__statuses]);
  assert.ok(statuses.some((s) => s === `${newest} queued` || s === `${newest} building`),
    `the first member's page saw submission ${newest} under way: ${JSON.stringify(statuses)}`);
  await member.close();
  assert.ok(await team.isHidden('.build-error'), 'the error box leaves once the newest build works');

  step('team: a match against the house bot is played');
  await until(team, 'a match with a replay', () => !!document.querySelector('#matches a[href^="/platform/replay/"]'));
  assert.match(await team.textContent('#matches'), /Owls/);
  assert.match(await team.textContent('#matches'), /house bot/);
  await until(team, 'the leaderboard to count a game', () => {
    const row = document.querySelector('#leaderboard tr.mine');
    return row && Number(row.children[3].textContent) >= 1;
  });
  const rating = await team.getAttribute('#leaderboard tr.mine td.rating', 'title');
  assert.match(rating, /^mu -?\d+\.\d+, sigma \d+\.\d+/, `rating tooltip: ${rating}`);
  assert.match(await team.textContent('#leaderboard tr.mine'), /Owls.*%/s);
  assert.ok(await team.isHidden('#results'), 'no results before the organiser publishes them');
  await until(team, 'the side quest of tracks', () => /Owls/.test(document.querySelector('#sidequest')?.textContent || ''));
  await layout(team, 'team');

  step('team: downloads its bot log');
  const [botLog] = await Promise.all([team.waitForEvent('download'), team.click('#matches button:has-text("bot log")')]);
  const logText = readFileSync(await botLog.path(), 'utf8');
  assert.match(logText, /--- turn 1\b/, 'the bot log has turns');
  assert.match(logText, /\[out\] /, 'the bot log has the bot\'s output');

  step('team: opens the replay in the player');
  await team.click('#matches a[href^="/platform/replay/"]');
  await team.waitForSelector('.controls .turn');
  await until(team, 'the turn counter', () => /Turn 0 \/ \d+/.test(document.querySelector('.turn')?.textContent || ''));
  assert.match(await team.textContent('.scoreboard'), /Owls/, 'the player names the team');
  // The seed exactly (64 bits; a JavaScript number holds 53).
  const seed = await team.evaluate(async () => {
    const res = await fetch('/api/platform/matches', { headers: { Authorization: `Bearer ${localStorage.getItem('arena-platform-team-token')}` } });
    const id = location.pathname.split('/').pop();
    return (await res.json()).find((m) => String(m.id) === id).seed;
  });
  assert.match(await team.textContent('.match-head small'), new RegExp(`seed ${seed}\\b`), 'the replay shows the seed exactly');
  await team.keyboard.press('End');
  await until(team, 'the last turn', () => {
    const m = /Turn (\d+) \/ (\d+)/.exec(document.querySelector('.turn')?.textContent || '');
    return m && m[1] === m[2];
  });
  await team.screenshot({ path: `${outDir}/platform-replay.png` });
  await team.click('a.back');
  await team.waitForSelector('#bot');

  step('the viewer\'s home page links to the platform');
  await team.goto(base);
  await team.click('header a.platform-link');
  await team.waitForSelector('#bot'); // a browser that keeps the token goes on to the team's page

  step('team: logs out, and back in with the token');
  team.once('dialog', (d) => d.accept());
  await team.click('header button:has-text("Log out")');
  await team.waitForSelector('form.login');
  assert.equal(await team.evaluate(() => localStorage.getItem('arena-platform-team-token')), null, 'logging out forgets the token');
  await team.fill('form.login input', 'team-0123456789abcdef-0123456789abcdef0123456789abcdef');
  expecting(/status of 401/);
  await team.click('form.login button[type=submit]');
  await team.waitForSelector('form.login .notice.error:not([hidden])');
  expecting(null);
  assert.match(await team.textContent('form.login .notice'), /not valid: check that you pasted all of it/);
  await layout(team, 'login');
  await team.fill('form.login input', token);
  await team.click('form.login button[type=submit]');
  await team.waitForSelector('#bot');

  step('organiser: sees the team and its matches, stops the casual games');
  await until(org, 'the team on the organiser\'s page', () => /Owls/.test(document.querySelector('#teams')?.textContent || ''), undefined, 30_000);
  await until(org, 'a match on the organiser\'s page', () => !!document.querySelector('#org-matches a[href*="?event="]'), undefined, 30_000);
  await layout(org, 'organiser');
  await org.click('text=Stop casual games');
  await until(org, 'the casual games to stop', () => /stopped/.test(document.querySelector('#event .card-head')?.textContent || ''), undefined, 30_000);
  step('organiser: changes the event\'s name and a game option');
  await org.click('text=Change the settings');
  await org.waitForSelector('form.edit-event');
  assert.equal(await org.inputValue('form.edit-event input[name=name]'), 'E2E Cup', 'the form shows the event as it is');
  assert.ok(await org.isChecked('form.edit-event input[name=house_bots]'), 'house bots stay on');
  await org.fill('form.edit-event input[name=name]', 'E2E Cup, changed');
  await org.click('form.edit-event summary:has-text("Game options")');
  await org.fill('form.edit-event input[name=ink_threshold]', '4');
  await org.click('text=Save the changes');
  await until(org, 'the changed event', () => /E2E Cup, changed/.test(document.querySelector('#event h2')?.textContent || '')
    && /ink_threshold=4/.test(document.querySelector('#event dl')?.textContent || ''), undefined, 30_000);
  assert.match(await org.textContent('#events'), /E2E Cup, changed/);
  step('organiser: freezes the submissions; the team is told why its upload is refused');
  await org.click('text=Freeze submissions');
  await until(org, 'the frozen submissions', () => /frozen/.test(document.querySelector('#event dl')?.textContent || ''), undefined, 30_000);
  await team.goto(`${base}/platform/team`);
  await team.waitForSelector('#bot');
  await team.setInputFiles('input[type=file]', goodZip);
  expecting(/status of 400/);
  await team.click('text=Upload and build');
  await team.waitForSelector('#bot .upload .notice.error:not([hidden])');
  expecting(null);
  assert.match(await team.textContent('#bot .upload .notice'), /frozen/, 'the refusal says the submissions are frozen');

  step('organiser: suspends the team with a reason; its page says why; lets it back');
  org.once('dialog', (d) => d.accept('floods its logs'));
  await org.click('#teams button:has-text("Suspend")');
  await until(org, 'the team marked suspended', () => /suspended/.test(document.querySelector('#teams tbody')?.textContent || ''), undefined, 30_000);
  await team.reload();
  await until(team, 'the suspension told to the team', () => /floods its logs/.test(document.querySelector('#suspended:not([hidden])')?.textContent || ''), undefined, 30_000);
  await org.click('#teams button:has-text("Resume")');
  await until(org, 'the team let back', () => !/suspended/.test(document.querySelector('#teams tbody')?.textContent || ''), undefined, 30_000);
  await team.reload();
  await team.waitForSelector('#bot');
  assert.ok(await team.isHidden('#suspended'), 'the team page no longer says it is suspended');

  step('organiser: publishes the results and exports them; the team sees them');
  org.once('dialog', (d) => d.accept());
  await org.click('text=Publish the results');
  await until(org, 'the publication', () => /published/.test(document.querySelector('#event dl')?.textContent || ''), undefined, 30_000);
  const [csv] = await Promise.all([org.waitForEvent('download'), org.click('#event button:has-text("results.csv")')]);
  assert.match(readFileSync(await csv.path(), 'utf8'), /Owls/, 'the exported results name the team');
  await team.reload();
  await until(team, 'the published results', () => /Owls/.test(document.querySelector('#results:not([hidden])')?.textContent || ''), undefined, 30_000);
  assert.match(await team.textContent('#results'), /provisional/, 'results before the final are provisional');

  await org.click('#org-matches a[href*="?event="]');
  await org.waitForSelector('.controls .turn');
  assert.match(await org.textContent('.scoreboard'), /Owls/);

  step('organiser: a second event, with leagues; its team sees its league');
  await org.goto(`${base}/platform/organiser`);
  await org.waitForSelector('#events');
  await org.click('text=+ New event');
  await org.selectOption('form.create-event select[name=game]', 'tracks');
  await org.fill('form.create-event input[name=name]', 'League Cup');
  await org.check('form.create-event input[name=leagues]');
  await org.click('text=Create the event');
  await org.waitForSelector('#event .once');
  assert.match(await org.textContent('#event dl'), /Leagues\s*on/);
  const invite2 = await org.inputValue('#event .once .token');
  const bats = await person('second team');
  await bats.goto(invite2);
  await bats.fill('input[name=name]', 'Bats');
  await bats.click('form.join button[type=submit]');
  await bats.waitForSelector('.once');
  await bats.check('label.check input');
  await bats.click('text=Go to your team');
  await bats.waitForSelector('#bot');
  await bats.setInputFiles('input[type=file]', goodZip);
  await bats.click('text=Upload and build');
  // League 1 first; its promotion test against the boss may lift it at once.
  await until(bats, 'the team\'s league', () => /League \d/.test(document.querySelector('.league:not([hidden])')?.textContent || ''));
  assert.match(await bats.textContent('.league'), /Goal: |top league/, 'the league says its goal');
  // The menu shows the team's league's leaderboard (read again at each
  // try: the team may climb meanwhile).
  await until(bats, 'the team in its league\'s leaderboard', () => {
    const n = (/League (\d+)/.exec(document.querySelector('.league .league-badge')?.textContent || '') || [])[1];
    const sel = document.querySelector('#leaderboard select');
    if (sel.value !== n) { sel.value = n; sel.dispatchEvent(new Event('change')); return false; }
    return /Bats/.test(document.querySelector('#leaderboard tbody')?.textContent || '');
  }, undefined, 60_000);
  // Tracks' leagues 1 and 2 (where the kit's bot stays) play only the boss:
  // no rated game; the board ranks the teams by their promotion tests.
  await until(bats, 'the boss-only league\'s board and test', () =>
    /only the boss/.test(document.querySelector('#leaderboard > p.dim:not([hidden])')?.textContent || '') &&
    /\d+ of \d+ won, /.test(document.querySelector('#leaderboard tr.mine')?.textContent || '') &&
    /plays only the boss.*Your bot\u2019s test: \d+ of \d+ won/s.test(document.querySelector('.league')?.textContent || ''), undefined, 30_000);
  assert.doesNotMatch(await bats.textContent('#leaderboard thead'), /Rating/, 'a boss-only league has no rating');
  // The organiser's teams: its league (boss only) and its test.
  await until(org, 'the organiser\'s teams by league', () =>
    /1 \(boss only\)|2 \(boss only\)/.test(document.querySelector('#teams tbody')?.textContent || '') &&
    /\d+ of \d+ won, /.test(document.querySelector('#teams tbody')?.textContent || ''), undefined, 30_000);
  await layout(org, 'organiser-leagues');
  // The rules of its league: the statement of the league its badge names
  // (tracks' league 1 hides DISRUPT, the others describe it).
  await until(bats, 'the rules of the team\'s league', () => {
    const n = (/League (\d+)/.exec(document.querySelector('.league .league-badge')?.textContent || '') || [])[1];
    return !!n && (document.querySelector('#rules:not([hidden]) summary')?.textContent || '').startsWith(`League ${n},`);
  }, undefined, 30_000);
  await bats.click('#rules summary');
  const rules = await bats.evaluate(() => ({
    title: document.querySelector('#rules summary').textContent, text: document.querySelector('#rules .statement').textContent,
  }));
  assert.match(rules.text, /Initialisation input.*Promotion|Initialisation input.*top league/s, 'the statement gives the input and the promotion');
  if (rules.title.startsWith('League 1,')) assert.doesNotMatch(rules.text, /DISRUPT/, 'league 1 hides DISRUPT');
  else assert.match(rules.text, /DISRUPT regionId/, 'the leagues above 1 describe DISRUPT');
  // Its promotion test's games are marked in its matches.
  await until(bats, 'a promotion game among the matches', () => !!document.querySelector('#matches .kind-tag.promotion'), undefined, 60_000);
  await layout(bats, 'team-league');

  step('organiser: publishes the league event\'s results; a boss-only team\'s line has its test, no rating');
  org.once('dialog', (d) => d.accept());
  await org.click('text=Publish the results');
  await until(org, 'the publication', () => /published/.test(document.querySelector('#event dl')?.textContent || ''), undefined, 30_000);
  await bats.reload();
  await until(bats, 'the published results with the promotion tests', () =>
    /Promotion test/.test(document.querySelector('#results:not([hidden]) thead')?.textContent || ''), undefined, 30_000);
  const batsLine = await bats.textContent('#results tr.mine');
  assert.match(batsLine, /\d+ of \d+ won/, 'the team\'s results line gives its promotion test');
  // (the team is in a boss-only league: checked above)
  assert.doesNotMatch(batsLine, /\d\.\d\d/, 'no rating for a team of a boss-only league');

  step('a team token does not open the organiser\'s page');
  expecting(/status of 403/);
  await team.goto(`${base}/platform/organiser`);
  await team.waitForSelector('form.login');
  await team.evaluate((t) => localStorage.setItem('arena-platform-organiser-token', t), token);
  await team.reload();
  await team.waitForSelector('form.login .notice.error:not([hidden])');
  expecting(null);
});
