// Browser test of the Cod'INSA 2025 final (a catmouse event) through the
// platform's pages. Run by web/platformpages/codinsa_browser_test.go, which
// makes the event, ten teams (three with a built bot) and the files the
// file pickers read:
//
//   node codinsa.mjs BASE_URL OUT_DIR ORGANISER_LINK TEAMS_JSON SET0_FILE SET9_FILE BATS_FILE
//
// The organiser publishes the default map, set 0 and the secret set 9 (a
// set 9 with the wrong ID first: refused, saying why); Owls' invalid set
// is refused with the reason; five teams propose sets 1 to 5 (Bats from a
// file); the ten teams vote as the rules' scenario 48 (sets 3 and 5 get
// four votes each, set 1 two: set 3, the lowest id of the tie, is used),
// Bats changing its vote; the organiser sees the tally, who voted and the
// chosen set, closes the vote, starts the final and watches its matches
// and table fill; once the results are published, a team sees the table
// as its results ("Final results", its place; no provisional leaderboard).
// No team page shows or receives the secret set, the tally nor the chosen
// set, and none asks an organiser route. Each page state is checked at
// 800x600, 1280x720 and 1920x1080.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { start, expecting, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, orgLink, teamsJSON, set0File, secretFile, batsFile] = process.argv.slice(2);
/** @type {{name: string, token: string}[]} */
const teams = JSON.parse(teamsJSON);
const tokenOf = Object.fromEntries(teams.map((t) => [t.name, t.token]));
const secretText = readFileSync(secretFile, 'utf8');
const set0Text = readFileSync(set0File, 'utf8');
/** What gives the secret set away (its name, its mouse line). */
const SECRET = [/vault-nine/, /MOUSE 4 -2\b/, /mouse \(4, -2\)/];

// The proposals typed in the pages (Bats' comes from its file): the sets
// of platform/spawnvote's tests, valid on the default map.
const spawn = (/** @type {string} */ mouse, /** @type {string[]} */ ...cats) => `CATMOUSE-SPAWN 1\nID 1\nMOUSE ${mouse}\n${cats.map((c) => `CAT ${c}\n`).join('')}END\n`;
const SETS = {
  Owls: spawn('-3 -2', '4 -4', '3 2'),
  Cats: spawn('3 0', '-5 0', '-2 -4', '3 -6'),
  Foxes: spawn('-3 0', '5 0', '2 4', '-3 6'),
  Hares: spawn('-4 2', '4 -2', '3 3'),
};
// Scenario 48: sets 3 and 5 get four votes each, set 1 two.
const VOTES = [['Owls', 3], ['Cats', 5], ['Foxes', 3], ['Hares', 1], ['Moles', 3], ['Newts', 5], ['Pikes', 5], ['Rooks', 5], ['Seals', 1]];

await start(outDir);

/** Every answer of the API a team's page received: its address and text. @type {{who: string, url: string, body: string}[]} */
const seen = [];
/** @type {Promise<void>[]} */
const reading = [];

/** A team's browser, logged in with its token, its API answers kept. @param {string} name */
async function teamPage(name) {
  const page = await person(name);
  page.on('response', (res) => {
    if (!res.url().includes('/api/')) return;
    reading.push(res.text().then((body) => { seen.push({ who: name, url: res.url(), body }); }, () => {}));
  });
  await login(page, name);
  return page;
}

/** Opens the team page as the team. @param {import('playwright-core').Page} page @param {string} name */
async function login(page, name) {
  // The login page, first (a browser that keeps a token goes on from it
  // to the team page, so it is opened only before any).
  if (!page.url().startsWith(base)) await page.goto(`${base}/platform/`);
  await page.evaluate((t) => localStorage.setItem('arena-platform-team-token', t), tokenOf[name]);
  await page.goto(`${base}/platform/team`);
  await page.waitForSelector('#spawn-vote .vote-body > *');
  assert.match(await page.textContent('header'), new RegExp(name));
}

