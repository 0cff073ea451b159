'use strict';
// The page uses the same API as everyone else; the browser sends the basic-auth credentials it asked for.
const api = '/api/v1';
const tbody = document.querySelector('#records tbody');
const message = document.getElementById('message');
let selectedDetail = null;

function say(text) { message.textContent = text; }

async function exchange(method, path, body) {
  const options = { method, headers: { 'Accept': 'application/json' } };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(api + path, options);
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error(response.status + ' ' + (data && (data.detail || data.error) || response.statusText));
  }
  return { data, headers: response.headers };
}

async function call(method, path, body) {
  return (await exchange(method, path, body)).data;
}

function filterValues() {
  const form = new FormData(document.getElementById('filter'));
  const values = {};
  for (const [key, value] of form.entries()) { if (value) { values[key] = value; } }
  return values;
}

// The filters live in the page's URL (?orderNo=…&status=…), so a link opens the same view: read once on load,
// written back (replaceState: no history entry per keystroke) whenever the operator changes them.
const filterForm = document.getElementById('filter');

function filtersFromUrl() {
  const params = new URLSearchParams(window.location.search);
  for (const field of filterForm.elements) {
    if (field.name && params.has(field.name)) { field.value = params.get(field.name); }
  }
}

function filtersToUrl() {
  const query = new URLSearchParams(filterValues()).toString();
  window.history.replaceState(null, '', window.location.pathname + (query ? '?' + query : ''));
}

// Paging: newest first; "Older" continues after the last row shown (the server's X-Next-Page cursor).
let nextPage = null;

function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text === null || text === undefined ? '' : text;
  if (cls) { td.className = cls; }
  row.appendChild(td);
  return td;
}

// Every orderNo the console shows opens that order's timeline.
function orderCell(row, orderNo) {
  const link = document.createElement('a');
  link.href = 'timeline.html?orderNo=' + encodeURIComponent(orderNo);
  link.textContent = orderNo;
  const td = cell(row, '', 'order-no');
  td.appendChild(link);
  return td;
}

async function load(before) {
  const params = new URLSearchParams(filterValues());
  if (before) { params.set('before', before); }
  const query = params.toString();
  const page = await exchange('GET', '/terminal' + (query ? '?' + query : ''));
  const records = page.data;
  nextPage = page.headers.get('X-Next-Page');
  document.getElementById('older').hidden = !nextPage;
  document.getElementById('newest').hidden = !before;
  tbody.replaceChildren();
  for (const record of records) {
    const row = document.createElement('tr');
    row.className = record.status;
    row.dataset.eventId = record.eventId;
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.value = record.eventId;
    cell(row, '').appendChild(check);
    const link = document.createElement('a');
    link.href = '#';
    link.textContent = record.eventId;
    link.addEventListener('click', (e) => { e.preventDefault(); inspect(record.eventId); });
    cell(row, '').appendChild(link);
    orderCell(row, record.orderNo);
    cell(row, record.reason);
    cell(row, record.attempt);
    cell(row, record.errorMessage);
    cell(row, record.arrivedAt);
    cell(row, record.status, 'status');
    const replay = document.createElement('button');
    replay.type = 'button';
    replay.textContent = 'Replay';
    replay.className = 'replay';
    // a terminal record is replayed once (by any instance); a new failure comes back as a new, OPEN record
    replay.disabled = record.status !== 'OPEN';
    replay.addEventListener('click', () => replayOne(record.eventId));
    cell(row, '').appendChild(replay);
    tbody.appendChild(row);
  }
  say(records.length + ' record(s)' + (before ? ', older page' : '') + (nextPage ? ', more below' : ''));
}

async function inspect(eventId) {
  const record = await call('GET', '/terminal/' + encodeURIComponent(eventId));
  selectedDetail = eventId;
  document.getElementById('detail-id').textContent = eventId;
  document.getElementById('detail-body').textContent = JSON.stringify(record, null, 2);
  document.getElementById('detail').hidden = false;
}

