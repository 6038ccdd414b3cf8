"""The part of a class page that lives in the browser: a small anywidget (a few hundred bytes
of script, not plotly's bundle) that

* beats every :data:`BEAT_SECONDS` while the page is open, so the kernel's pollers follow the
  class exactly while somebody is there (:data:`~changekit.classroom.poller.PRESENCE`) and sleep
  when nobody is (the server may then cull the kernel);
* says "Connection lost — reopen your link" across the top of the page when a beat is not
  answered within :data:`LOST_AFTER_SECONDS` (the server or the kernel went away, or a restarted
  kernel no longer knows the page's widgets), instead of a page that looks alive;
* keeps the student's seat in a cookie for this server (:meth:`PageKeeper.keep_seat` after a join;
  ``stored``, what the browser had when the page opened), so a reload brings the student back; the
  teacher's dashboard keeps its session (code and teacher key) the same way under its own cookie
  name (:data:`TEACHER_COOKIE`), so a student's seat and a teacher's session never overwrite each
  other in one browser. Under ``changekit serve`` the server keeps these cookies (HttpOnly: no
  page script, the kit's or an injected one, can read them): the kernel hands the value to the
  server on the kernels' own route and the page posts back a one-time ticket for the server to set
  it; the server reads them from the page's websocket request when the kernel asks. Elsewhere (a
  hub's server, a notebook) the page's script keeps them (``seat``, ``document.cookie``);
* takes the seat out of the address bar (``strip``) once it is in the cookie, so a reload or a
  shared screenshot of the address carries no secret.
"""
from __future__ import annotations

import json
import os
import urllib.request

import anywidget
import traitlets

from .poller import PRESENCE, Presence

BEAT_SECONDS = 4
LOST_AFTER_SECONDS = 5
#: the cookie's name; the server's port is added in the browser (cookies ignore ports)
COOKIE = "changekit_seat"
#: the teacher's dashboard's cookie: ``code:teacher_key`` of the session it has open
TEACHER_COOKIE = "changekit_teacher"
#: the projector page's cookie: ``code:projector key``
PROJECTOR_COOKIE = "changekit_projector"
#: every cookie a keeper keeps (the class server reads and sets only these)
KEEPER_COOKIES = (COOKIE, TEACHER_COOKIE, PROJECTOR_COOKIE)
COOKIE_DAYS = 1
#: set by ``changekit serve`` in its kernels' environment: the address, on the kernels' own route,
#: where the server keeps the keepers' cookies (see changekit.serving); absent, the browser keeps them
SERVER_COOKIES_VARIABLE = "CHANGEKIT_SERVER_COOKIES"

_ESM = """
export default {
  render({ model, el }) {
    const name = model.get("cookie_name") + "_" + (location.port || "0");
    const read = () => {
      const hit = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
      return hit ? decodeURIComponent(hit.slice(name.length + 1)) : "";
    };
    const write = () => {
      const seat = model.get("seat");
      if (seat === "") return;
      const age = seat === "-" ? 0 : model.get("cookie_days") * 86400;
      document.cookie = name + "=" + encodeURIComponent(seat === "-" ? "" : seat) +
        "; path=/; max-age=" + age + "; SameSite=Strict" + (location.protocol === "https:" ? "; Secure" : "");
    };
    // the server sets the cookie itself (HttpOnly) when this page posts the kernel's one-time ticket
    const redeem = () => {
      const ticket = model.get("ticket");
      if (ticket) fetch(ticket, { method: "POST", credentials: "same-origin" }).catch(() => {});
    };
    const strip = () => {
      const drop = model.get("strip");
      if (!drop.length) return;
      const url = new URL(location.href);
      drop.forEach((p) => url.searchParams.delete(p));
      history.replaceState(history.state, "", url.toString());
    };
    model.on("change:ticket", redeem);
    model.on("change:seat", write);
    model.on("change:strip", strip);
    write(); redeem(); strip();
    // what this browser kept: the kernel asks the server for it when the server keeps it
    model.send({ opened: true, stored: model.get("by_server") ? "" : read() });
    el.classList.add("ck-keeper");
    let sent = 0, answered = 0, lost = false;
    const banner = document.createElement("div");
    banner.className = "ck-connection-lost";
    banner.setAttribute("role", "alert");
    banner.style.cssText = "display:none;position:fixed;top:0;left:0;right:0;z-index:10000;padding:10px;" +
      "background:#b00020;color:#fff;font-weight:bold;text-align:center";
    banner.textContent = model.get("lost_text");
    document.body.appendChild(banner);
    model.on("change:ack", () => {
      answered = model.get("ack");
      if (lost && answered >= sent) { lost = false; banner.style.display = "none"; }
    });
    const beat = () => {
      sent += 1;
      const mine = sent;
      try { model.set("beat", mine); model.save_changes(); } catch (e) { /* shown below */ }
      setTimeout(() => {
        if (answered < mine) { lost = true; banner.style.display = "block"; }
      }, model.get("lost_after") * 1000);
    };
    beat();
    const timer = setInterval(beat, model.get("every") * 1000);
    // leaving (a reload): no more beats, which the closing kernel connection would refuse with a console error
    const stop = () => clearInterval(timer);
    window.addEventListener("beforeunload", stop);
    window.addEventListener("pagehide", stop);
    return () => {
      stop(); banner.remove();
      window.removeEventListener("beforeunload", stop); window.removeEventListener("pagehide", stop);
    };
  }
};
"""


