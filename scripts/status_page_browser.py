#!/usr/bin/env python3
"""Opens status pages in one headless Chromium and says what a person would see.

Usage: status_page_browser.py JOBS.json  (a list of {"file", "width", "height", "screenshot",
"waitStale": seconds or 0}); prints one JSON object per job on stdout.

One browser for every job (DevTools over --remote-debugging-pipe): each page is loaded at its
size, its rendered text and the boxes of its large word are read with getBoundingClientRect,
every element reaching past the window's right edge is listed, and a screenshot is taken and
checked not to be blank. `waitStale` polls until CSS has revealed the stale banner (the page
itself has no script; this is the test's DevTools session reading the page).
"""
import base64, json, os, struct, subprocess, sys, tempfile, time, zlib

MEASURE = r"""(() => {
  const w = document.getElementById('w');
  const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  const over = [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5); })
    .map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 8);
  const stale = document.getElementById('stale');
  return {text: document.body.innerText, innerWidth: innerWidth, scrollWidth: document.documentElement.scrollWidth,
          word: w && Object.assign(box(w), {lines: w.getClientRects().length, fontSize: parseFloat(getComputedStyle(w).fontSize)}),
          overflowing: over, scripts: document.scripts.length,
          resources: performance.getEntriesByType('resource').length,
          staleVisible: stale ? getComputedStyle(stale).visibility === 'visible' : null};
})()"""


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="sp-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():
            # Chromium reads commands on fd 3 and writes answers on fd 4: moved out of the way
            # first, so neither dup2 overwrites the other's source.
            high_r, high_w = os.dup(to_chrome_r) + 100, os.dup(from_chrome_w) + 100
            os.dup2(to_chrome_r, high_r)
            os.dup2(from_chrome_w, high_w)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="disabled:")
        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--disable-dev-shm-usage", "--hide-scrollbars", "--remote-debugging-pipe",
             "--run-all-compositor-stages-before-draw", "--user-data-dir=" + self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, close_fds=False, env=env)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise EOFError("chromium closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None, seconds=20):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + seconds
        while True:
            answer = self.read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method, session, seconds=20):
        deadline = time.monotonic() + seconds
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[: i + 1]
                    return event
            self.events.append(self.read_message(deadline))

    def close(self):
        try:
            self.call("Browser.close", seconds=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        subprocess.run(["rm", "-rf", self.profile])


def ink(png):
    """The share of pixels that are not pure white (0: a blank screenshot)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat, width, height, channels = 8, b"", 0, 0, 4
    while offset < len(png):
        length, kind = struct.unpack(">I4s", png[offset:offset + 8])
        data = png[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", data[:10])
            channels = {2: 3, 6: 4, 0: 1, 4: 2}[colour]
        elif kind == b"IDAT":
            idat += data
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    inked = 0
    position = 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upleft = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upleft)
                line[i] = (line[i] + predictor) & 255
        for x in range(0, stride, channels):
            if min(line[x:x + 3]) < 250:
                inked += 1
        previous = line
    return inked / float(width * height)


def main():
    jobs = json.load(open(sys.argv[1]))
    browser = Browser()
    try:
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.call("Page.enable", session=session)
        for job in jobs:
            browser.call("Emulation.setDeviceMetricsOverride",
                         {"width": job["width"], "height": job["height"], "deviceScaleFactor": 1, "mobile": True},
                         session=session)
            browser.call("Page.navigate", {"url": "file://" + job["file"]}, session=session)
            browser.wait_event("Page.loadEventFired", session)
            measure = lambda: browser.call("Runtime.evaluate", {"expression": MEASURE, "returnByValue": True},
                                           session=session)["result"]["value"]
            result = measure()
            if job.get("waitStale"):
                deadline = time.monotonic() + job["waitStale"] + 10
                started = time.monotonic()
                while not result["staleVisible"] and time.monotonic() < deadline:
                    time.sleep(0.1)  # polling the page's state against a deadline
                    result = measure()
                result["staleAfterSeconds"] = round(time.monotonic() - started, 2)
            shot = base64.b64decode(browser.call("Page.captureScreenshot", {"format": "png"}, session=session)["data"])
            with open(job["screenshot"], "wb") as out:
                out.write(shot)
            # Checked on a small copy (decoding a full screenshot in Python takes seconds).
            small = base64.b64decode(browser.call("Page.captureScreenshot", {
                "format": "png", "clip": {"x": 0, "y": 0, "width": job["width"], "height": job["height"], "scale": 0.125}},
                session=session)["data"])
            result["ink"] = ink(small)
            result["file"] = job["file"]
            result["width"] = job["width"]
            print(json.dumps(result, ensure_ascii=False), flush=True)
    finally:
        browser.close()


if __name__ == "__main__":
    main()
