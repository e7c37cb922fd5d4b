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
    var rows = "";
    (s.sections || []).forEach(function (x) {
      rows += "<tr><td>" + esc(x.Name) + '</td><td class="n">' + x.Count + '</td><td class="n">' + x.Inside + '</td><td class="n">' +
        x.Reused + '</td><td class="n">' + x.Made + "</td><td>" + (x.Done ? "done" : "working") + "</td></tr>";
    });
    document.querySelector("#sections tbody").innerHTML = rows;
    if (s.done) {
      events.close();
      document.getElementById("outcome").innerHTML = s.error
        ? '<span class="error">The build failed: ' + esc(s.error) + "</span>"
        : 'Done: <a href="/books/' + s.book + '" id="book">open the book</a>.';
    }
  };
})();
