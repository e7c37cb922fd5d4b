// A build's page: its progress as the server's events say it.
(function () {
  var job = document.getElementById("job");
  if (!job || !window.EventSource) return;
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  var events = new EventSource(job.dataset.events);
  events.onmessage = function (e) {
    var s = JSON.parse(e.data);
    document.getElementById("total").value = s.percent;
    document.getElementById("percent").textContent = s.percent;
    if (s.daily) {
      var d = s.daily;
      document.querySelector("#daily tbody").innerHTML = '<tr><td class="n">' + d.Puzzles + '</td><td class="n">' + d.Ledger +
        '</td><td class="n">' + d.Placed + '</td><td class="n">' + d.Made + '</td><td class="n">' + d.Files + " of " + d.AllFiles + "</td></tr>";
    }
    var rows = "";
    (s.sections || []).forEach(function (x) {
      rows += "<tr><td>" + esc(x.Name) + '</td><td class="n">' + x.Count + '</td><td class="n">' + x.Inside + '</td><td class="n">' +
        x.Reused + '</td><td class="n">' + x.Made + "</td><td>" + (x.Done ? "done" : "working") + "</td></tr>";
    });
    var sections = document.querySelector("#sections tbody");
    if (sections) sections.innerHTML = rows;
    if (s.done) {
      events.close();
      var done = s.months
        ? "Done: " + s.months.map(function (m) { return '<a href="' + esc(m) + '" class="month">' + esc(m) + "</a>"; }).join(", ") + "."
        : 'Done: <a href="/books/' + s.book + '" id="book">open the book</a>.';
      document.getElementById("outcome").innerHTML = s.error ? '<span class="error">The build failed: ' + esc(s.error) + "</span>" : done;
    }
  };
})();
