// The spec editor: line numbers beside the text, and the spec checked
// as it is typed (after a pause), its problems shown at their lines.
(function () {
  var form = document.querySelector("form.editor");
  if (!form) return;
  var text = document.getElementById("text");
  var gutter = document.getElementById("gutter");
  var problems = document.getElementById("problems");
  var plan = document.getElementById("plan");
  var from = document.getElementById("from"), days = document.getElementById("days");
  var bad = {};
  function lines() {
    var n = text.value.split("\n").length;
    var html = "";
    for (var i = 1; i <= n; i++) html += '<li class="' + (bad[i] ? "bad" : "") + '" data-line="' + i + '">' + i + "</li>";
    gutter.innerHTML = html;
    gutter.scrollTop = text.scrollTop;
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function show(r) {
    bad = {};
    var html = "";
    (r.problems || []).forEach(function (p) {
      if (p.line) bad[p.line] = true;
      html += '<li data-line="' + p.line + '">' + (p.line ? "line " + p.line + ": " : "") + (p.field ? esc(p.field) + ": " : "") + esc(p.msg) + "</li>";
    });
    problems.innerHTML = html || '<li class="none">none</li>';
    var p = r.plan || { head: [], rows: [] };
    var head = "<tr>" + (p.head || []).map(function (h) { return "<th>" + esc(h) + "</th>"; }).join("") + "</tr>";
    var rows = (p.rows || []).map(function (row) {
      return "<tr>" + row.map(function (v) { return "<td>" + esc(v) + "</td>"; }).join("") + "</tr>";
    }).join("");
    plan.innerHTML = "<thead>" + head + "</thead><tbody>" + rows + "</tbody>";
    lines();
  }
  var timer = null, asked = 0;
  function check() {
    var n = ++asked;
    var url = form.dataset.check;
    if (from && days) url += "?from=" + encodeURIComponent(from.value) + "&days=" + encodeURIComponent(days.value);
    fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: text.value, credentials: "same-origin" })
      .then(function (res) { return res.json(); })
      .then(function (r) { if (n === asked) show(r); })
      .catch(function () {});
  }
  text.addEventListener("input", function () {
    lines();
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
  [from, days].forEach(function (el) {
    if (el) el.addEventListener("change", function () { clearTimeout(timer); timer = setTimeout(check, 100); });
  });
  text.addEventListener("scroll", function () { gutter.scrollTop = text.scrollTop; });
  problems.addEventListener("click", function (e) {
    var line = parseInt(e.target.dataset.line, 10);
    if (!line) return;
    var at = 0, ls = text.value.split("\n");
    for (var i = 0; i < line - 1 && i < ls.length; i++) at += ls[i].length + 1;
    text.focus();
    text.setSelectionRange(at, at + (ls[line - 1] || "").length);
  });
  document.querySelectorAll("#problems li[data-line]").forEach(function (li) {
    var l = parseInt(li.dataset.line, 10);
    if (l) bad[l] = true;
  });
  lines();
})();
