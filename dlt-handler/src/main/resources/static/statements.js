'use strict';
// Statements (reconciliation, issue 20) through this console's origin: the dlt-handler forwards GET /api/v1/statements,
// the kept reports and the upload to the reconciliation with the operator's own credentials (the browser's basic
// auth). Every value is put in with textContent: a statement line is data from outside.
const KINDS = ['MISSING_CALLBACK', 'UNKNOWN_PAYMENT', 'AMOUNT_MISMATCH', 'DUPLICATE_PAYMENT', 'NOT_DEDUCTED',
  'DEDUCTION_MISMATCH'];
const uploadForm = document.getElementById('statement-upload');
const fileInput = document.getElementById('statement-file');
const dayInput = document.getElementById('statement-day');
const message = document.getElementById('statement-message');
const importsBody = document.querySelector('#statement-imports tbody');
const findingsSection = document.getElementById('statement-findings');
const findingsBody = document.querySelector('#statement-findings-table tbody');
const findingsMessage = document.getElementById('statement-findings-message');

function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text === null || text === undefined ? '' : String(text);
  if (cls) { td.className = cls; }
  row.appendChild(td);
  return td;
}

function link(parent, href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  parent.appendChild(a);
  return a;
}

async function readJson(response) {
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = { detail: text }; }
  if (!response.ok) {
    throw new Error(response.status + ' ' + (data && (data.detail || data.title) || response.statusText));
  }
  return data;
}

// the day from a file named like the platform's (statement-2026-11-30.csv), unless the operator typed one
fileInput.addEventListener('change', () => {
  const match = fileInput.files.length ? /([0-9]{4}-[0-9]{2}-[0-9]{2})/.exec(fileInput.files[0].name) : null;
  if (match && !dayInput.value) { dayInput.value = match[1]; }
});

uploadForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!fileInput.files.length) { message.textContent = 'Choose a statement file'; return; }
  message.textContent = 'Importing…';
  try {
    const response = await fetch('/api/v1/statements/' + encodeURIComponent(dayInput.value),
      { method: 'POST', headers: { 'Content-Type': 'text/csv', 'Accept': 'application/json' }, body: fileInput.files[0] });
    const data = await readJson(response);
    const counts = data.findings ? KINDS.filter(k => data.findings[k]).map(k => k + ' ' + data.findings[k]) : [];
    message.textContent = data.result + ' · ' + data.day + ' · ' + (data.rows === undefined ? ''
      : data.rows + ' rows, ' + data.errors.length + ' unreadable line(s), balanced ' + data.balanced + ' · ')
      + (counts.length ? counts.join(', ') : 'no findings');
    await loadImports(data.day);
    if (data.report) { await showFindings(data.report); }
  } catch (err) {
    message.textContent = 'Import refused: ' + err.message;
  }
});

// The list shows 31 statement days (the API's window). By default they end today; after an import of an older day
// they end on that day, so the statement just imported is always in the list (Refresh keeps the window).
let listUpTo = null;

async function loadImports(importedDay) {
  if (importedDay) {
    const windowStart = new Date(Date.now() - 31 * 86400000).toISOString().substring(0, 10);
    listUpTo = importedDay < windowStart ? importedDay : null;
  }
  const query = listUpTo ? '?to=' + encodeURIComponent(listUpTo) : '';
  const data = await readJson(await fetch('/api/v1/statements' + query, { headers: { 'Accept': 'application/json' } }));
  importsBody.replaceChildren();
  for (const entry of data.imports) {
    const row = document.createElement('tr');
    row.className = entry.status + (entry.balanced === false ? ' unbalanced' : '');
    row.dataset.report = entry.report || '';
    cell(row, entry.day, 'day');
    cell(row, entry.sha256.substring(0, 16), 'sha').title = entry.sha256;
    cell(row, entry.status, 'status');
    cell(row, entry.operator + ' (' + entry.channel + ')', 'by');
    cell(row, entry.rows, 'rows');
    cell(row, entry.lineErrors, 'line-errors');
    cell(row, entry.balanced === undefined ? (entry.report ? 'report on another instance' : '') : (entry.balanced ? 'yes' : 'NO'), 'balanced');
    for (const kind of KINDS) {
      const n = entry.counts ? entry.counts[kind] : undefined;
      cell(row, n, 'count ' + kind + (n ? ' some' : ''));
    }
    const reports = cell(row, '', 'report');
    const actions = cell(row, '', 'actions');
    if (entry.report) {
      link(reports, '/api/v1/statements/reports/' + entry.report + '.md', '.md').download = entry.report + '.md';
      reports.appendChild(document.createTextNode(' '));
      link(reports, '/api/v1/statements/reports/' + entry.report + '.csv', '.csv').download = entry.report + '.csv';
      if (entry.reportHere) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Findings';
        button.className = 'show-findings';
        button.addEventListener('click', () => showFindings(entry.report).catch(err => {
          findingsMessage.textContent = err.message;
        }));
        actions.appendChild(button);
      }
    }
    importsBody.appendChild(row);
  }
  if (!data.imports.length) {
    const row = document.createElement('tr');
    cell(row, 'No statement imported from ' + data.from + ' to ' + data.to).colSpan = 15;
    importsBody.appendChild(row);
  }
}

function money(value) { return value === null || value === undefined ? '' : value; }

async function showFindings(report) {
  findingsMessage.textContent = '';
  const data = await readJson(await fetch('/api/v1/statements/reports/' + report + '.json',
    { headers: { 'Accept': 'application/json' } }));
  document.getElementById('statement-findings-day').textContent = data.day;
  document.getElementById('statement-findings-sha').textContent = data.sha256;
  document.getElementById('statement-findings-summary').textContent = data.rows + ' payment line(s), imported '
    + data.importedAt + ' by ' + data.operator + ' (' + data.channel + '); totals balance: '
    + (data.balanced ? 'yes' : 'NO') + (data.complete ? '' : '; some repairs got no answer: import the file again')
    + ' · ' + data.balances.map(b => b.currency + ' statement ' + b.statement + ' = recorded ' + b.recorded
      + ' + missing ' + b.missing + ' − unknown ' + b.unknown + ' + mismatch ' + b.mismatch).join(' · ');
  const errors = document.getElementById('statement-errors');
  errors.replaceChildren();
  for (const error of data.errors) {
    const li = document.createElement('li');
    li.textContent = 'line ' + error.line + (error.field ? ' (' + error.field + ')' : '') + ': ' + error.message;
    errors.appendChild(li);
  }
  findingsBody.replaceChildren();
  for (const f of data.findings) {
    const row = document.createElement('tr');
    row.className = f.kind;
    cell(row, f.kind, 'kind');
    cell(row, f.line, 'line');
    cell(row, f.payNo, 'pay-no');
    link(cell(row, '', 'order-no'), 'timeline.html?orderNo=' + encodeURIComponent(f.orderNo), f.orderNo);
    cell(row, f.currency, 'currency');
    cell(row, money(f.statementAmount), 'amount statement');
    cell(row, money(f.recordedAmount), 'amount recorded');
    cell(row, money(f.difference), 'amount difference');
    cell(row, f.repair, 'repair');
    cell(row, f.detail, 'detail');
    findingsBody.appendChild(row);
  }
  if (!data.findings.length) {
    const row = document.createElement('tr');
    cell(row, 'No findings: the statement and the books agree').colSpan = 10;
    findingsBody.appendChild(row);
  }
  findingsSection.hidden = false;
}

document.getElementById('statement-refresh').addEventListener('click', () => {
  loadImports().catch(err => { message.textContent = err.message; });
});
loadImports().catch(err => { message.textContent = err.message; });
