// Browser test of the organiser's cards of a round or final that cannot
// go on (a Blitz event's Ranked rounds and Final cards, a Cod'INSA
// event's Final card), in a real headless Chromium driven by
// playwright-core. Run by web/platformpages/failing_browser_test.go,
// which breaks the three events and waits until the server has failed
// each:
//
//   node failing.mjs BASE_URL OUT_DIR ORGANISER_LINK BLITZ_EVENT GONE_EVENT CODINSA_EVENT
//
// Each card shows a warning block: the game, its teams, how many times
// it failed, its last error as text (the markup of a map file's name and
// of a team's name stays text), whether the platform gave up on its job;
// or the server's failing look. A card with nothing failing shows none.
// Each page at 800x600, 1280x720 and 1920x1080.
import assert from 'node:assert/strict';
import { start, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, orgLink, blitzEvent, goneEvent, codinsaEvent] = process.argv.slice(2);
await start(outDir);

/**
 * The warning block of a card once shown: its text, the texts of its
 * error boxes, and the elements the server's texts could have made.
 */
async function warning(page, card) {
  await until(page, `the warning of ${card}`, (sel) => !!document.querySelector(`${sel} .failing li`), card, 30_000);
  return page.evaluate((sel) => {
    const box = document.querySelector(`${sel} .failing`);
    return {
      text: box.textContent,
      errors: [...box.querySelectorAll('pre.failing-error')].map((p) => p.textContent),
      // an <i> (a team's name) or an element in an error box (the map
      // file's <b>) would be the server's text read as markup
      injected: box.querySelectorAll('i, pre *').length,
    };
  }, card);
}

await finish('failing games', async () => {
  const org = await person('organiser');
  await org.goto(orgLink);
  await org.waitForSelector('#event');

  step('Blitz: the Ranked rounds card tells the game that cannot be played, its error as text');
  await org.goto(`${base}/platform/organiser#event-${blitzEvent}`);
  await org.reload(); // the hash alone does not choose the event again
  const w = await warning(org, '#blitz-rounds');
  assert.match(w.text, /Games the platform cannot play/, w.text);
  assert.match(w.text, /Game ranked-\d+-1-1 \((Owls, <i>Bats<\/i>|<i>Bats<\/i>, Owls)\) failed (once|\d+ times)\. Its last error:/, w.text);
  assert.equal(w.errors.length, 1, w.text);
  assert.match(w.errors[0], /maps\/<b>bold\.jmap: line 1: a jungle map starts with/, w.errors[0]);
  assert.match(w.text, /The platform is trying it again\.|The platform gave up on its job after its attempts/, w.text);
  assert.match(w.text, /Fix the cause/, w.text);
  assert.equal(w.injected, 0, 'the server\u2019s texts stay text');
  assert.equal(await org.locator('#blitz-final .failing').count(), 0, 'the Final card, where nothing fails, shows no warning');
  await layout(org, 'failing-blitz-round');

  step('Blitz: a map file deleted, the server cannot queue the round: the card says so');
  await org.goto(`${base}/platform/organiser#event-${goneEvent}`);
  await org.reload();
  const g = await warning(org, '#blitz-rounds');
  assert.match(g.text, /The games cannot be queued/, g.text);
  assert.match(g.text, /The server cannot go on: its look at this event\u2019s round or final has failed at each look since /, g.text);
  assert.match(g.errors[0], /^game ranked-\d+-1-1: "gone\.jmap" is not a map this platform offers/, g.errors[0]);
  assert.equal(g.injected, 0);
  assert.equal(await org.locator('#blitz-final .failing').count(), 0);
  await layout(org, 'failing-blitz-look');

  step('Cod\u2019INSA: the Final card tells its games that cannot be recorded');
  await org.goto(`${base}/platform/organiser#event-${codinsaEvent}`);
  await org.reload();
  const c = await warning(org, '#codinsa-final');
  assert.match(c.text, /Game final-\d+-1-g1 \((Owls, <i>Bats<\/i>|<i>Bats<\/i>, Owls)\) failed/, c.text);
  assert.ok(c.errors.length >= 1 && c.errors.every((e) => /replays: not a directory/.test(e)), c.errors.join('\n'));
  assert.equal(c.injected, 0);
  await layout(org, 'failing-codinsa');
});
