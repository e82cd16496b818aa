// The types of editor.bundle.js (web/editor/main.js, bundled), for the
// pages' type check.

/** The editor of one file (createEditor). */
export interface Editor {
  /** The text as edited. */
  text(): string;
  /** Shows another text (a file opened), highlighted by its path's language. */
  set(text: string, path: string): void;
  focus(): void;
  view: unknown;
}

/** A CodeMirror editor of text in parent, highlighted by path's language; onChange is called on each edit. */
export function createEditor(parent: HTMLElement, text: string, path: string, onChange?: () => void): Editor;

/** The language mode's name for a file ('' for plain text). */
export function modeOf(path: string): string;
