// @ts-check
// The join page, opened from the invitation link (/platform/join#INVITE):
// the team's name; once joined, the team token is shown this once, with a
// copy button, and kept in the browser.
import { h, api, keepToken, header, say, byId, copyButton } from '/platform/common.js';

const root = byId('page');

/** The invitation in the address (after #: never sent to the server). */
function inviteInAddress() {
  return decodeURIComponent(location.hash.replace(/^#/, '').replace(/^invite=/, '')).trim();
}

function showForm() {
  const invite = inviteInAddress();
  const inviteField = /** @type {HTMLInputElement} */ (h('input', {
    name: 'invite', value: invite, required: true, spellcheck: 'false', autocomplete: 'off', placeholder: 'invite-…',
  }));
  const nameField = /** @type {HTMLInputElement} */ (h('input', { name: 'name', required: true, maxlength: 64, autocomplete: 'off' }));
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Join'));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'card narrow join' },
    h('h2', null, 'Join the event'),
    h('p', { class: 'dim' }, 'Choose your team\u2019s name: other teams see it on the leaderboard.'),
    h('label', { class: 'field', hidden: !!invite }, 'Invitation', inviteField),
    h('label', { class: 'field' }, 'Team name', nameField),
    h('div', { class: 'actions' }, submit),
    msg));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    say(msg, '');
    submit.disabled = true;
    try {
      const out = await api('join', { method: 'POST', body: { invite: inviteField.value.trim(), name: nameField.value.trim() } });
      keepToken('team', out.token);
      showToken(out);
    } catch (err) {
      say(msg, err instanceof Error ? err.message : String(err));
      submit.disabled = false;
    }
  });
  root.replaceChildren(header('Join an event'), h('main', { class: 'plat' }, form));
  (invite ? nameField : inviteField).focus();
}

/** After joining: the token, this once. @param {any} out */
function showToken(out) {
  // The invitation leaves the address: a reload must not offer to join
  // a second time.
  history.replaceState(null, '', '/platform/join');
  // A text area shows the whole token, wrapped, whatever the window's width.
  const field = /** @type {HTMLTextAreaElement} */ (h('textarea', { class: 'token', rows: 2, readonly: true, spellcheck: 'false', 'aria-label': 'Team token' }));
  field.value = out.token;
  const kept = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox' }));
  const go = /** @type {HTMLAnchorElement} */ (h('a', { class: 'button primary disabled', href: '/platform/team', 'aria-disabled': 'true' }, 'Go to your team\u2019s page'));
  kept.addEventListener('change', () => {
    go.classList.toggle('disabled', !kept.checked);
    go.setAttribute('aria-disabled', String(!kept.checked));
  });
  go.addEventListener('click', (e) => { if (!kept.checked) e.preventDefault(); });
  root.replaceChildren(header('Join an event'), h('main', { class: 'plat' }, h('section', { class: 'card narrow joined' },
    h('h2', null, `Welcome, ${out.team.name}`),
    h('p', null, 'Your team joined ', h('b', null, out.event.name), ` (${out.event.game}).`),
    h('div', { class: 'once' },
      h('h3', null, 'Your team token: keep it, it is shown once'),
      h('div', { class: 'token-row' }, field, copyButton(field)),
      h('p', null, 'It is your team\u2019s password: anyone who has it can submit bots for your team. ',
        'The server keeps only a fingerprint of it, so nobody can show it to you again. ',
        'Share it with your team mates (a password manager is a good place), and paste it on the login page on another computer.'),
      h('p', { class: 'dim' }, 'This browser keeps it until you log out. The command line takes it too: ',
        h('code', null, 'arena submit --server ' + location.origin + ' --token TOKEN my-bot.zip'))),
    h('label', { class: 'check' }, kept, ' I have kept the token somewhere safe'),
    h('div', { class: 'actions' }, go))));
  field.select();
}

showForm();
