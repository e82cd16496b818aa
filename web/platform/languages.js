// @ts-check
// The languages page (/platform/languages), for anyone: every language a
// bot may be written in, with its files, its version and the libraries
// beyond its standard one as the platform's sandbox shows them, how a
// single file is built and run, and the conventions it keeps, as
// CodinGame's FAQ lists its languages; then the languages that cannot be
// had here, and why. Served from the platform's language registry.
import { h, api, header, byId } from '/platform/common.js';

const root = byId('page');

/** A language's libraries, as "name version" items. @param {{name: string, version?: string}[]} libs */
function libraries(libs) {
  if (!libs.length) return h('span', { class: 'dim' }, 'standard library');
  return h('ul', { class: 'libs' }, ...libs.map((l) => h('li', {}, h('code', {}, l.name), l.version ? ` ${l.version}` : '')));
}

/** One language's row. @param {any} l */
function row(l) {
  const version = l.version
    ? h('td', { class: 'version' }, l.version)
    : h('td', { class: 'version missing' }, 'not installed: ', h('code', {}, l.install));
  return h('tr', { id: `lang-${l.name}` },
    h('th', { scope: 'row' }, l.title),
    h('td', {}, ...l.extensions.map((/** @type {string} */ e) => h('code', {}, e + ' '))),
    version,
    h('td', {}, libraries(l.libraries)),
    h('td', {}, l.build ? h('code', {}, l.build) : h('span', { class: 'dim' }, 'nothing to build'), h('br', null), h('code', {}, l.run)),
    h('td', { class: 'notes' }, l.notes));
}

async function main() {
  let doc;
  try {
    doc = await api('languages');
  } catch (err) {
    root.replaceChildren(header('Languages'), h('p', { class: 'notice error' }, err instanceof Error ? err.message : String(err)));
    return;
  }
  const where = doc.sandboxed
    ? 'Versions and libraries as the sandbox that builds and runs the bots shows them.'
    : 'Versions and libraries as this machine shows them (it runs bots without a sandbox).';
  root.replaceChildren(
    header('Languages'),
    h('main', { class: 'plat languages-main' },
      h('h1', {}, 'Languages'),
      h('p', {}, 'A bot is one source file in any of these languages, or a starter kit. ', where),
      h('div', { class: 'table-wrap' }, h('table', { class: 'languages' },
        h('thead', {}, h('tr', {}, ...['Language', 'Files', 'Version', 'Libraries', 'Build, run', 'Conventions'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...doc.languages.map(row)))),
      doc.missing.length ? h('section', {},
        h('h2', {}, 'Not offered'),
        h('ul', { class: 'missing' }, ...doc.missing.map((/** @type {any} */ m) => h('li', {}, h('strong', {}, m.title), ': ', m.why)))) : ''));
}

main();
