// @ts-check
// The platform's front page (/platform/): a team logs in by pasting its
// token (the organiser's token works too, and opens the organiser's page);
// a browser that already keeps a valid team token goes straight to the
// team's page.
import { h, api, token, keepToken, forgetToken, header, say, byId, ApiError } from '/platform/common.js';

const root = byId('page');

/** @param {string} [notice] */
function showForm(notice = '') {
  const field = /** @type {HTMLInputElement} */ (h('input', {
    name: 'token', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true,
    placeholder: 'team-…', 'aria-label': 'Team token',
  }));
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const show = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox' }));
  show.addEventListener('change', () => { field.type = show.checked ? 'text' : 'password'; });
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'card narrow login' },
    h('h2', null, 'Log in with your team token'),
    h('p', { class: 'dim' }, 'Your team was given its token once, when it joined the event. Paste it here; this browser keeps it until you log out.'),
    h('label', { class: 'field' }, 'Team token', field),
    h('label', { class: 'check' }, show, ' show the token'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Log in')),
    msg,
    h('hr'),
    h('p', { class: 'dim' }, 'Joining an event? Open the invitation link the organiser gave you. ',
      'Lost your token? The server keeps only a fingerprint of it, so nobody can show it again: a team mate who kept it can share it.'),
    h('p', { class: 'dim' }, 'Organising? ', h('a', { href: '/platform/organiser' }, 'The organiser\u2019s page'), '.')));
  if (notice) say(msg, notice);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const value = field.value.trim();
    if (!value) return;
    say(msg, '');
    try {
      if (value.startsWith('org-')) {
        await api('organiser/events', { tokenValue: value, role: 'organiser' });
        keepToken('organiser', value);
        location.assign('/platform/organiser');
        return;
      }
      await api('team', { tokenValue: value, role: 'team' });
      keepToken('team', value);
      location.assign('/platform/team');
    } catch (err) {
      // On this form, a refused token is the one just pasted.
      say(msg, err instanceof ApiError && err.status === 401
        ? 'This token is not valid: check that you pasted all of it (a team token starts with team-).'
        : err instanceof Error ? err.message : String(err));
    }
  });
  root.replaceChildren(header('Competition platform'), h('main', { class: 'plat' }, form));
  field.focus();
}

async function main() {
  // Why another page sent the reader here (a token the server refused).
  const notice = sessionStorage.getItem('arena-platform-notice') || '';
  sessionStorage.removeItem('arena-platform-notice');
  if (!token('team')) {
    showForm(notice);
    return;
  }
  try {
    await api('team', { role: 'team' });
    location.replace('/platform/team');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetToken('team');
      showForm('The token this browser kept is no longer valid: paste your team token.');
    } else {
      showForm(err instanceof Error ? err.message : String(err));
    }
  }
}

main();