class PageKeeper(anywidget.AnyWidget):
    """The browser side of a class page (see the module's docstring). Display it on the page."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    beat = traitlets.Int(0).tag(sync=True)
    ack = traitlets.Int(0).tag(sync=True)
    every = traitlets.Int(BEAT_SECONDS).tag(sync=True)
    lost_after = traitlets.Int(LOST_AFTER_SECONDS).tag(sync=True)
    lost_text = traitlets.Unicode("Connection lost — reopen your link.").tag(sync=True)
    cookie_name = traitlets.Unicode(COOKIE).tag(sync=True)
    cookie_days = traitlets.Int(COOKIE_DAYS).tag(sync=True)
    #: whether the class server keeps the cookie (HttpOnly), not the page's script
    by_server = traitlets.Bool(False).tag(sync=True)
    #: what the page's script keeps in the cookie ("" leaves it; "-" deletes it), when the browser keeps it
    seat = traitlets.Unicode("").tag(sync=True)
    #: where the page posts once for the server to set the cookie, when the server keeps it
    ticket = traitlets.Unicode("").tag(sync=True)
    #: what the cookie held when the page opened (never sent to the page)
    stored = traitlets.Unicode("")
    #: address parameters the browser removes from its address bar
    strip = traitlets.List(traitlets.Unicode(), []).tag(sync=True)

    def __init__(self, *, presence: Presence = PRESENCE, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.presence = presence
        self.server_cookies = os.environ.get(SERVER_COOKIES_VARIABLE, "")
        self.by_server = bool(self.server_cookies)
        self.layout.height = "0px"  # nothing to see while the connection holds
        self.observe(self._beat, names="beat")
        self.on_msg(self._opened)

    def _opened(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict) or not content.get("opened"):
            return
        if self.by_server:
            try:
                kept = self._server("GET").get(self.cookie_name, "")
            except (OSError, ValueError):  # the server went away: the page's banner says so
                return
        else:
            kept = content.get("stored", "")
        if isinstance(kept, str):
            self.stored = kept

    def _server(self, method: str, body: dict | None = None) -> dict:
        """The class server's keeper route for this page's kernel (loopback, a few milliseconds)."""
        kernel = os.environ.get("VOILA_KERNEL_ID", "")
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.server_cookies + kernel, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            found = json.loads(response.read() or b"{}")
        return found if isinstance(found, dict) else {}

    def _keep(self, value: str) -> None:
        if not self.by_server:
            self.seat = value
            return
        try:
            found = self._server("POST", {"name": self.cookie_name, "value": value, "days": self.cookie_days})
        except (OSError, ValueError):  # the server went away: the page's banner says so
            return
        self.ticket = str(found.get("ticket", ""))

    def _beat(self, change: dict) -> None:
        self.presence.beat()
        self.ack = change["new"]  # the answer the page waits for: no answer, "connection lost"

    def keep_seat(self, code: str, token: str) -> None:
        self._keep(f"{code}:{token}")

    def forget_seat(self) -> None:
        self._keep("-")

    def stored_seat(self) -> tuple[str, str] | None:
        """(code, token) of the seat the browser kept, if any."""
        code, sep, token = self.stored.partition(":")
        return (code, token) if sep and code and token else None


__all__ = ["BEAT_SECONDS", "COOKIE", "KEEPER_COOKIES", "LOST_AFTER_SECONDS", "PROJECTOR_COOKIE",
           "SERVER_COOKIES_VARIABLE", "TEACHER_COOKIE", "PageKeeper"]