async function replayOne(eventId) {
  // dry run first: show what would be sent, then ask
  const dry = await call('POST', '/terminal/' + encodeURIComponent(eventId) + '/replay', { dryRun: true });
  if (!window.confirm('Replay ' + dry.selected.map(r => r.orderNo).join(', ') + ' to pay.success?'
      + forecastLines(dry))) { return; }
  const done = await call('POST', '/terminal/' + encodeURIComponent(eventId) + '/replay', { dryRun: false });
  say('Replayed ' + done.replayed.length + ' record(s), replay id ' + done.replayId);
  await load();
}

// The dry run's forecast per record, asked of the ledger now (advisory: the consumer decides when the replay arrives):
// "P1: would fail: balance 10.00 < amount 199.00", "P1: would succeed: …", "P1: already paid: …", "P1: unknown: …".
function forecastLines(dry) {
  const forecasts = dry.forecasts || [];
  if (forecasts.length === 0) { return ''; }
  const shown = forecasts.slice(0, 20).map(f => '\n' + f.orderNo + ': ' + f.text).join('');
  return '\n\nIf replayed now:' + shown + (forecasts.length > 20 ? '\n… and ' + (forecasts.length - 20) + ' more' : '');
}

async function replaySelection(body) {
  const dry = await call('POST', '/terminal/replay', Object.assign({}, body, { dryRun: true }));
  if (dry.selected.length === 0) { say('Nothing to replay'); return; }
  if (!window.confirm('Replay ' + dry.selected.length + ' record(s) to pay.success?' + forecastLines(dry))) { return; }
  const done = await call('POST', '/terminal/replay', Object.assign({}, body, { dryRun: false }));
  say('Replayed ' + done.replayed.length + ', failed ' + done.failed.length + ', replay id ' + done.replayId);
  await load();
}

function filtersChanged() {
  filtersToUrl();
  refresh();
}
filterForm.addEventListener('submit', (e) => { e.preventDefault(); filtersChanged(); });
filterForm.addEventListener('change', filtersChanged);
document.getElementById('older').addEventListener('click', () => load(nextPage).catch(err => say(err.message)));
document.getElementById('newest').addEventListener('click', () => load().catch(err => say(err.message)));
document.getElementById('replay-selected').addEventListener('click', () => {
  const ids = [...tbody.querySelectorAll('input[type=checkbox]:checked')].map(c => c.value);
  replaySelection({ eventIds: ids }).catch(err => say(err.message));
});
document.getElementById('replay-filter-dry-run').addEventListener('click', () => {
  const f = filterValues();
  replaySelection({ filter: { reason: f.reason, orderNo: f.orderNo, from: f.from, to: f.to } }).catch(err => say(err.message));
});
document.getElementById('resolve').addEventListener('click', () => {
  const note = document.getElementById('resolve-note').value;
  call('POST', '/terminal/' + encodeURIComponent(selectedDetail) + '/resolve', { note })
    .then(() => { say('Resolved ' + selectedDetail); return load(); })
    .catch(err => say(err.message));
});
// Pending retries: the whole ladder (every instance's partitions), with the list's order and reason filters.
const pendingBody = document.querySelector('#pending-records tbody');
const pendingMessage = document.getElementById('pending-message');

async function loadPending() {
  const f = filterValues();
  const params = new URLSearchParams();
  if (f.orderNo) { params.set('orderNo', f.orderNo); }
  if (f.reason) { params.set('reason', f.reason); }
  const query = params.toString();
  const view = await call('GET', '/pending' + (query ? '?' + query : ''));
  pendingBody.replaceChildren();
  for (const retry of view.pending) {
    const row = document.createElement('tr');
    row.dataset.eventId = retry.eventId;
    orderCell(row, retry.orderNo);
    cell(row, retry.eventId);
    cell(row, retry.attempt, 'attempt');
    cell(row, retry.reason, 'reason');
    cell(row, retry.errorMessage);
    cell(row, retry.failedAt);
    cell(row, retry.dueAt, 'due-at');
    pendingBody.appendChild(row);
  }
  let text = view.pending.length + ' pending retr' + (view.pending.length === 1 ? 'y' : 'ies')
    + ' (' + view.instances.length + ' instance(s) asked)';
  if (view.unreachable.length > 0) {
    // never let a partial view pass for the whole ladder
    text += '; INCOMPLETE, not answering: ' + view.unreachable.map(u => u.instance + ' (' + u.problem + ')').join(', ');
  }
  pendingMessage.textContent = text;
}

