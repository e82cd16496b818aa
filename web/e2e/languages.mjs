// Browser test of the languages page (/platform/languages), in a real
// headless Chromium driven by playwright-core. Run by
// web/platformpages/languages_browser_test.go:
//
//   node languages.mjs BASE_URL OUT_DIR ORGANISER_LINK PYTHON_VERSION RUST_CRATE
//
// Without a token, the page lists every language of the registry (one row
// each), Python with the version the sandbox prints, Rust with a crate of
// Debian's registry among its libraries, and the languages not offered;
// at 800x600, 1280x720 and 1920x1080.
import assert from 'node:assert/strict';
import { start, person, step, until, layout, finish } from './platformlib.mjs';

const [base, outDir, , pythonVersion, rustCrate] = process.argv.slice(2);
await start(outDir);

await finish('languages page', async () => {
  const page = await person('anyone');
  step('the languages page, without a token');
  await page.goto(`${base}/platform/languages`);
  await until(page, 'the table of languages', () => document.querySelectorAll('table.languages tbody tr').length > 0, undefined, 180_000);
  const seen = await page.evaluate(() => ({
    rows: document.querySelectorAll('table.languages tbody tr').length,
    python: document.querySelector('#lang-python .version')?.textContent,
    rust: document.querySelector('#lang-rust')?.textContent,
    missing: document.querySelector('ul.missing')?.textContent || '',
  }));
  assert.ok(seen.rows >= 20, `${seen.rows} languages listed`);
  assert.equal(seen.python, pythonVersion);
  if (rustCrate) assert.ok(seen.rust.includes(rustCrate), `Rust's row: ${seen.rust}`);
  assert.match(seen.missing, /Swift/);
  await layout(page, 'languages');
});
