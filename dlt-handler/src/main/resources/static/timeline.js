'use strict';
// One order's timeline (GET /api/v1/timeline?orderNo=…, the query form carries any orderNo byte for byte). The order
// lives in the page's URL (timeline.html?orderNo=…), so every orderNo the console shows links here.
const form = document.getElementById('timeline-search');
const input = document.getElementById('timeline-order');
const message = document.getElementById('timeline-message');
const section = document.getElementById('timeline');
const stepsBody = document.querySelector('#timeline-steps tbody');

function cell(row, text, cls) {
  const td = document.createElement('td');
  td.textContent = text === null || text === undefined ? '' : text;
  if (cls) { td.className = cls; }
  row.appendChild(td);
  return td;
}

// "pay.success[3]@17, attempt=2, reason=…": where the record is first, then the step's own attributes as they are
function describe(detail) {
  const parts = [];
  const rest = Object.assign({}, detail || {});
  if (rest.topic !== undefined) {
    parts.push(rest.topic + '[' + rest.partition + ']@' + rest.offset);
    delete rest.topic; delete rest.partition; delete rest.offset;
  }
  for (const key of Object.keys(rest)) { parts.push(key + '=' + rest[key]); }
  return parts.join(', ');
}

async function show(orderNo) {
  message.textContent = 'Loading…';
  const response = await fetch('/api/v1/timeline?orderNo=' + encodeURIComponent(orderNo),
    { headers: { 'Accept': 'application/json' } });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    section.hidden = true;
    message.textContent = response.status + ' ' + (data && (data.detail || data.title) || response.statusText);
    return;
  }
  message.textContent = '';
  document.getElementById('timeline-order-no').textContent = data.orderNo;
  document.getElementById('timeline-now').textContent = 'Now: ' + data.now.text;
  document.getElementById('timeline-now').className = 'now ' + data.now.state;
  document.getElementById('timeline-traces').textContent = 'Trace id' + (data.traceIds.length === 1 ? '' : 's') + ': '
    + (data.traceIds.length ? data.traceIds.join(', ') : 'none recorded');
  const omitted = document.getElementById('timeline-omitted');
  omitted.hidden = data.omitted === 0;
  omitted.textContent = data.omitted + ' step(s) in the middle are not kept (the first and the latest are)';
  stepsBody.replaceChildren();
  for (const step of data.steps) {
    const row = document.createElement('tr');
    row.className = 'step ' + step.step;
    cell(row, step.at.replace('T', ' ').replace('Z', ''), 'at');
    cell(row, step.service, 'service');
    cell(row, step.instance, 'instance');
    cell(row, step.step, 'kind');
    cell(row, step.decision, 'decision');
    cell(row, describe(step.detail), 'detail');
    cell(row, step.traceId, 'trace-id');
    stepsBody.appendChild(row);
  }
  document.getElementById('timeline-served-by').textContent = data.steps.length + ' step(s), kept by ' + data.servedBy;
  section.hidden = false;
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const orderNo = input.value;
  window.history.pushState(null, '', window.location.pathname + '?orderNo=' + encodeURIComponent(orderNo));
  show(orderNo).catch(err => { message.textContent = err.message; });
});

function fromUrl() {
  const orderNo = new URLSearchParams(window.location.search).get('orderNo');
  if (orderNo) {
    input.value = orderNo;
    show(orderNo).catch(err => { message.textContent = err.message; });
  }
}

window.addEventListener('popstate', fromUrl);
fromUrl();
