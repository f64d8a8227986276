/* mjlog view: renders the steps that mjlog.view.steps.game_steps wrote into #game-data.
   Text from the log goes in through textContent only. Keys: Right/Space next step, Left/Backspace
   previous, Down/PageDown next hand, Up/PageUp previous hand, Home/End first and last step.
   URL hash: #step=N opens step N; #selftest presses the keys through the whole game and writes
   the result into body[data-selftest]. Script errors are counted into #status[data-errors]. */
(function () {
  "use strict";
  var errors = 0;
  var status = document.getElementById("status");
  function setStatus() { status.setAttribute("data-errors", String(errors)); status.setAttribute("data-step", String(cur)); }
  window.addEventListener("error", function () { errors++; setStatus(); });
  var consoleError = console.error;
  console.error = function () { errors++; setStatus(); return consoleError.apply(console, arguments); };

  var game = JSON.parse(document.getElementById("game-data").textContent);
  var steps = game.steps, rounds = game.rounds, cur = 0;
  // page.py's pack_steps wrote 0 for a seat's entry that repeats the previous step's: fill it in
  (game.packed || []).forEach(function (key) {
    for (var k = 1; k < steps.length; k++) {
      var here = steps[k][key], before = steps[k - 1][key];
      for (var seat = 0; seat < here.length; seat++) if (here[seat] === 0) here[seat] = before[seat];
    }
  });
  var n = game.players.length;
  var WINDS = ["E", "S", "W", "N"];
  var HONOR = { "1": "E", "2": "S", "3": "W", "4": "N", "5": "", "6": "F", "7": "C" };
  var terms = game.terms || {}, faces = game.faces || {}, marked = {};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  function tile(label, extra) {
    var num = label.charAt(0), suit = label.charAt(1);
    var t = el("span", "tile s-" + suit + (extra ? " " + extra : ""));
    t.title = label;
    if (marked[label]) { t.classList.add("marked"); t.title += " (" + terms.marked + ")"; }
    if (faces[label]) {
      t.classList.add("face");
      t.appendChild(el("b", "", faces[label].face));
      t.title += " (" + faces[label].name + ")";
    } else if (!/^[0-9][mpsz]$/.test(label)) {
      t.classList.add("other");
      t.appendChild(el("b", "", label));
    } else if (suit === "z") {
      t.classList.add("z" + num);
      t.appendChild(el("b", "", HONOR[num]));
    } else {
      if (num === "0") { t.classList.add("red"); num = "5"; }
      t.appendChild(el("b", "", num));
      t.appendChild(el("i", "", suit));
    }
    return t;
  }
  function tiles(labels, extra) {
    var row = el("span", "row");
    labels.forEach(function (l) { row.appendChild(tile(l, extra)); });
    return row;
  }
  function signed(v) { return (v > 0 ? "+" : "") + v; }
  function meldBox(m) {
    var box = el("span", "meld");
    box.appendChild(el("span", "kind", m.kind));
    var calledShown = false;
    m.tiles.forEach(function (l) {
      var mark = (!calledShown && m.called && l === m.called) ? "called" : "";
      if (mark) calledShown = true;
      box.appendChild(tile(l, mark));
    });
    if (m.from !== null && m.from !== undefined) box.title = "from " + game.players[m.from];
    return box;
  }
  function seatWind(seat, dealer) { return WINDS[(seat - dealer + n) % n]; }

  function renderSeat(s, seat) {
    var r = rounds[s.round];
    var box = el("div", "seat" + (s.actor === seat ? " actor" : ""));
    var who = el("div", "who");
    who.appendChild(el("span", "wind" + (seat === r.dealer ? " dealer" : ""), seatWind(seat, r.dealer)));
    who.appendChild(el("span", "name", game.players[seat]));
    who.appendChild(el("span", "score", s.scores[seat]));
    if (s.riichi[seat] && terms.declared) who.appendChild(el("span", "stick", terms.declared));
    box.appendChild(who);
    var hand = el("div", "hand");
    s.hands[seat].forEach(function (l) { hand.appendChild(tile(l)); });
    if (s.drawn[seat]) {
      hand.appendChild(el("span", "gap"));
      hand.appendChild(tile(s.drawn[seat], s.actor === seat ? "last" : ""));
    }
    s.melds[seat].forEach(function (m) { hand.appendChild(meldBox(m)); });
    if (s.aside && s.aside[seat] && s.aside[seat].length) {
      var aside = el("span", "meld aside");
      aside.appendChild(el("span", "kind", terms.set_aside));
      s.aside[seat].forEach(function (l) { aside.appendChild(tile(l)); });
      hand.appendChild(aside);
    }
    box.appendChild(hand);
    var river = el("div", "river"), line = null;
    var ds = s.discards[seat];
    ds.forEach(function (d, k) {
      if (k % 6 === 0) line = river.appendChild(el("div", "line"));
      var cls = [d.tg ? "tg" : "", d.r ? "r" : "", d.c ? "c" : "", d.w ? "win" : "",
                 (k === ds.length - 1 && s.actor === seat && steps[cur].caption.indexOf("discards") >= 0) ? "last" : ""];
      var t = tile(d.t, cls.join(" ").trim());
      if (d.r) t.title += " (" + terms.declared + ")";
      if (d.c) t.title += " (called)";
      if (d.w) t.title += " (won on)";
      if (d.tg) t.title += " (drawn and discarded)";
      line.appendChild(t);
    });
    box.appendChild(river);
    return box;
  }

  function payTable(deltas, scores) {
    var t = el("table", "pay");
    deltas.forEach(function (d, seat) {
      var tr = el("tr");
      tr.appendChild(el("td", "", game.players[seat]));
      tr.appendChild(el("td", "num " + (d > 0 ? "plus" : d < 0 ? "minus" : ""), signed(d)));
      tr.appendChild(el("td", "num muted", scores[seat]));
      t.appendChild(tr);
    });
    return t;
  }

  function renderOutcome(s) {
    var o = s.outcome, box = el("div", "panel");
    if (o.type === "win") {
      var how = o.tsumo ? terms.self_drawn : terms.off_discard.replace("{from}", game.players[o.from]);
      box.appendChild(el("h2", "", "Win: " + game.players[o.who] + ", " + how));
      var hand = el("div", "row");
      o.hand.forEach(function (l) { hand.appendChild(tile(l)); });
      if (o.winTile) {
        hand.appendChild(el("span", "gap"));
        hand.appendChild(tile(o.winTile, "win"));
      }
      o.melds.forEach(function (m) { hand.appendChild(meldBox(m)); });
      box.appendChild(hand);
      var yt = el("table", "pay yaku");
      o.yaku.forEach(function (y) {
        var tr = el("tr");
        var name = el("td", "", y.name);
        if (y.ja && y.ja !== y.name) name.appendChild(el("span", "native", " " + y.ja));
        tr.appendChild(name);
        tr.appendChild(el("td", "num", typeof y.han === "number" ? y.han + " " + o.unit : y.han));
        yt.appendChild(tr);
      });
      box.appendChild(yt);
      box.appendChild(el("div", "", o.value + (o.derived ? "" : " (as recorded; not derived)")));
      if (o.derived && o.recorded !== o.value) box.appendChild(el("div", "muted", "log records " + o.recorded));
      if (o.ura.length) {
        var ura = el("div", "row");
        ura.appendChild(el("span", "muted", terms.win_indicators + " "));
        ura.appendChild(tiles(o.ura));
        box.appendChild(ura);
      }
      if (o.pao !== null && o.pao !== undefined) box.appendChild(el("div", "muted", terms.liable + ": " + game.players[o.pao]));
    } else {
      box.appendChild(el("h2", "", "Draw: " + o.name + (o.ja ? " (" + o.ja + ")" : "")));
      var tenpai = [];
      o.tenpai.forEach(function (t, seat) { if (t) tenpai.push(game.players[seat]); });
      if (terms.ready) box.appendChild(el("div", "", terms.ready + ": " + (tenpai.length ? tenpai.join(", ") : "nobody")));
      o.hands.forEach(function (h, seat) {
        if (!h) return;
        var row = el("div", "row");
        row.appendChild(el("span", "muted", game.players[seat] + " "));
        row.appendChild(tiles(h));
        box.appendChild(row);
      });
    }
    (o.notes || []).forEach(function (note) { box.appendChild(el("div", "note", note)); });
    box.appendChild(el("div", "muted", "payments (derived) and scores after"));
    box.appendChild(payTable(o.deltas, s.scores));
    return box;
  }

  function findingBox(f) {
    var d = el("div", "finding" + (f.severity === "warning" ? " warning" : ""));
    d.appendChild(el("span", "kind", f.kind + ": "));
    d.appendChild(el("span", "", f.message));
    if (f.recorded !== null || f.derived !== null) {
      d.appendChild(el("div", "muted", "recorded " + f.recorded + ", derived " + f.derived));
    }
    return d;
  }

  function render(i) {
    cur = Math.max(0, Math.min(steps.length - 1, i));
    var s = steps[cur], r = rounds[s.round];
    marked = {};
    (r.marked || []).forEach(function (l) { marked[l] = true; });
    var caption = clear(document.getElementById("caption-text"));
    caption.textContent = s.caption;
    document.getElementById("pos").textContent =
      "step " + (cur + 1) + " / " + steps.length + " \u00b7 " + r.name;
    document.getElementById("slider").value = String(cur);
    var table = clear(document.getElementById("table"));
    for (var seat = 0; seat < n; seat++) table.appendChild(renderSeat(s, seat));
    var info = clear(document.getElementById("info"));
    info.appendChild(el("h2", "", r.name));
    if (terms.indicators) {
      var dora = el("div", "row");
      dora.appendChild(el("span", "muted", terms.indicators + " "));
      dora.appendChild(s.dora.length ? tiles(s.dora) : el("span", "muted", "none"));
      info.appendChild(dora);
    }
    (r.info || []).forEach(function (line) {
      var row = el("div", "row");
      row.appendChild(el("span", "muted", line.text + " "));
      if (line.tiles && line.tiles.length) row.appendChild(tiles(line.tiles));
      info.appendChild(row);
    });
    if (terms.counters) {
      info.appendChild(el("div", "muted", terms.counters.replace("{sticks}", s.sticks).replace("{repeats}", r.honba)));
    }
    var here = clear(document.getElementById("here"));
    s.findings.forEach(function (f) { here.appendChild(findingBox(f)); });
    var out = clear(document.getElementById("outcome"));
    if (s.outcome) out.appendChild(renderOutcome(s));
    if (cur === steps.length - 1 && game.final) {
      var fin = el("div", "panel");
      fin.appendChild(el("h2", "", "Final result"));
      var t = el("table", "pay");
      game.final.scores.forEach(function (sc, seat) {
        var tr = el("tr");
        tr.appendChild(el("td", "", game.players[seat]));
        tr.appendChild(el("td", "num", sc));
        var pts = game.final.points[seat];   // a record without placement points (PMN) has none
        if (pts !== undefined && pts !== null) tr.appendChild(el("td", "num " + (pts >= 0 ? "plus" : "minus"), signed(pts)));
        t.appendChild(tr);
      });
      fin.appendChild(t);
      out.appendChild(fin);
    }
    var buttons = document.querySelectorAll("button.round");
    for (var k = 0; k < buttons.length; k++) buttons[k].classList.toggle("current", k === s.round);
    setStatus();
  }

  function roundStart(delta) {
    var target = steps[cur].round + delta;
    if (delta < 0 && cur !== rounds[steps[cur].round].first) target = steps[cur].round;
    target = Math.max(0, Math.min(rounds.length - 1, target));
    render(rounds[target].first);
  }

  function onKey(ev) {
    var k = ev.key;
    if (k === "ArrowRight" || k === " " || k === "Spacebar") render(cur + 1);
    else if (k === "ArrowLeft" || k === "Backspace") render(cur - 1);
    else if (k === "ArrowDown" || k === "PageDown") roundStart(1);
    else if (k === "ArrowUp" || k === "PageUp") roundStart(-1);
    else if (k === "Home") render(0);
    else if (k === "End") render(steps.length - 1);
    else return;
    ev.preventDefault();
  }

  function build() {
    var nav = document.getElementById("rounds");
    rounds.forEach(function (r, k) {
      var b = el("button", "round", r.name.split(",")[0] + (r.honba ? "-" + r.honba : ""));
      for (var j = r.first; j <= r.last; j++) if (steps[j].findings.length) { b.classList.add("flagged"); break; }
      b.addEventListener("click", function () { render(r.first); });
      nav.appendChild(b);
    });
    var slider = document.getElementById("slider");
    slider.max = String(steps.length - 1);
    slider.addEventListener("input", function () { render(parseInt(slider.value, 10)); });
    document.getElementById("first").addEventListener("click", function () { roundStart(-1); });
    document.getElementById("prev").addEventListener("click", function () { render(cur - 1); });
    document.getElementById("next").addEventListener("click", function () { render(cur + 1); });
    document.getElementById("last").addEventListener("click", function () { roundStart(1); });
    var all = document.getElementById("all"), count = 0;
    steps.forEach(function (s, k) {
      s.findings.forEach(function (f) {
        var li = el("li", "finding-item", rounds[s.round].name + ": " + f.kind + ": " + f.message);
        li.addEventListener("click", function () { render(k); });
        all.appendChild(li);
        count++;
      });
    });
    document.getElementById("all-title").textContent = "Audit findings (" + count + ")";
    if (!count) all.appendChild(el("li", "muted", "none: the replay agrees with the log everywhere"));
    document.addEventListener("keydown", onKey);
  }

  function press(key) { document.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true })); }

  function selftest() {
    var wrong = 0, visited = 1;
    render(0);
    for (var k = 1; k < steps.length; k++) {
      press(k % 2 ? "ArrowRight" : " ");
      if (cur !== k) wrong++;
      visited++;
    }
    press("ArrowRight");
    if (cur !== steps.length - 1) wrong++;
    press("Home");
    if (cur !== 0) wrong++;
    press("ArrowDown");
    if (rounds.length > 1 && cur !== rounds[1].first) wrong++;
    press("End");
    press("ArrowLeft");
    if (steps.length > 1 && cur !== steps.length - 2) wrong++;
    var result = { steps: steps.length, visited: visited, wrong: wrong, errors: errors,
                   findings: document.querySelectorAll("#all li.finding-item").length };
    document.body.setAttribute("data-selftest", JSON.stringify(result));
  }

  build();
  var m = /step=(\d+)/.exec(location.hash);
  render(m ? parseInt(m[1], 10) : 0);
  if (location.hash === "#selftest") selftest();
})();
