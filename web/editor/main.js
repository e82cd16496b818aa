// The team page's editor (web/platform/editor.js): CodeMirror 6 with the
// language modes of the languages the starter kits are written in, on a
// dark theme like the platform's pages.
// `npm run build` bundles this file and its dependencies into
// web/platform/editor.bundle.js, which the server embeds; the bundle is
// committed and web/editor_test.go checks that it is what the lockfile
// builds.
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { indentUnit } from '@codemirror/language';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { python } from '@codemirror/lang-python';
import { javascript } from '@codemirror/lang-javascript';
import { rust } from '@codemirror/lang-rust';
import { go } from '@codemirror/lang-go';
import { oneDark } from '@codemirror/theme-one-dark';

/** The language modes by a file's extension; any other file is plain text. */
const MODES = {
  c: () => cpp(), cc: () => cpp(), cpp: () => cpp(), cxx: () => cpp(), 'c++': () => cpp(), h: () => cpp(), hpp: () => cpp(),
  java: () => java(), cs: () => java(), kt: () => java(), scala: () => java(), groovy: () => java(),
  py: () => python(),
  js: () => javascript(), mjs: () => javascript(), ts: () => javascript({ typescript: true }), json: () => javascript(),
  rs: () => rust(),
  go: () => go(),
};

/** The mode's name for a file (for the page to show), or '' for plain text. */
export function modeOf(path) {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return MODES[ext] ? ext : '';
}

/**
 * An editor of text in parent (in a shadow root of its own), highlighted
 * by path's language.
 * @returns {{ text: () => string, set: (text: string, path: string) => void, focus: () => void, view: EditorView }}
 */
export function createEditor(parent, text, path, onChange) {
  const state = (doc, p) => {
    const mode = MODES[modeOf(p)];
    return EditorState.create({
      doc,
      extensions: [
        basicSetup,
        oneDark,
        EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { overflow: 'auto' } }),
        indentUnit.of('    '),
        mode ? mode() : [],
        EditorView.updateListener.of((u) => { if (u.docChanged && onChange) onChange(); }),
      ],
    });
  };
  // In a shadow root, CodeMirror's styles go in a constructed style sheet
  // (adoptedStyleSheets), which the pages' Content-Security-Policy
  // (style-src 'self') allows; in the document itself they would be a
  // <style> element, which it refuses.
  const shadow = parent.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  mount.style.height = '100%';
  shadow.appendChild(mount);
  const view = new EditorView({ state: state(text, path), parent: mount, root: shadow });
  return {
    text: () => view.state.doc.toString(),
    set: (t, p) => view.setState(state(t, p)),
    focus: () => view.focus(),
    view,
  };
}