function refresh() {
  load().catch(err => say(err.message));
  loadPending().catch(err => { pendingMessage.textContent = err.message; });
}

filtersFromUrl();
refresh();
document.getElementById('pending-refresh').addEventListener('click', () => {
  loadPending().catch(err => { pendingMessage.textContent = err.message; });
});

// Duplicate payments (money owed back): list newest first, record a refund made at the platform.
const dpBody = document.querySelector('#dp-records tbody');
const dpMessage = document.getElementById('dp-message');

function age(seconds) {
  if (seconds < 120) { return seconds + ' s'; }
  if (seconds < 7200) { return Math.floor(seconds / 60) + ' min'; }
  if (seconds < 172800) { return Math.floor(seconds / 3600) + ' h'; }
  return Math.floor(seconds / 86400) + ' d';
}

async function loadDuplicatePayments() {
  const form = new FormData(document.getElementById('dp-filter'));
  const query = new URLSearchParams();
  for (const [key, value] of form.entries()) { if (value) { query.set(key, value); } }
  const entries = await call('GET', '/duplicate-payments' + (query.toString() ? '?' + query : ''));
  dpBody.replaceChildren();
  for (const entry of entries) {
    const row = document.createElement('tr');
    row.className = entry.state;
    row.dataset.payNo = entry.payNo;
    cell(row, entry.detectedAt);
    cell(row, age(entry.ageSeconds));
    orderCell(row, entry.orderNo);
    cell(row, entry.payNo, 'pay-no');
    cell(row, entry.firstPayNo);
    cell(row, entry.problem ? 'unreadable: ' + entry.problem : entry.amount);
    cell(row, entry.currency);
    cell(row, entry.paidAt);
    cell(row, entry.detectedBy);
    const state = cell(row, entry.state, 'status');
    if (entry.state === 'REFUNDED') {
      state.title = 'by ' + entry.refundedBy + ' at ' + entry.refundedAt + ': ' + entry.note;
    }
    const refunded = document.createElement('button');
    refunded.type = 'button';
    refunded.textContent = 'Mark refunded';
    refunded.className = 'refunded';
    refunded.disabled = entry.state !== 'OPEN';
    refunded.addEventListener('click', () => markRefunded(entry));
    cell(row, '').appendChild(refunded);
    dpBody.appendChild(row);
  }
  dpMessage.textContent = entries.length + ' duplicate payment(s)';
}

async function markRefunded(entry) {
  const note = window.prompt('Refunded ' + entry.amount + ' ' + entry.currency + ' of ' + entry.payNo
    + ' (order ' + entry.orderNo + ') at the platform? Refund reference or note:');
  if (note === null || note.trim() === '') { return; }
  const done = await call('POST', '/duplicate-payments/' + encodeURIComponent(entry.payNo) + '/refunded', { note });
  await loadDuplicatePayments();
  dpMessage.textContent = done.changed ? 'Recorded: ' + entry.payNo + ' REFUNDED'
    : entry.payNo + ' was REFUNDED already by ' + done.entry.refundedBy;
}

document.getElementById('dp-filter').addEventListener('submit', (e) => {
  e.preventDefault();
  loadDuplicatePayments().catch(err => { dpMessage.textContent = err.message; });
});
loadDuplicatePayments().catch(err => { dpMessage.textContent = err.message; });
