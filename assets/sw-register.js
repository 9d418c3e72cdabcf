// Registers the service worker (sw.js, written by scripts/pwa.mjs into
// release builds only) and offers a new version when one is waiting.
// The new worker never takes over by itself: the page shows a banner, and
// only pressing Reload tells it to (SKIP_WAITING); the page then reloads
// once the new worker controls it. Plain JS, no framework.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker;
  var accepted = false; // true once the user pressed Reload

  // The banner, in the page's language (the app sets <html lang>) or else
  // the browser's.
  function offer(worker) {
    if (document.querySelector(".sw-update")) return;
    var lang = (document.documentElement.lang || navigator.language || "en").toLowerCase();
    var code = lang.indexOf("ja") === 0 ? "ja" : lang.indexOf("th") === 0 ? "th" : "en";
    var words = {
      en: ["A new version is available", "Reload"],
      ja: ["新しいバージョンがあります", "再読み込み"],
      th: ["มีเวอร์ชันใหม่", "โหลดใหม่"],
    }[code];
    var bar = document.createElement("div");
    bar.className = "sw-update";
    bar.setAttribute("role", "status");
    bar.setAttribute("lang", code);
    bar.style.cssText =
      "position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:1000;" +
      "display:flex;gap:.75rem;align-items:center;padding:.6rem .9rem;border-radius:.6rem;" +
      "background:#231d15;color:#fff;box-shadow:0 4px 16px rgba(0,0,0,.3);max-width:calc(100% - 2rem)";
    var text = document.createElement("span");
    text.textContent = words[0];
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = words[1];
    button.style.cssText =
      "font:inherit;font-weight:600;padding:.35rem .8rem;border:0;border-radius:.4rem;" +
      "background:#f5efe3;color:#231d15;cursor:pointer";
    button.addEventListener("click", function () {
      accepted = true;
      button.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
    bar.append(text, " — ", button);
    document.body.appendChild(bar);
  }

  // Reload once the accepted worker has taken over (not on the first
  // install, when the worker only claims an already up-to-date page).
  sw.addEventListener("controllerchange", function () {
    if (accepted) location.reload();
  });

  // A worker that finishes installing while an older one controls the page
  // is a new version.
  function watch(worker) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && sw.controller) offer(worker);
    });
  }

  window.addEventListener("load", function () {
    sw.register("./sw.js").then(function (reg) {
      if (reg.waiting && sw.controller) offer(reg.waiting);
      if (reg.installing) watch(reg.installing);
      reg.addEventListener("updatefound", function () {
        if (reg.installing) watch(reg.installing);
      });
      // Look for a new version whenever the app comes back to the front.
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "visible") reg.update().catch(function () {});
      });
    }).catch(function (err) {
      console.warn("service worker not registered:", err);
    });
  });
})();
