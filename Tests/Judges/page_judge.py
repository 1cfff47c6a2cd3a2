"""Opens one of our HTML pages in real headless Chromium (Debian's `chromium`) through the
DevTools protocol and reports what a browser saw, as JSON on stdout.

Usage: page_judge.py PAGE STEPS.json
STEPS.json is a list of steps, run in order after the page has loaded:
  {"viewport": [width, height]}        resize (and reload, so the layout starts at that size)
  {"eval": "js expression"}            value of the expression (JSON-able) appended to "results"
  {"screenshot": "/path/out.png"}      PNG of the viewport
  {"mouse": [x, y]}                    mouse moved there (mouseMoved)
  {"click": [x, y]}                    press and release there
  {"wheel": [x, y, deltaY]}            wheel turned there
  {"touch": [x, y]}                    a finger down and up there
  {"wait_ms": n}                       let the page run its timers and frames
Printed: {"load_ms", "console": [{"level", "text"}], "exceptions": [text], "requests": [urls
other than the page itself], "results": [...]} — a page that asks for anything off the file
shows up in "requests", so "no network" is a check, not a hope.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import websocket


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("page_judge: no chromium on PATH (./scripts/test installs Debian's chromium)")


class Browser:
    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="roam-chromium-")
        self.proc = subprocess.Popen(
            [chromium_binary(), "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--hide-scrollbars", "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.proc.poll() is not None:
                self.close()
                sys.exit("page_judge: chromium did not open its DevTools port within 60 s")
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        import urllib.request
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
        page = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=120,
                                              suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_event(self, name, timeout=60):
        deadline = time.time() + timeout
        for i, e in enumerate(self.events):
            if e.get("method") == name:
                del self.events[i]
                return e
        while time.time() < deadline:
            msg = json.loads(self.ws.recv())
            if msg.get("method") == name:
                return msg
            self.events.append(msg)
        raise RuntimeError(f"no {name} within {timeout} s")

    def close(self):
        try:
            self.proc.kill()
            self.proc.wait()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def main():
    page, steps_file = sys.argv[1], sys.argv[2]
    steps = json.load(open(steps_file))
    url = "file://" + os.path.abspath(page)
    # A script that opens with a viewport loads at that size; otherwise at 1400×1000.
    width, height = steps[0]["viewport"] if steps and "viewport" in steps[0] else [1400, 1000]
    if steps and "viewport" in steps[0]:
        steps = steps[1:]
    b = Browser(width, height)
    try:
        for domain in ("Page", "Runtime", "Network", "Log"):
            b.call(f"{domain}.enable")

        def load(w, h):
            b.call("Emulation.setDeviceMetricsOverride", width=w, height=h, deviceScaleFactor=1,
                   mobile=w < 900)
            start = time.time()
            b.call("Page.navigate", url=url)
            b.wait_event("Page.loadEventFired", timeout=120)
            return (time.time() - start) * 1000

        load_ms = load(width, height)
        results = []
        for s in steps:
            if "viewport" in s:
                load_ms = load(*s["viewport"])
            elif "eval" in s:
                r = b.call("Runtime.evaluate", expression=s["eval"], returnByValue=True,
                           awaitPromise=True)
                if "exceptionDetails" in r:
                    results.append({"exception": r["exceptionDetails"].get("exception", {}).get("description", r["exceptionDetails"].get("text"))})
                else:
                    results.append(r["result"].get("value"))
            elif "screenshot" in s:
                shot = b.call("Page.captureScreenshot", format="png")
                with open(s["screenshot"], "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
            elif "mouse" in s:
                x, y = s["mouse"]
                b.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
            elif "click" in s:
                x, y = s["click"]
                for kind in ("mousePressed", "mouseReleased"):
                    b.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
            elif "wheel" in s:
                x, y, dy = s["wheel"]
                b.call("Input.dispatchMouseEvent", type="mouseWheel", x=x, y=y, deltaX=0, deltaY=dy)
            elif "touch" in s:
                x, y = s["touch"]
                b.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
                b.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
            elif "wait_ms" in s:
                time.sleep(s["wait_ms"] / 1000)
            else:
                raise SystemExit(f"page_judge: unknown step {s}")
        b.call("Runtime.evaluate", expression="0")  # drains events sent before this point
        console, exceptions, requests = [], [], []
        for e in b.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                console.append({"level": p.get("type"), "text": text})
            elif m == "Log.entryAdded":
                console.append({"level": p["entry"].get("level"), "text": p["entry"].get("text")})
            elif m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                exceptions.append(d.get("exception", {}).get("description", d.get("text", "")))
            elif m == "Network.requestWillBeSent":
                u = p["request"]["url"]
                if u != url and not u.startswith("data:") and u != "about:blank":
                    requests.append(u)
        print(json.dumps({"load_ms": load_ms, "console": console, "exceptions": exceptions,
                          "requests": requests, "results": results}))
    finally:
        b.close()


main()