/** What the team page shows must not give the secret set away. @param {import('playwright-core').Page} page @param {string} who */
async function noSecretShown(page, who) {
  const text = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('pre, textarea')].map((e) => e.textContent).join('\n'));
  for (const re of SECRET) assert.doesNotMatch(text, re, `${who}'s page shows the secret set`);
}

/**
 * The team votes for a set through its page.
 * @param {import('playwright-core').Page} page @param {string} who @param {number} set
 */
async function voteFor(page, who, set) {
  await page.check(`#spawn-vote .set-choice[data-set="${set}"] input`);
  await page.click('#spawn-vote form.vote button[type=submit]');
  await until(page, `${who}'s vote for set ${set}`, (n) => new RegExp(`You vote for set ${n}\\b`).test(document.querySelector('#spawn-vote .current-vote')?.textContent || ''), set, 30_000);
}

/**
 * The team proposes a set by pasting it; returns the notice.
 * @param {import('playwright-core').Page} page @param {string} text
 */
async function propose(page, text) {
  await page.fill('#spawn-vote form.propose textarea', text);
  await page.click('#spawn-vote form.propose button[type=submit]');
}

await finish('Cod\'INSA pages', async () => {
  step('organiser: a catmouse event shows the spawn vote and the final');
  const org = await person('organiser');
  await org.goto(orgLink);
  await org.waitForSelector('#spawn-vote .status');
  await until(org, 'the vote not published', () => /not published/.test(document.querySelector('#spawn-vote .card-head')?.textContent || ''), undefined, 30_000);
  await until(org, 'the final card', () => /Close the spawn vote first/.test(document.querySelector('#codinsa-final')?.textContent || ''), undefined, 30_000);
  assert.ok(await org.isDisabled('#codinsa-final button:has-text("Start the final")'), 'no final before the vote closes');
  await layout(org, 'codinsa-organiser-new');

  step('team: nothing to propose before the organiser publishes');
  const owls = await teamPage('Owls');
  assert.match(await owls.textContent('#spawn-vote'), /has not published the map and set 0/);
  await until(owls, 'the final card', () => /not published the results/.test(document.querySelector('#codinsa-final')?.textContent || ''), undefined, 30_000);

  step('organiser: a set 9 that says ID 0 is refused, saying why');
  await org.setInputFiles('#spawn-vote input[name="set0-file"]', set0File);
  await until(org, 'the file in the text area', () => /ID 0/.test(/** @type {HTMLTextAreaElement} */ (document.querySelector('#spawn-vote textarea[name=set0]')).value));
  await org.fill('#spawn-vote textarea[name=secret]', set0Text);
  expecting(/status of 400/);
  await org.click('#spawn-vote form.publish-spawns button[type=submit]');
  await org.waitForSelector('#spawn-vote .notice.error:not([hidden])');
  expecting(null);
  const refusal = await org.textContent('#spawn-vote .notice.error');
  assert.match(refusal, /Not published: set 9: the file says ID 0; this set is 9/, `the refusal: ${refusal}`);

  step('organiser: publishes the default map, set 0 and the secret set 9 (from its file)');
  await org.setInputFiles('#spawn-vote input[name="secret-file"]', secretFile);
  await until(org, 'the secret file read', () => /vault-nine/.test(/** @type {HTMLTextAreaElement} */ (document.querySelector('#spawn-vote textarea[name=secret]')).value));
  await org.click('#spawn-vote form.publish-spawns button[type=submit]');
  await org.waitForSelector('#spawn-vote .notice.ok:not([hidden])');
  await until(org, 'the vote open', () => /open/.test(document.querySelector('#spawn-vote .card-head .status')?.textContent || ''));
  await layout(org, 'codinsa-organiser-published');

  step('team: sees the map and set 0; an invalid set is refused with the reason');
  await login(owls, 'Owls');
  assert.match(await owls.textContent('#spawn-vote .set0'), /mouse \(0, 0\); cats \(0, -5\), \(0, 5\)/);
  assert.match(await owls.textContent('#spawn-vote dl'), /default map/);
  expecting(/status of 400/);
  await propose(owls, spawn('0 0', '0 -2'));
  await owls.waitForSelector('form.propose .notice.error:not([hidden])');
  expecting(null);
  const why = await owls.textContent('form.propose .notice.error');
  assert.match(why, /Your set was refused: .*at least 5 are required/, `the refusal: ${why}`);
  await layout(owls, 'codinsa-team-refused');
  await propose(owls, SETS.Owls);
  await until(owls, 'Owls\' set', () => /Set 1\b/.test(document.querySelector('#spawn-vote .own-set')?.textContent || ''), undefined, 30_000);
  assert.match(await owls.textContent('#spawn-vote .own-set'), /mouse \(-3, -2\)/);

  step('teams: Bats proposes from a file, Cats, Foxes and Hares by pasting');
  const bats = await teamPage('Bats');
  await bats.setInputFiles('#spawn-vote input[name="proposal-file"]', batsFile);
  await until(bats, 'the file in the text area', () => /MOUSE 3 2/.test(/** @type {HTMLTextAreaElement} */ (document.querySelector('#spawn-vote form.propose textarea')).value));
  await bats.click('#spawn-vote form.propose button[type=submit]');
  await until(bats, 'Bats\' set', () => /Set 2\b/.test(document.querySelector('#spawn-vote .own-set')?.textContent || ''), undefined, 30_000);
  const cats = await teamPage('Cats');
  await propose(cats, SETS.Cats);
  await until(cats, 'Cats\' set', () => /Set 3\b/.test(document.querySelector('#spawn-vote .own-set')?.textContent || ''), undefined, 30_000);
  // The other teams share one browser, each logging in with its token.
  const voters = await person('voters');
  voters.on('response', (res) => {
    if (!res.url().includes('/api/')) return;
    reading.push(res.text().then((body) => { seen.push({ who: 'voters', url: res.url(), body }); }, () => {}));
  });
  for (const [name, id] of [['Foxes', 4], ['Hares', 5]]) {
    await login(voters, String(name));
    await propose(voters, SETS[/** @type {'Foxes'|'Hares'} */ (name)]);
    await until(voters, `${name}'s set`, (n) => new RegExp(`Set ${n}\\b`).test(document.querySelector('#spawn-vote .own-set')?.textContent || ''), id, 30_000);
  }

  step('teams: vote through their pages (the rules\' scenario 48); Bats changes its mind');
  await login(owls, 'Owls');
  const offered = await owls.$$eval('#spawn-vote .set-choice', (els) => els.map((e) => Number(/** @type {HTMLElement} */ (e).dataset.set)));
  assert.deepEqual(offered, [2, 3, 4, 5], 'Owls may vote for every other team\'s set, never its own');
  await voteFor(owls, 'Owls', 3);
  await layout(owls, 'codinsa-team-voted');
  await login(bats, 'Bats');
  await voteFor(bats, 'Bats', 5);
  await voteFor(bats, 'Bats', 3);
  await login(cats, 'Cats');
  await voteFor(cats, 'Cats', 5);
  for (const [name, set] of VOTES.slice(2)) {
    await login(voters, String(name));
    await voteFor(voters, String(name), Number(set));
  }

  step('organiser: sees the proposals, the votes, who voted and the chosen set');
  await org.reload();
  await until(org, 'ten votes', () => /10 of 10 teams voted/.test(document.querySelector('#spawn-vote .votes')?.textContent || ''), undefined, 30_000);
  const tally = await org.$$eval('#spawn-vote table.proposals tbody tr', (rows) => rows.map((r) => [
    Number(/** @type {HTMLElement} */ (r).dataset.set), r.children[1].textContent, Number(r.querySelector('.votes-count')?.textContent)]));
  assert.deepEqual(tally, [[1, 'Owls', 2], [2, 'Bats', 0], [3, 'Cats', 4], [4, 'Foxes', 0], [5, 'Hares', 4]], 'the tally of scenario 48');
  assert.match(await org.textContent('#spawn-vote tr[data-set="3"] .voters'), /^Bats, Foxes, Moles, Owls$/, 'who voted for set 3');
  const chosen = await org.textContent('#spawn-vote .choice');
  assert.match(chosen, /Set 3 \(Cats\)/, `the chosen set: ${chosen}`);
  assert.match(chosen, /ties go to the lowest id/);
  await layout(org, 'codinsa-organiser-votes');

  step('organiser: closes the vote; a team can no longer vote');
  org.once('dialog', (d) => d.accept());
  await org.click('#spawn-vote button:has-text("Close the vote")');
  await until(org, 'the closed vote', () => /closed/.test(document.querySelector('#spawn-vote .card-head .status')?.textContent || ''), undefined, 30_000);
  assert.match(await org.textContent('#spawn-vote .choice'), /The chosen set.*Set 3 \(Cats\)/s);
  assert.match(await org.textContent('#spawn-vote .published'), /vault-nine/, 'the organiser sees its secret set');
  await login(owls, 'Owls');
  assert.match(await owls.textContent('#spawn-vote'), /The vote is closed/);
  assert.equal(await owls.$('#spawn-vote form.vote'), null, 'no vote once closed');
  assert.match(await owls.textContent('#spawn-vote .current-vote'), /You vote for set 3/);
  await layout(owls, 'codinsa-team-closed');

  step('organiser: starts the final and watches its matches and table fill');
  await until(org, 'the start button', () => !(/** @type {HTMLButtonElement} */ (document.querySelector('#codinsa-final .start-final button'))).disabled, undefined, 30_000);
  await org.fill('#codinsa-final input[name=seed]', '7');
  org.once('dialog', (d) => d.accept());
  await org.click('#codinsa-final button:has-text("Start the final")');
  await until(org, 'the final\'s progress', () => /of 9 games played/.test(document.querySelector('#codinsa-final .final-state')?.textContent || ''), undefined, 30_000);
  assert.match(await org.textContent('#codinsa-final .final-state'), /3 teams.*seed 7.*game 2 plays set 3/s);
  await layout(org, 'codinsa-organiser-playing');
  // The progress as the page shows it, every poll, until the end.
  await org.evaluate(() => {
    /** @type {any} */ (window).progress = [];
    const watch = () => {
      const m = /(\d+) of 9 games played/.exec(document.querySelector('#codinsa-final .final-state')?.textContent || '');
      if (m) /** @type {any} */ (window).progress.push(Number(m[1]));
      setTimeout(watch, 200);
    };
    watch();
  });
  await until(org, 'the final to end', () => /over/.test(document.querySelector('#codinsa-final .card-head .status')?.textContent || ''), undefined, 120_000);
  const progress = await org.evaluate(() => /** @type {any} */ (window).progress);
  console.log(`  progress seen: ${[...new Set(progress)].join(', ')} of 9 games`);
  assert.ok(progress.every((/** @type {number} */ n, /** @type {number} */ i) => i === 0 || n >= progress[i - 1]), `the progress never goes back: ${progress}`);
  assert.match(await org.textContent('#codinsa-final .final-state'), /9 of 9 games played \(3 of 3 matches\)/);
  assert.match(await org.textContent('#codinsa-final .final-state'), /publish the results \(Controls\)/, 'the Final card asks to publish the results');
  const matches = await org.$$eval('#codinsa-final table.final-matches tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.equal(matches.length, 3, `three matches: ${matches}`);
  assert.match(matches.join('\n'), /Owls vs Bats/);
  assert.match(matches.join('\n'), /Bats vs Cats.*draw/);
  const table = await org.$$eval('#codinsa-final table.standings tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  assert.deepEqual(table.map((r) => [r[0], r[1], r[2]]), [['1', 'Owls', '6'], ['2', 'Bats', '1'], ['2', 'Cats', '1']], `the table: ${JSON.stringify(table)}`);
  await until(org, 'the games\' replays', () => document.querySelectorAll('#codinsa-final table.final-matches .game-links a').length === 9, undefined, 30_000);
  const hrefs = await org.$$eval('#codinsa-final table.final-matches .game-links a', (as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.every((u) => /^\/platform\/replay\/\d+\?event=\d+$/.test(u || '')), `the replays' links: ${hrefs}`);
  await layout(org, 'codinsa-organiser-final');

  step('team: the table waits for the publication, then shows');
  await login(owls, 'Owls');
  await until(owls, 'the final card', () => /not published the results/.test(document.querySelector('#codinsa-final')?.textContent || ''), undefined, 30_000);
  org.once('dialog', (d) => d.accept());
  await org.click('text=Publish the results');
  await until(org, 'the publication', () => /published/.test(document.querySelector('#event dl')?.textContent || ''), undefined, 30_000);
  // the Final card stops asking for it
  await until(org, 'the Final card to see the publication', () => /the results are published/.test(document.querySelector('#codinsa-final .final-state')?.textContent || ''), undefined, 30_000);
  assert.doesNotMatch(await org.textContent('#codinsa-final .final-state'), /publish the results/, 'the Final card asks no more to publish');
  await login(cats, 'Cats');
  await cats.waitForSelector('#codinsa-final table.standings');
  // Once every first answer is in (the results' too), the page's results
  // are the final's: no casual leaderboard published as "provisional".
  // (The page keeps its event stream open: the network is never idle.)
  await until(cats, 'the Final card to show the results', () => document.querySelector('#codinsa-final .card-head')?.textContent === 'Final resultsfinal' && !!document.querySelector('#codinsa-final .my-place'), undefined, 30_000);
  assert.equal(await cats.textContent('#codinsa-final .card-head'), 'Final resultsfinal', 'the Final card is the results');
  assert.equal(await cats.textContent('#codinsa-final .my-place'), 'Your place: 2 of 3');
  assert.ok(await cats.isHidden('#results'), 'no other results card');
  assert.doesNotMatch(await cats.evaluate(() => document.body.innerText), /provisional/i, 'the team page says nothing provisional');
  const seenTable = await cats.$$eval('#codinsa-final table.standings tbody tr', (rows) => rows.map((r) => [r.children[0].textContent, r.children[1].textContent, r.classList.contains('mine')]));
  assert.deepEqual(seenTable, [['1', 'Owls', false], ['2', 'Bats', false], ['2', 'Cats', true]], 'the table, the team\'s row marked');
  // Its own games' replays, none of the others'.
  await until(cats, 'Cats\' replays', () => document.querySelectorAll('#codinsa-final table.final-matches .game-links a').length === 6, undefined, 30_000);
  const linked = await cats.$$eval('#codinsa-final table.final-matches tbody tr', (rows) => rows.map((r) => [r.children[1].textContent, r.querySelectorAll('.game-links a').length]));
  assert.deepEqual(linked, [['Owls vs Bats', 0], ['Owls vs Cats', 3], ['Bats vs Cats', 3]], 'a team has the replays of its own games');
  await layout(cats, 'codinsa-team-final');

  step('no team page shows or receives the secret set, the tally or the chosen set');
  for (const [page, who] of [[owls, 'Owls'], [bats, 'Bats'], [cats, 'Cats'], [voters, 'voters']]) {
    await noSecretShown(/** @type {import('playwright-core').Page} */ (page), String(who));
  }
  // (an answer whose page went on may never give its body: 10 s each at most)
  await Promise.all(reading.map((r) => Promise.race([r, new Promise((ok) => { setTimeout(ok, 10_000); })])));
  assert.ok(seen.some((s) => s.url.endsWith('/api/platform/spawns')), 'the team pages read the spawn vote');
  for (const s of seen) {
    assert.doesNotMatch(s.url, /\/organiser\//, `${s.who}'s page asked an organiser route: ${s.url}`);
    for (const re of [...SECRET, /"(chosen|tally|secret|void)"/]) assert.doesNotMatch(s.body, re, `${s.who} received ${re} from ${s.url}`);
  }
  assert.ok(!seen.some((s) => s.body.includes(secretText.trim())), 'no team answer holds the secret file');

  // Once the final is played, a team's replays show the positions its bots
  // were given (docs/events.md): they come after the checks above.
  step('team: opens a game of its match from the final\'s table');
  await cats.click('#codinsa-final table.final-matches tbody tr:nth-child(3) .game-links a:has-text("game 2")');
  await cats.waitForSelector('.controls .turn');
  assert.match(await cats.textContent('.scoreboard'), /Cats/);
});
