// The Model Evaluation page's only script (src/features/nluTests/evaluationHtml.ts): sorts the intent table by a
// column, and moves the threshold slider over the precision/recall curve the page carries in data-curve.
(function () {
  'use strict';
  const table = document.getElementById('intents');
  if (table) {
    let last = -1;
    let descending = false;
    for (const button of table.querySelectorAll('button.sort')) {
      button.addEventListener('click', () => {
        const column = Number(button.dataset.column);
        const numeric = button.dataset.numeric === 'true';
        descending = column === last ? !descending : numeric;
        last = column;
        const body = table.tBodies[0];
        const rows = Array.from(body.rows);
        const key = (row) => (numeric ? Number(row.cells[column].dataset.value) : row.cells[column].textContent);
        rows.sort((a, b) => {
          const x = key(a);
          const y = key(b);
          const order = x < y ? -1 : x > y ? 1 : 0;
          return descending ? -order : order;
        });
        for (const row of rows) body.appendChild(row);
      });
    }
  }
  // A heatmap cell shows its list of utterances (anchor navigation alone does not mark :target in a webview).
  for (const link of document.querySelectorAll('.heatmap td.cell a')) {
    link.addEventListener('click', (event) => {
      const target = document.getElementById(link.getAttribute('href').slice(1));
      if (!target) return;
      event.preventDefault();
      for (const shown of document.querySelectorAll('.cell-list.shown')) shown.classList.remove('shown');
      target.classList.add('shown');
      target.scrollIntoView({ block: 'nearest' });
    });
  }
  const slider = document.getElementById('threshold');
  const value = document.getElementById('threshold-value');
  const figures = document.getElementById('threshold-figures');
  if (slider && value && figures) {
    const curve = JSON.parse(slider.dataset.curve || '[]');
    const total = curve.length > 0 ? curve[0][1] : 0;
    const show = () => {
      const t = Number(slider.value);
      const point = curve.reduce(
        (best, p) => (Math.abs(p[0] - t) < Math.abs(best[0] - t) ? p : best),
        curve[0] || [0, 0, 1, 0],
      );
      value.textContent = t.toFixed(2);
      figures.textContent = `accepted ${point[1]} of ${total} · precision ${(point[2] * 100).toFixed(1)}% · recall ${(point[3] * 100).toFixed(1)}%`;
    };
    slider.addEventListener('input', show);
    show();
  }
})();
