#!/usr/bin/python3
"""render.py - open an HTML file in headless Chromium and say what it showed.

Usage: render.py [-b CHROMIUM] [-w WIDTH] [-t SECONDS] FILE OUTDIR

Drives Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe:
commands on fd 3, answers on fd 4, NUL-terminated JSON; no port, no socket, no
package beyond Python's standard library). Loads FILE, waits for the load
event and the fonts, then writes to OUTDIR:

  dom.html        the rendered DOM (document.documentElement.outerHTML)
  screenshot.png  the whole page at WIDTH CSS pixels, scale 1
  facts.json      {"url", "title", "charts": [{"id", "bars", "points" (of
                  curves), "values" (the bars', then the curves' in order),
                  "series", "width", "height", "scale", "title"}],
                  "tables": N, "repro": N (make repro commands shown),
                  "console": [{"level", "source", "text"}] (console API
                  calls, uncaught exceptions, browser log entries),
                  "requests": [URLs other than FILE itself],
                  "screenshot": {"width", "height", "colors", "mean",
                  "stddev"} (over every pixel's R, G and B, decoded here)}

Exit status: 0 rendered (facts.json says what was seen, errors included);
1 the browser failed or timed out; 2 usage.
"""
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import zlib

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio",
         "--hide-scrollbars", "--force-color-profile=srgb",
         "--font-render-hinting=none", "--remote-debugging-pipe"]

FACTS_JS = r"""JSON.stringify({
  title: document.title,
  charts: [...document.querySelectorAll('svg.chart')].map(s => ({
    id: s.id,
    title: (s.querySelector(':scope > title') || {}).textContent || '',
    scale: s.getAttribute('data-scale'),
    bars: s.querySelectorAll('rect.bar').length,
    points: [...s.querySelectorAll('polyline.curve')].reduce((n, p) => n + p.points.numberOfItems, 0),
    values: [...s.querySelectorAll('rect.bar')].map(r => Number(r.getAttribute('data-value'))).concat(
      [...s.querySelectorAll('polyline.curve')].flatMap(p => p.getAttribute('data-values').split(' ').map(Number))),
    series: [...new Set([...s.querySelectorAll('rect.bar, polyline.curve')].map(r => r.getAttribute('data-series')))],
    width: Math.round(s.getBoundingClientRect().width),
    height: Math.round(s.getBoundingClientRect().height)})),
  tables: document.querySelectorAll('table').length,
  repro: [...document.querySelectorAll('code')].filter(c => /^make repro ID=[0-9a-f]{8,16}/.test(c.textContent)).length,
  text: document.body ? document.body.innerText.length : 0})"""


