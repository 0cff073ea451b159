'use strict';
// The overview screen: GET /api/v1/overview (the browser sends the basic-auth credentials it asked for), one uPlot
// chart per series, redrawn every sampling interval. Values the console could not read are null and drawn as gaps.
const message = document.getElementById('message');
const charts = new Map(); // chart id -> { plot, section, linesKey }
const palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2'];
let refreshEvery = 10000;

function say(text) { message.textContent = text; }

function showServices(services) {
  const list = document.getElementById('service-list');
  list.replaceChildren();
  for (const service of services) {
    const item = document.createElement('li');
    item.className = service.up ? 'up' : 'down';
    item.dataset.service = service.name;
    const name = document.createElement('strong');
    name.textContent = service.name;
    const state = document.createElement('span');
    state.className = 'state';
    state.textContent = service.up ? ' up' : ' unreachable';
    item.append(name, state);
    for (const target of service.targets) {
      const detail = document.createElement('span');
      detail.className = 'target';
      detail.textContent = ' · ' + (target.url || '') + (target.up ? ' read' : ': ' + target.error);
      item.appendChild(detail);
    }
    list.appendChild(item);
  }
}

function noDataText(chart) {
  return chart.lines.filter((line) => line.noData).map((line) => line.label + ': no data (' + line.noData + ')').join('; ');
}

function draw(chart, times) {
  const data = [times, ...chart.lines.map((line) => line.values)];
  const linesKey = chart.lines.map((line) => line.label).join('|');
  let entry = charts.get(chart.id);
  if (!entry || entry.linesKey !== linesKey) {
    if (entry) { entry.plot.destroy(); entry.section.remove(); }
    const section = document.createElement('div');
    section.className = 'chart';
    section.dataset.chart = chart.id;
    const title = document.createElement('h2');
    title.textContent = chart.title + ' (' + chart.unit + ')';
    const missing = document.createElement('p');
    missing.className = 'no-data';
    section.append(title, missing);
    document.getElementById('charts').appendChild(section);
    const plot = new uPlot({
      width: 430,
      height: 190,
      // the legend names the lines, without the columns of live values
      legend: { live: false },
      scales: { x: { time: true } },
      series: [{}, ...chart.lines.map((line, i) => ({
        label: line.label, stroke: palette[i % palette.length], width: 1.5, spanGaps: false,
      }))],
      axes: [{}, { size: 60 }],
    }, data, section);
    entry = { plot, section, linesKey };
    charts.set(chart.id, entry);
  } else {
    entry.plot.setData(data);
  }
  entry.section.querySelector('.no-data').textContent = noDataText(chart);
  entry.section.dataset.points = String(times.length);
}

async function refresh() {
  try {
    const response = await fetch('/api/v1/overview', { headers: { 'Accept': 'application/json' } });
    if (!response.ok) { throw new Error(response.status + ' ' + response.statusText); }
    const overview = await response.json();
    refreshEvery = Math.max(overview.sampledEverySeconds, 2) * 1000;
    document.getElementById('every').textContent = overview.sampledEverySeconds + ' s, ' + (overview.windowSeconds / 60) + ' min kept';
    showServices(overview.services);
    for (const chart of overview.charts) { draw(chart, overview.times); }
    say('Updated ' + new Date().toLocaleTimeString() + ' · ' + overview.times.length + ' samples');
    document.body.dataset.loaded = 'true';
  } catch (error) {
    say('Could not load the overview: ' + error.message);
  }
  window.setTimeout(refresh, refreshEvery);
}

refresh();
