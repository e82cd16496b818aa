// Browser test of the team's editor (web/platform/editor.js), in a real
// headless Chromium driven by playwright-core. Run by
// web/platformpages/editor_browser_test.go, which makes a tracks event
// whose team Owls has the Python kit as its active bot (#1):
//
//   node editor.mjs BASE_URL OUT_DIR ORGANISER_LINK TEAM_TOKEN
//
// The team opens the editor from its page, finds its bot.py highlighted,
// types a line that prints to its error output, plays a test game of the
// edit (a draft: built, not made active), reads the line in the error
// output beside the replay, then submits the edit and sees it built and
// active, on the editor and on the team page. Each page at 800x600,
// 1280x720 and 1920x1080; the page's strict Content-Security-Policy
// refuses nothing CodeMirror does (a refusal is a console error).
import assert from 'node:assert/strict';
import { start, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, , teamToken] = process.argv.slice(2);
await start(outDir);

/** The team's API, from the page (its token in the page's storage). */
function teamAPI(page, path) {
  return page.evaluate(async (p) => {
    const tok = localStorage.getItem('arena-platform-team-token');
    const r = await fetch(`/api/platform/${p}`, { headers: { Authorization: `Bearer ${tok}` } });
    return r.json();
  }, path);
}

await finish('editor', async () => {
  const team = await person('team');
  team.on('dialog', (d) => d.accept()); // Submit asks first
  await team.goto(`${base}/platform/`);
  await team.fill('input[name=token]', teamToken);
  await team.click('form.login button[type=submit]');
  await team.waitForSelector('#bot a[href="/platform/editor"]');

  step('the editor opens the active bot\u2019s bot.py, highlighted as Python');
  await team.click('#bot a[href="/platform/editor"]');
  await team.waitForURL(/\/platform\/editor$/);
  await until(team, 'the code', () => /Back Track King/.test(document.querySelector('.editor-code')?.shadowRoot?.querySelector('.cm-content')?.textContent || ''), undefined, 30_000);
  assert.equal(await team.inputValue('.editor-file'), 'kit/bot.py');
  const files = await team.$$eval('.editor-file option', (os) => os.map((o) => o.value));
  assert.ok(files.includes('kit/tracks.py') && files.includes('kit/kit.json'), files.join(' | '));
  assert.match(await team.textContent('.editor-mode'), /#1 · py/);
  // the Python mode colours the docstring and the keywords apart
  const colours = await team.$$eval('.cm-line span', (ss) => new Set(ss.map((s) => getComputedStyle(s).color)).size);
  assert.ok(colours >= 2, `${colours} colours in the code: not highlighted`);
  await layout(team, 'editor-open');

  step('an edit: a line that prints to the error output, typed at the top');
  await team.click('.cm-content');
  await team.keyboard.press('Control+Home');
  // Inserted, not typed key by key: typed, "import sys" opens the
  // completion list once the machine is slow enough for it to show before
  // the Enter, which then takes "SystemExit" (as in any code editor).
  await team.keyboard.insertText('import sys\n');
  await team.keyboard.insertText('print("edited-line", file=sys.stderr, flush=True)\n');
  const code = await team.textContent('.cm-content');
  assert.ok(code.startsWith('import sysprint("edited-line", file=sys.stderr, flush=True)"""Back Track King'), code.slice(0, 120));

  step('Play: a draft is built and plays a test game; its error output holds the line');
  await team.click('.editor-bar button.primary');
  await until(team, 'the test game\u2019s error output', () => /edited-line/.test(document.querySelector('.editor-stderr')?.textContent || ''));
  assert.match(await team.textContent('.editor-game'), /^(Won|Lost|Drawn) · test game \d+ · vs /);
  await team.waitForSelector('.editor-player .match-head');
  assert.match(await team.textContent('.editor-stderr'), /^turn 1: edited-line/);
  const afterPlay = await teamAPI(team, 'team');
  assert.equal(afterPlay.team.active, 1, 'the draft was made active');
  const subs = await teamAPI(team, 'submissions');
  assert.ok(subs.some((s) => s.id === 2 && s.draft && s.status === 'ready'), JSON.stringify(subs));
  // keys typed in the editor are the code's, not the player's (space would play)
  await team.click('.cm-content');
  await team.keyboard.press('Control+End');
  await team.keyboard.type('# done ');
  assert.match(await team.textContent('.cm-content'), /# done $/);
  await team.keyboard.press('Control+z');
  await layout(team, 'editor-play');

  step('Play again: the new player takes the keys, the first one\u2019s are gone');
  await team.evaluate(() => { window.firstPlayer = document.querySelector('.editor-player button.play'); });
  await team.click('.editor-bar button.primary');
  await until(team, 'a second test game shown', () => {
    const b = document.querySelector('.editor-player button.play');
    return !!b && b !== window.firstPlayer && !!document.querySelector('.editor-player .match-head');
  });
  await team.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  await team.keyboard.press('Space');
  const buttons = await team.evaluate(() => [window.firstPlayer.textContent, document.querySelector('.editor-player button.play').textContent]);
  assert.equal(buttons[0], '\u25b6', 'the first player, replaced, still took the space key');
  assert.equal(buttons[1], '\u275a\u275a', 'the new player did not take the space key');
  await team.keyboard.press('Space');

  step('Submit: the edit is built and becomes the active bot');
  await team.click('.editor-bar button:not(.primary)');
  await until(team, 'the submission built', () => /is built and is your active bot/.test(document.querySelector('.editor-pane .notice')?.textContent || ''));
  const after = await teamAPI(team, 'team');
  assert.equal(after.team.active, 3, 'the submission is not active');
  const src = await teamAPI(team, 'submissions/3/source');
  assert.ok(src.text.includes('print("edited-line"') && !src.text.includes('# done'), src.text.slice(0, 200));
  assert.match(await team.textContent('.editor-mode'), /#3 · py/);

  step('the team page: #3 active, #2 a draft');
  await team.click('header a[href="/platform/team"]');
  await team.waitForSelector('#bot tr[data-id="3"].active');
  assert.match(await team.textContent('#bot tr[data-id="2"]'), /\(draft\)/);
  assert.doesNotMatch(await team.textContent('#bot tr[data-id="3"]'), /\(draft\)/);
});
