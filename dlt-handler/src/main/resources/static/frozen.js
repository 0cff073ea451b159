'use strict';
// Frozen accounts (GET /api/v1/accounts/frozen), freeze and unfreeze (POST /api/v1/accounts/{userId}/freeze|unfreeze
// with {"reason": …}); this handler forwards them to the reconciliation as the operator, who is audited by name.
const form = document.getElementById('freeze-form');
const message = document.getElementById('frozen-message');
const body = document.querySelector('#frozen tbody');

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text === null || text === undefined ? '' : text;
  row.appendChild(td);
  return td;
}

async function call(path, options) {
  const response = await fetch(path, Object.assign({ headers: { 'Accept': 'application/json' } }, options || {}));
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (ignored) { data = { detail: text }; }
  return { ok: response.ok, status: response.status, data: data };
}

// A refusal names why: the problem's detail (400, 502) or the outcome with its detail (404, 409)
function why(answer) {
  const d = answer.data || {};
  return answer.status + ' ' + [d.outcome, d.detail || d.title].filter(Boolean).join(': ');
}

async function change(userId, action, reason) {
  const answer = await call('/api/v1/accounts/' + encodeURIComponent(userId) + '/' + action, {
    method: 'POST',
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: reason })
  });
  message.textContent = answer.ok ? answer.data.outcome + ': ' + answer.data.detail : why(answer);
  await load();
}

async function load() {
  const answer = await call('/api/v1/accounts/frozen');
  if (!answer.ok) {
    message.textContent = why(answer);
    return;
  }
  body.replaceChildren();
  for (const freeze of answer.data) {
    const row = document.createElement('tr');
    cell(row, freeze.userId);
    cell(row, freeze.changedBy);
    cell(row, freeze.changedAt);
    cell(row, freeze.reason);
    cell(row, freeze.cause);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Unfreeze';
    button.addEventListener('click', () => {
      const reason = window.prompt('Unfreeze user ' + freeze.userId + ': deductions resume, waiting payments are'
        + ' deducted on their next retry. Reason (audited):');
      if (reason && reason.trim()) { change(String(freeze.userId), 'unfreeze', reason.trim()); }
    });
    cell(row, '').appendChild(button);
    body.appendChild(row);
  }
  if (answer.data.length === 0) {
    const row = document.createElement('tr');
    cell(row, 'No account is frozen.').colSpan = 6;
    body.appendChild(row);
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const userId = document.getElementById('freeze-user').value.trim();
  const reason = document.getElementById('freeze-reason').value.trim();
  if (!window.confirm('Freeze the deductions of user ' + userId + '? Their payments will wait with ACCOUNT_FROZEN.')) {
    return;
  }
  change(userId, 'freeze', reason);
});

load();
