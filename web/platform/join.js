// @ts-check
// The join page, opened from the invitation link (/platform/join#INVITE):
// the team's name and its members' display names; once joined, the team
// token is shown this once, with a copy button, and kept in the browser.
import { h, api, keepToken, header, say, byId, copyButton } from '/platform/common.js';

const root = byId('page');

/** The invitation in the address (after #: never sent to the server). */
function inviteInAddress() {
  return decodeURIComponent(location.hash.replace(/^#/, '').replace(/^invite=/, '')).trim();
}

/** One row of the members' list. @param {HTMLElement} list @param {string} [value] */
function memberRow(list, value = '') {
  const input = /** @type {HTMLInputElement} */ (h('input', { name: 'member', value, maxlength: 64, placeholder: 'display name', autocomplete: 'off', 'aria-label': 'Member' }));
  const remove = h('button', { type: 'button', class: 'remove', title: 'Remove this member' }, '\u00d7');
  const row = h('div', { class: 'member-row' }, input, remove);
  remove.addEventListener('click', () => { if (list.children.length > 1) row.remove(); else input.value = ''; });
  list.append(row);
  return input;
}

function showForm() {
  const invite = inviteInAddress();
  const inviteField = /** @type {HTMLInputElement} */ (h('input', {
    name: 'invite', value: invite, required: true, spellcheck: 'false', autocomplete: 'off', placeholder: 'invite-…',
  }));
  const nameField = /** @type {HTMLInputElement} */ (h('input', { name: 'name', required: true, maxlength: 64, autocomplete: 'off' }));
  const members = h('div', { class: 'members' });
  memberRow(members);
  const add = h('button', { type: 'button', class: 'small-button' }, '+ member');
  add.addEventListener('click', () => { if (members.children.length < 20) memberRow(members).focus(); });
  const msg = h('p', { class: 'notice', hidden: true, role: 'alert' });
  const submit = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'primary' }, 'Join'));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'card narrow join' },
    h('h2', null, 'Join the event'),
    h('p', { class: 'dim' }, 'Choose your team\u2019s name (other teams see it on the leaderboard) and list its members.'),
    h('label', { class: 'field', hidden: !!invite }, 'Invitation', inviteField),
    h('label', { class: 'field' }, 'Team name', nameField),
    h('div', { class: 'field' }, h('span', null, 'Members ', h('span', { class: 'dim' }, '(display names, optional)')), members, add),
    h('div', { class: 'actions' }, submit),
    msg));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    say(msg, '');
    const names = [...members.querySelectorAll('input')].map((i) => /** @type {HTMLInputElement} */ (i).value.trim()).filter(Boolean);
    submit.disabled = true;
    try {
      const out = await api('join', { method: 'POST', body: { invite: inviteField.value.trim(), name: nameField.value.trim(), members: names } });
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
  const members = (out.team.members || []).filter(Boolean);
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
    h('p', null, 'Your team joined ', h('b', null, out.event.name), ` (${out.event.game}).`,
      members.length ? ` Members: ${members.join(', ')}.` : ''),
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