class Browser:
    def __init__(self, binary, timeout):
        self.deadline = time.monotonic() + timeout
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        # above 4, so that the child's dup2 to 3 and 4 cannot clobber them
        to_r, from_w = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_r, from_w))
        self.profile = tempfile.mkdtemp(prefix="kwarn-chromium.")

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        self.log = open(os.path.join(self.profile, "stderr"), "w+b")
        self.proc = subprocess.Popen(
            [binary, *FLAGS, "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            preexec_fn=fds, pass_fds=(3, 4))
        os.close(to_r)
        os.close(from_w)
        self.w, self.r = to_w, from_r
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        return self.wait(lambda m: m.get("id") == self.next_id)

    def wait(self, match):
        """Read messages until one matches; keep the events seen."""
        while True:
            while b"\0" in self.buf:
                raw, self.buf = self.buf.split(b"\0", 1)
                m = json.loads(raw)
                if "method" in m:
                    self.events.append(m)
                if match(m):
                    if "error" in m:
                        raise RuntimeError("%s" % m["error"])
                    return m
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the browser in time")
            ready, _, _ = select.select([self.r], [], [], left)
            if ready:
                chunk = os.read(self.r, 1 << 20)
                if not chunk:
                    raise RuntimeError("the browser closed the pipe")
                self.buf += chunk

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.seek(0)
        err = self.log.read().decode(errors="replace")
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)
        return err


def png_stats(data):
    """Width, height, distinct colours, and the mean and standard deviation
    of every colour sample (R, G and B pooled) of an 8-bit PNG. Fast for
    the rows Chromium writes with optimizeForSpeed (filter "Up", added as
    big integers, eight bits at a time without carries); any filter works."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h = int.from_bytes(hdr[0:4], "big"), int.from_bytes(hdr[4:8], "big")
    depth, ctype, interlace = hdr[8], hdr[9], hdr[12]
    bpp = {2: 3, 6: 4}.get(ctype)
    if depth != 8 or bpp is None or interlace:
        raise ValueError("PNG depth %d colour type %d interlace %d" % (depth, ctype, interlace))
    raw = zlib.decompress(idat)
    stride = w * bpp
    high = int.from_bytes(b"\x80" * stride, "big")
    low = int.from_bytes(b"\x7f" * stride, "big")
    squares = [v * v for v in range(256)]
    prev = bytes(stride)
    colors, total, sq, pos = set(), 0, 0, 0
    for _ in range(h):
        f, line = raw[pos], raw[pos + 1:pos + 1 + stride]
        pos += 1 + stride
        if f == 2:
            x, y = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
            line = (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(stride, "big")
        elif f != 0:
            line = bytearray(line)
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                if f == 1:
                    line[i] = (line[i] + a) & 255
                elif f == 3:
                    line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            line = bytes(line)
        rgb = [line[k::bpp] for k in range(3)]
        colors.update(zip(*rgb))
        for c in rgb:
            total += sum(c)
            sq += sum(map(squares.__getitem__, c))
        prev = line
    n = w * h * 3
    mean = total / n
    return {"width": w, "height": h, "colors": len(colors),
            "mean": round(mean, 2), "stddev": round(max(sq / n - mean * mean, 0) ** 0.5, 2)}


def main(argv):
    binary, width, timeout, args = "/usr/bin/chromium", 1280, 90.0, []
    it = iter(argv)
    for a in it:
        if a == "-b":
            binary = next(it)
        elif a == "-w":
            width = int(next(it))
        elif a == "-t":
            timeout = float(next(it))
        else:
            args.append(a)
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    page, out = os.path.abspath(args[0]), args[1]
    url = "file://" + page
    os.makedirs(out, exist_ok=True)
    b = Browser(binary, timeout)
    try:
        t = b.send("Target.createTarget", {"url": "about:blank"})["result"]["targetId"]
        s = b.send("Target.attachToTarget", {"targetId": t, "flatten": True})["result"]["sessionId"]
        for m in ("Runtime.enable", "Log.enable", "Page.enable", "Network.enable"):
            b.send(m, session=s)
        b.send("Emulation.setDeviceMetricsOverride",
               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=s)
        b.events.clear()
        b.send("Page.navigate", {"url": url}, session=s)
        b.wait(lambda m: m.get("method") == "Page.loadEventFired" and m.get("sessionId") == s)
        b.send("Runtime.evaluate", {"expression": "document.fonts.ready.then(() => 1)",
                                    "awaitPromise": True}, session=s)
        facts = json.loads(b.send("Runtime.evaluate", {"expression": FACTS_JS, "returnByValue": True},
                                  session=s)["result"]["result"]["value"])
        dom = b.send("Runtime.evaluate", {"expression": "document.documentElement.outerHTML",
                                          "returnByValue": True}, session=s)["result"]["result"]["value"]
        size = b.send("Page.getLayoutMetrics", session=s)["result"]["cssContentSize"]
        shot = b.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True, "optimizeForSpeed": True,
            "clip": {"x": 0, "y": 0, "width": width,
                     "height": min(int(size["height"]) + 1, 16000), "scale": 1}}, session=s)
        png = base64.b64decode(shot["result"]["data"])
    except Exception as e:
        err = b.close()
        print("render.py: %s: %s" % (page, e), file=sys.stderr)
        sys.stderr.write("".join("render.py:   " + l + "\n" for l in err.splitlines()[-20:]))
        return 1
    b.close()

    console, requests = [], []
    for e in b.events:
        m, p = e["method"], e.get("params", {})
        if m == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
            console.append({"level": {"warning": "warning", "error": "error", "assert": "error"}
                            .get(p["type"], "info"), "source": "console-api", "text": text})
        elif m == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            console.append({"level": "error", "source": "exception",
                            "text": d.get("exception", {}).get("description", d.get("text", ""))})
        elif m == "Log.entryAdded":
            en = p["entry"]
            console.append({"level": en["level"], "source": en.get("source", ""),
                            "text": en.get("text", "") + (" " + en["url"] if en.get("url") else "")})
        elif m == "Network.requestWillBeSent":
            if p["request"]["url"] != url:
                requests.append(p["request"]["url"])
    facts.update(url=url, console=console, requests=requests, screenshot=png_stats(png))
    with open(os.path.join(out, "dom.html"), "w") as f:
        f.write(dom)
    with open(os.path.join(out, "screenshot.png"), "wb") as f:
        f.write(png)
    with open(os.path.join(out, "facts.json"), "w") as f:
        json.dump(facts, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
