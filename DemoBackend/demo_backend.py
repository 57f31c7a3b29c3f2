#!/usr/bin/env python3
"""VerbumCare demo backend: a loopback HTTPS server that speaks the backend's API contract
(docs/PRODUCT.md, "The backend's API contract") and fails on request.

Python 3 standard library only. Each server (pn51, mac-mini, mac-mini-tailscale, plus extras) gets its
own HTTPS listener on 127.0.0.1 with a certificate from a throwaway CA made with the `openssl` command,
and its own fault mode that can be changed while it runs (see MODES and `ctl`).

    python3 DemoBackend/demo_backend.py run   [OPTIONS]   # machine mode: one JSON "ready" line on stdout
    python3 DemoBackend/demo_backend.py serve [OPTIONS]   # human mode: a banner, request log on stderr
    python3 DemoBackend/demo_backend.py ctl SERVER MODE [--ms N] [--bytes N]
    python3 DemoBackend/demo_backend.py ctl status|stats|reset-stats|modes|stop

The app reaches a server as https://HOST/ through `--connect-to HOST:443:127.0.0.1:PORT --cacert CA`.
"""

import argparse
import concurrent.futures
import datetime
import html
import json
import os
import secrets
import selectors
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PREFILLED = [
    ("pn51", "verbumcare-lab.local"),
    ("mac-mini", "verbumcaremac-mini"),
    ("mac-mini-tailscale", "verbumcarenomac-mini.local"),
]

# A name under .invalid (RFC 2606) can never resolve, so the wrong-host certificate never names a real host.
WRONG_HOST = "wrong-host.invalid"
# Benchmark servers are only ever reached through --connect-to; the name is never resolved.
BENCH_DOMAIN = "bench.example"

MODES = {
    "up": "normal operation (the API contract)",
    "down": "not listening (the port stays bound, so no other program takes it): connections are refused; 'up' re-opens the same port",
    "hang": "accepts and completes TLS, reads the request, never answers",
    "hang_tls": "open connections dropped; new ones are accepted at TCP, their TLS handshake never completes",
    "tls_hang_new": "open connections keep being served; new ones are accepted at TCP, their TLS handshake never "
                    "completes (what a new client such as an iPad meets)",
    "slow": "waits ms (default 1500) before answering normally",
    "status500": "500 Internal Server Error on every path",
    "status502": "502 Bad Gateway on every path, as nginx answers for a stopped backend",
    "bad_body": "200 with an HTML page instead of the contract's JSON on every path",
    "bad_json": "200 application/json {\"status\":\"sick\"} on every path",
    "auth_html": "GET /api/auth/me answers 200 with an HTML page (a web server's page in front of the backend); "
                 "every other path works",
    "auth_json": "GET /api/auth/me answers 200 application/json {\"status\":\"sick\"} (not the sign-in answer); "
                 "every other path works",
    "redirect_http": "301 to http://HOST/PATH on every path",
    "redirect_host": "301 to https://elsewhere.example/PATH (another host name) on every path",
    "huge_body": "200 application/json of `bytes` bytes (default 8 MiB) on every path",
    "wrong_host_cert": "TLS certificate for " + WRONG_HOST + " (new connections)",
    "wrong_cert_new": "open connections keep being served; new ones get the certificate for " + WRONG_HOST,
    "expired_cert": "TLS certificate that expired in 2020 (new connections)",
    "untrusted_cert": "TLS certificate from a CA the client does not trust (new connections)",
    "future_cert": "TLS certificate valid only from 1 January of next year (new connections): a clock behind",
    "header_flood": "200 with `bytes` bytes (default 4 MiB) of response headers, 1 KiB each, on every path",
    "escape_json": "normal answers, but JSON strings carry ESC/OSC/CSI sequences, C1 controls and bidi overrides",
    "escape_error": "500 on every path with a JSON error message that carries the same hostile text (it becomes the "
                    "check's error message)",
    "expire_tokens": "every access token issued before the switch answers 401; refresh and new tokens work",
    "reject_tokens": "every access and refresh token answers 401 (login still succeeds)",
    "rotate_tokens": "each access token issued by a refresh is accepted once, then answers 401 (a client that "
                     "refreshes after every 401 loops; see the request counters in `ctl stats`)",
}
# Modes that replace the server's certificate, modelled on a restart: switching to or from one drops open connections.
TLS_MODES = {"wrong_host_cert", "expired_cert", "untrusted_cert", "future_cert"}
# Modes whose new connections never finish the TLS handshake (the listener holds them after the TCP accept).
HANDSHAKE_HANG_MODES = {"hang_tls", "tls_hang_new"}
# Modes that fail only new connections: those already open keep being served as in `up`, which is how a
# client that keeps its connections alive goes on seeing a server that every new client finds broken.
NEW_CONNECTION_CERTS = {"wrong_cert_new": "wrong_host_cert"}

DEMO_USER = {
    "userId": "u-0001",
    "staffId": "S-1001",
    "username": "demo",
    "password": "demo",
    "fullName": "デモ 太郎",
    "role": "nurse",
    "facilityId": "facility-demo-01",
}

# Text that would take over a terminal if a client printed it unfiltered.
HOSTILE = (
    "\x1b]0;PWNED\x07"      # OSC 0: set the window title
    "\x1b[2J\x1b[H"          # CSI: clear the screen, cursor home
    "\x1b[31;5m"             # CSI SGR: blinking red
    "\x9b" "1m"              # C1 CSI
    "\x9d" "0;c1\x9c"        # C1 OSC ... ST
    "\u202e" "evil"          # right-to-left override
    "\x08\r"                 # backspace, carriage return
    "ward\u180e3\u034f"       # Mongolian vowel separator, combining grapheme joiner: invisible
    "\u200b\ufe0f\U000e0041"  # zero-width space, variation selector, tag letter A
)

DEFAULT_SLOW_MS = 1500
DEFAULT_CERT_DAYS = 365
CA_DAYS = 3650
# Where a redirect_host answer points: another host name, which the client must refuse and name.
OTHER_HOST = "elsewhere.example"
DEFAULT_HUGE_BYTES = 8 * 1024 * 1024
DEFAULT_FLOOD_BYTES = 4 * 1024 * 1024
IDLE_CONNECTION_TIMEOUT = 300.0
HANDSHAKE_TIMEOUT = 30.0


def iso_now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def log(message):
    sys.stderr.write("[demo-backend] " + message + "\n")
    sys.stderr.flush()


# --------------------------------------------------------------------------------------------- certificates

class Certificates:
    """A throwaway CA and the server certificates, made with the openssl command in STATE/certs."""

    def __init__(self, directory, hosts, extra_names=(), days=None):
        self.dir = directory
        self.hosts = list(hosts)
        # Days each host's certificate lasts (one year, as the facility servers' certificates).
        self.days = dict(days or {})
        self.extra_names = [n for n in extra_names if n not in self.hosts]
        os.makedirs(directory, mode=0o700, exist_ok=True)
        self.ca = self.path("ca.pem")
        self.leaf_key = self.path("leaf.key")

    def path(self, name):
        return os.path.join(self.dir, name)

    def host_cert(self, host):
        return self.path("host-" + host.replace("*", "_wildcard_") + ".pem")

    @staticmethod
    def openssl(*args):
        result = subprocess.run(["openssl"] + list(args), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise RuntimeError("openssl " + " ".join(args[:2]) + " failed: " + result.stderr.decode(errors="replace"))

    def write_extfile(self, name, hosts):
        path = self.path(name + ".ext")
        sans = ",".join("DNS:" + h for h in hosts)
        with open(path, "w") as f:
            f.write("basicConstraints=critical,CA:FALSE\n"
                    "keyUsage=critical,digitalSignature,keyEncipherment\n"
                    "extendedKeyUsage=serverAuth\n"
                    "subjectAltName=" + sans + "\n")
        return path

    def make_ca(self, name, cn):
        self.openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", self.path(name + ".key"), "-out", self.path(name + ".pem"),
                     "-subj", "/CN=" + cn, "-days", str(CA_DAYS),
                     "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign")

    def sign(self, out, ca, hosts, ext_name, days=DEFAULT_CERT_DAYS):
        ext = self.write_extfile(ext_name, hosts)
        self.openssl("x509", "-req", "-in", self.path("leaf.csr"), "-CA", self.path(ca + ".pem"),
                     "-CAkey", self.path(ca + ".key"), "-set_serial", "0x" + secrets.token_hex(8),
                     "-days", str(days), "-sha256", "-extfile", ext, "-out", out)

    def sign_expired(self, hosts):
        self.sign_dated("expired", hosts, "20200101000000Z", "20200201000000Z")

    def sign_future(self, hosts):
        # Valid from 1 January of next year for a year: what a machine whose clock is behind meets.
        year = time.gmtime().tm_year + 1
        self.sign_dated("future", hosts, "%d0101000000Z" % year, "%d0101000000Z" % (year + 1))

    def sign_dated(self, name, hosts, start, end):
        # `openssl x509 -req` cannot set dates in OpenSSL 3.0, `openssl ca` can (-startdate/-enddate).
        ext = self.write_extfile(name, hosts)
        db = self.path("ca-db-" + name)
        os.makedirs(db, exist_ok=True)
        open(os.path.join(db, "index.txt"), "w").close()
        with open(os.path.join(db, "serial"), "w") as f:
            f.write(secrets.token_hex(8) + "\n")
        config = self.path("ca-" + name + ".cnf")
        with open(config, "w") as f:
            f.write("[ca]\ndefault_ca = demo\n[demo]\n"
                    "database = " + os.path.join(db, "index.txt") + "\n"
                    "serial = " + os.path.join(db, "serial") + "\n"
                    "new_certs_dir = " + db + "\n"
                    "default_md = sha256\npolicy = anything\nunique_subject = no\n"
                    "[anything]\ncommonName = supplied\n")
        self.openssl("ca", "-batch", "-config", config, "-cert", self.ca, "-keyfile", self.path("ca.key"),
                     "-in", self.path("leaf.csr"), "-out", self.path(name + ".pem"), "-notext",
                     "-startdate", start, "-enddate", end,
                     "-extfile", ext)

    def generate(self):
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            first = [
                pool.submit(self.make_ca, "ca", "VerbumCare Demo CA (throwaway)"),
                pool.submit(self.make_ca, "untrusted-ca", "Untrusted Demo CA"),
                # One key and request for every leaf: the certificates differ only in names, dates and issuer.
                pool.submit(self.openssl, "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                            "-nodes", "-keyout", self.leaf_key, "-out", self.path("leaf.csr"),
                            "-subj", "/CN=VerbumCare demo server"),
            ]
            for f in first:
                f.result()
            jobs = [pool.submit(self.sign, self.host_cert(h), "ca", [h] + self.extra_names, "host-" + str(i),
                                self.days.get(h, DEFAULT_CERT_DAYS))
                    for i, h in enumerate(self.hosts)]
            jobs.append(pool.submit(self.sign, self.path("wrong-host.pem"), "ca", [WRONG_HOST], "wrong-host"))
            jobs.append(pool.submit(self.sign, self.path("untrusted.pem"), "untrusted-ca", self.hosts, "untrusted"))
            jobs.append(pool.submit(self.sign_expired, self.hosts))
            jobs.append(pool.submit(self.sign_future, self.hosts))
            for f in jobs:
                f.result()
        return time.monotonic() - started

    def context(self, cert):
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.set_alpn_protocols(["http/1.1"])
        ctx.load_cert_chain(cert, self.leaf_key)
        return ctx

    def fault_contexts(self):
        return {
            "wrong_host_cert": self.context(self.path("wrong-host.pem")),
            "expired_cert": self.context(self.path("expired.pem")),
            "untrusted_cert": self.context(self.path("untrusted.pem")),
            "future_cert": self.context(self.path("future.pem")),
        }


# --------------------------------------------------------------------------------------------- one server

class DemoServer:
    """One backend (one host name, one port) with its mode, its tokens and its counters."""

    def __init__(self, backend, server_id, host, context, port=0):
        self.backend = backend
        self.id = server_id
        self.host = host
        self.context = context
        self.port = port
        self.lock = threading.Lock()
        self.switch_lock = threading.Lock()  # one mode change at a time, listener changes included
        self.mode = "up"
        self.params = {}
        self.mode_generation = 0
        self.listener = None
        # While 'down': the port bound without listening, so connections are refused and no
        # other program (another demo backend of a parallel test) can take the port meanwhile.
        self.placeholder = None
        self.connections = set()
        self.access_tokens = {}   # token -> (user, token generation, expiry)
        self.refresh_tokens = {}  # token -> user
        self.single_use = {}      # refreshed access token -> times used (rotate_tokens)
        self.token_generation = 0
        self.reset_stats()

    # ---- stats
    def reset_stats(self):
        with self.lock:
            self.stats = {"connections": 0, "tlsHandshakes": 0, "tlsFailures": 0, "requests": {}, "totalRequests": 0,
                          "headerNames": {}}

    def count(self, key, path=None):
        with self.lock:
            if path is None:
                self.stats[key] += 1
            else:
                self.stats["totalRequests"] += 1
                self.stats["requests"][path] = self.stats["requests"].get(path, 0) + 1

    def count_headers(self, names):
        # How many requests carried each header name (lower case): tests see what a client
        # really sent, e.g. that no header was smuggled in through a token with a line break.
        with self.lock:
            for name in set(n.lower() for n in names):
                self.stats["headerNames"][name] = self.stats["headerNames"].get(name, 0) + 1

    def snapshot(self):
        with self.lock:
            out = {"host": self.host, "port": self.port, "mode": self.mode, "params": dict(self.params),
                   "openConnections": len(self.connections)}
            out.update(json.loads(json.dumps(self.stats)))
            return out

    # ---- mode
    def current(self):
        with self.lock:
            return self.mode, dict(self.params), self.mode_generation

    def set_mode(self, mode, params):
        if mode not in MODES:
            raise ValueError("unknown mode " + repr(mode) + "; one of: " + ", ".join(MODES))
        with self.switch_lock:
            # Re-open first: if the port cannot be bound again, the mode stays as it was.
            if mode != "down" and self.listener is None:
                self.open_listener()
            with self.lock:
                previous = self.mode
                self.mode = mode
                self.params = params
                self.mode_generation += 1
                if mode == "expire_tokens":
                    self.token_generation += 1
            # Modelled on a server being stopped, or restarted with another certificate or a stuck TLS stack:
            # its connections go. The *_new modes keep them (see NEW_CONNECTION_CERTS).
            if mode == "down":
                self.backend.acceptor.call(self.close_listener)
                self.drop_connections()
            elif mode in TLS_MODES or previous in TLS_MODES or mode == "hang_tls":
                self.drop_connections()

    def tls_context(self, mode):
        mode = NEW_CONNECTION_CERTS.get(mode, mode)
        if mode in TLS_MODES:
            return self.backend.fault_contexts[mode]
        return self.context

    # ---- listening socket
    def open_listener(self):
        if self.listen_again():
            return
        self.release_placeholder()
        listener = Listener(self, self.port) if self.port else self.listener_outside_ephemeral_ports()
        self.port = listener.server_address[1]
        self.listener = listener
        self.backend.acceptor.call(lambda: self.backend.acceptor.register(listener))

    def listener_outside_ephemeral_ports(self):
        """A port the kernel never hands to an outgoing connection (below
        ip_local_port_range): 'up' re-opens the same port after 'down', and a port from the
        ephemeral range may meanwhile be the source port of some client's connection, which
        makes the re-open fail with 'Address already in use'."""
        try:
            with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
                low = int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            low = 32768
        ports = list(range(10000, max(10001, low)))
        secrets.SystemRandom().shuffle(ports)
        for port in ports[:200]:
            try:
                return Listener(self, port)
            except OSError:
                continue
        return Listener(self, 0)

    def close_listener(self):
        """Runs on the acceptor thread, so no accept is in flight while the socket stops listening."""
        listener, self.listener = self.listener, None
        if listener is not None:
            self.backend.acceptor.unregister(listener)
            self.hold_port(listener)

    def hold_port(self, listener):
        """Stops listening on the same socket, which stays bound: a connection to the port is
        refused (RST, as for a closed port), and the port never leaves this process until 'up'
        listens on it again. Closing the socket and binding a placeholder left a gap, and the
        placeholder's bind failed while the port's closed connections were in TIME_WAIT: a
        parallel test's listener then took the port, and the app met its certificate.
        SO_REUSEADDR is cleared while it does not listen: Linux lets another SO_REUSEADDR socket
        share a bound port that nobody listens on, and every listener (ours and a parallel
        test's) sets it."""
        try:
            listener.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 0)
            listener.socket.shutdown(socket.SHUT_RD)
        except OSError:
            listener.server_close()
            return
        self.placeholder = listener

    def listen_again(self):
        """'up' after 'down': the held socket listens again (True), or there is none (False).
        SO_REUSEADDR is set again first, so the port's connections in TIME_WAIT do not refuse it."""
        listener, self.placeholder = self.placeholder, None
        if listener is None:
            return False
        try:
            listener.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.socket.listen(listener.request_queue_size)
        except OSError:
            self.placeholder = listener
            raise
        self.listener = listener
        self.backend.acceptor.call(lambda: self.backend.acceptor.register(listener))
        return True

    def release_placeholder(self):
        placeholder, self.placeholder = self.placeholder, None
        if placeholder is not None:
            placeholder.server_close()

    # ---- connections
    def track(self, sock):
        with self.lock:
            self.connections.add(sock)

    def untrack(self, sock):
        with self.lock:
            self.connections.discard(sock)

    def drop_connections(self):
        with self.lock:
            socks = list(self.connections)
        for s in socks:
            try:
                # The base class's shutdown wakes a thread blocked in a read without touching its TLS state.
                socket.socket.shutdown(s, socket.SHUT_RDWR)
            except OSError:
                pass

    def hold(self, sock, generation):
        """Keep a connection open without answering until the client leaves, the mode changes or we stop."""
        sel = selectors.DefaultSelector()
        try:
            sel.register(sock.fileno(), selectors.EVENT_READ)
            while not self.backend.stopping.is_set():
                if self.current()[2] != generation:
                    return
                if sel.select(0.2):
                    try:
                        sock.settimeout(0.05)
                        if not sock.recv(65536):
                            return
                    except (socket.timeout, ssl.SSLWantReadError):
                        pass
                    except OSError:
                        return
        finally:
            sel.close()

    # ---- tokens
    def issue_tokens(self, user):
        access = "demo-at-" + secrets.token_hex(16)
        refresh = "demo-rt-" + secrets.token_hex(16)
        ttl = self.backend.token_ttl
        with self.lock:
            self.access_tokens[access] = (user, self.token_generation, time.time() + ttl)
            self.refresh_tokens[refresh] = user
        return access, refresh, ttl

    def refresh(self, refresh_token, mode):
        with self.lock:
            user = self.refresh_tokens.get(refresh_token)
        if user is None or mode == "reject_tokens":
            return None
        access = "demo-at-" + secrets.token_hex(16)
        ttl = self.backend.token_ttl
        with self.lock:
            self.access_tokens[access] = (user, self.token_generation, time.time() + ttl)
            if mode == "rotate_tokens":
                self.single_use[access] = 0
        return access, ttl

    def user_for(self, access_token, mode):
        with self.lock:
            entry = self.access_tokens.get(access_token)
            generation = self.token_generation
            used = self.single_use.get(access_token)
            if used is not None:
                self.single_use[access_token] = used + 1
        if entry is None or mode == "reject_tokens":
            return None, "invalid"
        if used is not None and used >= 1 and mode == "rotate_tokens":
            return None, "expired"
        user, token_generation, expiry = entry
        if token_generation != generation or time.time() >= expiry:
            return None, "expired"
        return user, None

    def revoke(self, access_token):
        with self.lock:
            self.access_tokens.pop(access_token, None)


class Listener(ThreadingHTTPServer):
    """One server's listening socket. Accepts are driven by the shared Acceptor; TLS happens per connection
    in the connection's own thread, with the SSLContext of the mode current at accept time."""

    daemon_threads = True
    block_on_close = False   # closing a listener must not wait for hung connections
    allow_reuse_address = True
    request_queue_size = 128
    timeout = 0              # handle_request() accepts what is pending and returns at once

    def __init__(self, demo, port):
        self.demo = demo
        super().__init__((demo.backend.args.listen, port), Handler)
        # A client that resets before accept() must not block the shared acceptor thread.
        self.socket.setblocking(False)

    def finish_request(self, request, client_address):
        demo = self.demo
        demo.count("connections")
        mode, _, generation = demo.current()
        if mode in HANDSHAKE_HANG_MODES:
            # The client's hello is read and dropped (`hold`), so the handshake starts and never completes.
            demo.track(request)
            try:
                demo.hold(request, generation)
            finally:
                demo.untrack(request)
            return
        request.settimeout(HANDSHAKE_TIMEOUT)
        try:
            tls = demo.tls_context(mode).wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            demo.count("tlsFailures")
            return
        demo.count("tlsHandshakes")
        demo.track(tls)
        try:
            Handler(tls, client_address, self)
        except (ConnectionError, ssl.SSLError, socket.timeout, OSError):
            pass
        finally:
            demo.untrack(tls)
            try:
                tls.close()
            except OSError:
                pass

    def handle_error(self, request, client_address):
        if self.demo.backend.verbose:
            super().handle_error(request, client_address)


class Acceptor(threading.Thread):
    """One thread that accepts for every listener (no per-listener polling loop, so an idle backend sleeps)."""

    def __init__(self):
        super().__init__(name="acceptor", daemon=True)
        self.selector = selectors.DefaultSelector()
        self.wake_r, self.wake_w = os.pipe()
        self.selector.register(self.wake_r, selectors.EVENT_READ)
        self.calls = []
        self.calls_lock = threading.Lock()
        self.running = True

    def register(self, listener):
        self.selector.register(listener.fileno(), selectors.EVENT_READ, listener)

    def unregister(self, listener):
        try:
            self.selector.unregister(listener.fileno())
        except (KeyError, ValueError):
            pass

    def call(self, fn):
        """Run fn on the acceptor thread and wait for it, so selector changes never race a select()."""
        if threading.current_thread() is self:
            return fn()
        done = threading.Event()
        box = {}

        def wrapped():
            try:
                box["result"] = fn()
            except BaseException as e:  # handed back to the caller below
                box["error"] = e
            finally:
                done.set()

        with self.calls_lock:
            self.calls.append(wrapped)
        os.write(self.wake_w, b"x")
        done.wait()
        if "error" in box:
            raise box["error"]
        return box.get("result")

    def run(self):
        while self.running:
            for key, _ in self.selector.select():
                if key.fileobj == self.wake_r:
                    os.read(self.wake_r, 4096)
                    with self.calls_lock:
                        calls, self.calls = self.calls, []
                    for fn in calls:
                        fn()
                else:
                    try:
                        key.data.handle_request()
                    except OSError:
                        pass

    def stop(self):
        def halt():
            self.running = False
        self.call(halt)


# --------------------------------------------------------------------------------------------- HTTP handler

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    timeout = IDLE_CONNECTION_TIMEOUT
    wbufsize = 64 * 1024   # headers and a small body leave in one segment; flushed after each request
    server_version = "nginx"

    def version_string(self):
        return self.server_version

    # ---- plumbing
    def log_message(self, fmt, *args):
        backend = self.server.demo.backend
        if backend.verbose:
            log(self.server.demo.id + " " + (fmt % args))

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def do_PUT(self):
        self.dispatch()

    def do_DELETE(self):
        self.dispatch()

    def do_HEAD(self):
        self.dispatch()

    def read_body(self):
        length = self.headers.get("Content-Length")
        if length is None:
            return b""
        try:
            n = int(length)
        except ValueError:
            return b""
        return self.rfile.read(n) if n > 0 else b""

    def send(self, status, body, content_type="application/json; charset=utf-8", headers=()):
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status, obj, headers=()):
        # ensure_ascii=False keeps Japanese readable; json still writes C0 controls as \\u escapes.
        self.send(status, json.dumps(obj, ensure_ascii=False), headers=headers)

    def send_error_json(self, status, error, message, code=None, headers=()):
        body = {"success": False, "error": error, "message": message}
        if code:
            body["code"] = code
        self.send_json(status, body, headers=headers)

    def nginx_page(self, status, reason):
        page = ("<html>\r\n<head><title>%d %s</title></head>\r\n<body>\r\n<center><h1>%d %s</h1></center>\r\n"
                "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n") % (status, reason, status, reason)
        self.send(status, page, "text/html")

    # ---- dispatch by mode
    def dispatch(self):
        demo = self.server.demo
        url = urllib.parse.urlsplit(self.path)
        path = url.path
        demo.count("requests", path)
        demo.count_headers(self.headers.keys())
        body = self.read_body()
        mode, params, generation = demo.current()

        if mode == "hang":
            demo.hold(self.connection, generation)
            self.close_connection = True
            return
        if mode == "slow":
            if demo.backend.stopping.wait(params.get("ms", DEFAULT_SLOW_MS) / 1000.0):
                self.close_connection = True
                return
        if mode == "status500":
            return self.nginx_page(500, "Internal Server Error")
        if mode == "status502":
            return self.nginx_page(502, "Bad Gateway")
        if mode == "escape_error":
            return self.send_error_json(500, "Database unavailable" + HOSTILE, "データベースに接続できません" + HOSTILE,
                                        "INTERNAL")
        if mode in ("redirect_http", "redirect_host"):
            location = ("http://" + demo.host if mode == "redirect_http" else "https://" + OTHER_HOST) + self.path
            page = "<html><body><a href=\"%s\">Moved Permanently</a></body></html>" % html.escape(location)
            return self.send(301, page, "text/html", headers=[("Location", location)])
        if mode == "bad_body":
            return self.send(200, "<!DOCTYPE html><html><body><h1>It works!</h1></body></html>\n", "text/html")
        if mode == "bad_json":
            return self.send_json(200, {"status": "sick"})
        if mode in ("auth_html", "auth_json") and url.path == "/api/auth/me":
            # With or without a token: what a proxy's catch-all page or another service answers.
            if mode == "auth_html":
                return self.send(200, "<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>\n", "text/html")
            return self.send_json(200, {"status": "sick"})
        if mode == "huge_body":
            return self.send_huge(params.get("bytes", DEFAULT_HUGE_BYTES))
        if mode == "header_flood":
            return self.send_header_flood(params.get("bytes", DEFAULT_FLOOD_BYTES))
        self.route(demo, mode, url, body)

    def send_header_flood(self, size):
        # Many ordinary-looking header lines (no single one near libcurl's own 100 KiB line
        # limit): a client must stop on its own limit for the whole, not run out of something.
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        value = "f" * 1000
        for i in range(max(1, size // 1024)):
            self.send_header("X-Flood-%d" % i, value)
        body = b'{"status":"healthy"}'
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_huge(self, size):
        head = b'{"status":"healthy","padding":"'
        tail = b'"}'
        fill = max(0, size - len(head) - len(tail))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(head) + fill + len(tail)))
        self.end_headers()
        if self.command == "HEAD":
            return
        self.wfile.write(head)
        chunk = b"x" * 65536
        while fill > 0:
            n = min(fill, len(chunk))
            self.wfile.write(chunk[:n])
            fill -= n
        self.wfile.write(tail)

    # ---- the API contract (docs/PRODUCT.md)
    def route(self, demo, mode, url, raw_body):
        hostile = mode == "escape_json"
        method, path = self.command, url.path
        if path == "/health" and method in ("GET", "HEAD"):
            return self.send_json(200, {"status": "healthy", "timestamp": iso_now(),
                                        "environment": "demo" + (HOSTILE if hostile else "")})
        if path == "/api/config" and method in ("GET", "HEAD"):
            return self.send_json(200, self.config(demo, hostile))
        if path in ("/socket.io/", "/socket.io"):
            return self.engine_io(url, method)
        if path.startswith("/api/auth/"):
            return self.auth(demo, mode, method, path[len("/api/auth/"):], raw_body, hostile)
        self.send_error_json(404, "Not found: " + method + " " + path, "見つかりません: " + path, "NOT_FOUND")

    def config(self, demo, hostile):
        root = "https://" + demo.host
        mdns = demo.host if demo.host.endswith(".local") else demo.host.split(".")[0] + ".local"
        return {
            "apiUrl": root + "/api",
            "wsUrl": "wss://" + demo.host,
            "hostname": demo.host.split(".")[0] + (HOSTILE if hostile else ""),
            "mdnsUrl": "https://" + mdns + "/api",
            "availableIPs": ["127.0.0.1"],
            "timestamp": iso_now(),
            "version": "1.0.0-demo" + (HOSTILE if hostile else ""),
            "offline": False,
        }

    def engine_io(self, url, method):
        query = urllib.parse.parse_qs(url.query)
        if method != "GET":
            return self.send(400, '{"code":2,"message":"Bad handshake method"}', "application/json")
        if query.get("EIO") != ["4"]:
            return self.send(400, '{"code":5,"message":"Unsupported protocol version"}', "application/json")
        if query.get("transport") != ["polling"]:
            return self.send(400, '{"code":0,"message":"Transport unknown"}', "application/json")
        handshake = {"sid": secrets.token_urlsafe(15), "upgrades": ["websocket"], "pingInterval": 25000,
                     "pingTimeout": 20000, "maxPayload": 1000000}
        self.send(200, "0" + json.dumps(handshake, separators=(",", ":")), "text/plain; charset=UTF-8")

    def bearer(self):
        value = self.headers.get("Authorization", "")
        if value[:7].lower() == "bearer ":
            return value[7:].strip()
        return None

    def auth(self, demo, mode, method, action, raw_body, hostile):
        suffix = HOSTILE if hostile else ""
        if method == "GET" and action == "me":
            token = self.bearer()
            if not token:
                return self.send_error_json(401, "Authentication required" + suffix, "認証が必要です" + suffix,
                                            "AUTH_REQUIRED", headers=[("WWW-Authenticate", "Bearer")])
            user, problem = demo.user_for(token, mode)
            if user is None:
                if problem == "expired":
                    return self.send_error_json(401, "Token expired" + suffix, "トークンの有効期限が切れました" + suffix,
                                                "TOKEN_EXPIRED", headers=[("WWW-Authenticate", "Bearer")])
                return self.send_error_json(401, "Invalid token" + suffix, "トークンが無効です" + suffix,
                                            "INVALID_TOKEN", headers=[("WWW-Authenticate", "Bearer")])
            return self.send_json(200, {"success": True, "data": self.public_user(user, hostile)})
        if method != "POST" or action not in ("login", "refresh", "logout"):
            return self.send_error_json(404, "Not found: " + method + " /api/auth/" + action,
                                        "見つかりません", "NOT_FOUND")
        try:
            body = json.loads(raw_body.decode("utf-8")) if raw_body else {}
        except (UnicodeDecodeError, json.JSONDecodeError):
            return self.send_error_json(400, "Invalid JSON body", "リクエストの形式が正しくありません", "INVALID_JSON")
        if not isinstance(body, dict):
            return self.send_error_json(400, "Invalid JSON body", "リクエストの形式が正しくありません", "INVALID_JSON")

        if action == "login":
            missing = [k for k in ("username", "password", "deviceInfo") if body.get(k) in (None, "")]
            if missing:
                return self.send_error_json(400, "Missing required field: " + ", ".join(missing),
                                            "必須項目が入力されていません: " + ", ".join(missing), "MISSING_FIELD")
            if body.get("username") != DEMO_USER["username"] or body.get("password") != DEMO_USER["password"]:
                return self.send_error_json(401, "Invalid username or password" + suffix,
                                            "ユーザー名またはパスワードが正しくありません" + suffix, "INVALID_CREDENTIALS")
            access, refresh, ttl = demo.issue_tokens(DEMO_USER["username"])
            return self.send_json(200, {"success": True, "data": {
                "user": self.public_user(DEMO_USER["username"], hostile),
                "accessToken": access, "refreshToken": refresh, "expiresIn": ttl}})
        if action == "refresh":
            token = body.get("refreshToken")
            if not token:
                return self.send_error_json(400, "Missing required field: refreshToken",
                                            "必須項目が入力されていません: refreshToken", "MISSING_FIELD")
            issued = demo.refresh(token, mode)
            if issued is None:
                return self.send_error_json(401, "Invalid refresh token" + suffix,
                                            "リフレッシュトークンが無効です" + suffix, "INVALID_REFRESH_TOKEN")
            access, ttl = issued
            return self.send_json(200, {"success": True, "data": {"accessToken": access, "expiresIn": ttl}})
        # logout: the token may come in the body ({accessToken}) or as a bearer; either way it answers 200.
        token = body.get("accessToken") or self.bearer()
        if token:
            demo.revoke(token)
        return self.send_json(200, {"success": True, "message": "ログアウトしました"})

    @staticmethod
    def public_user(username, hostile):
        user = {k: v for k, v in DEMO_USER.items() if k != "password"}
        user["username"] = username
        if hostile:
            user["fullName"] = user["fullName"] + HOSTILE
        return user


# --------------------------------------------------------------------------------------------- control

class ControlHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    server_version = "demo-backend-control"

    def version_string(self):
        return self.server_version

    def log_message(self, fmt, *args):
        if self.server.backend.verbose:
            log("control " + (fmt % args))

    def reply(self, status, obj):
        body = (json.dumps(obj, ensure_ascii=False, indent=None) + "\n").encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        backend = self.server.backend
        path = urllib.parse.urlsplit(self.path).path.rstrip("/") or "/"
        if path in ("/", "/status"):
            return self.reply(200, backend.ready_info())
        if path == "/stats":
            return self.reply(200, backend.stats())
        if path == "/modes":
            return self.reply(200, MODES)
        self.reply(404, {"error": "unknown control path " + path})

    def do_POST(self):
        backend = self.server.backend
        url = urllib.parse.urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if len(parts) == 3 and parts[0] == "mode":
            server = backend.servers.get(parts[1])
            if server is None:
                return self.reply(404, {"error": "unknown server " + parts[1], "servers": list(backend.servers)})
            try:
                params = {k: int(v[0]) for k, v in urllib.parse.parse_qs(url.query).items() if k in ("ms", "bytes")}
            except ValueError:
                return self.reply(400, {"error": "ms and bytes must be integers"})
            try:
                server.set_mode(parts[2], params)
            except ValueError as e:
                return self.reply(400, {"error": str(e), "modes": list(MODES)})
            except OSError as e:
                return self.reply(409, {"error": "cannot re-open port " + str(server.port) + ": " + str(e)})
            if backend.verbose:
                log(server.id + " is now " + parts[2] + (" " + json.dumps(params) if params else ""))
            return self.reply(200, {"server": server.id, "mode": parts[2], "params": params, "port": server.port})
        if parts == ["stats", "reset"]:
            for s in backend.servers.values():
                s.reset_stats()
            return self.reply(200, {"reset": True})
        if parts == ["shutdown"]:
            self.reply(200, {"stopping": True})
            backend.stopping.set()
            return
        self.reply(404, {"error": "unknown control path " + url.path})


class ControlServer(ThreadingHTTPServer):
    """Driven by the Acceptor like the listeners, so an idle backend has no polling loop at all."""

    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    timeout = 0

    def __init__(self, backend, port):
        self.backend = backend
        super().__init__(("127.0.0.1", port), ControlHandler)
        self.socket.setblocking(False)


# --------------------------------------------------------------------------------------------- the backend

class Backend:
    def __init__(self, args):
        self.args = args
        self.verbose = args.verbose
        self.token_ttl = args.token_ttl
        if getattr(args, "user_password", None):
            DEMO_USER["password"] = args.user_password
        self.stopping = backend_stop
        self.temp_state = args.state_dir is None or args.remove_state_dir
        self.state_dir = os.path.abspath(args.state_dir or tempfile.mkdtemp(prefix="verbumcare-demo-"))
        os.makedirs(self.state_dir, mode=0o700, exist_ok=True)

        specs = list(PREFILLED)
        for item in args.server or []:
            if "=" not in item:
                raise SystemExit("--server expects ID=HOST, got " + repr(item))
            sid, host = item.split("=", 1)
            specs = [s for s in specs if s[0] != sid] + [(sid, host.lower())]
        for i in range(1, args.bench_servers + 1):
            specs.append(("bench-%d" % i, "s%d.%s" % (i, BENCH_DOMAIN)))
        hosts = []
        for _, host in specs:
            if host not in hosts:
                hosts.append(host)
        cert_hosts = [h for h in hosts if not h.endswith("." + BENCH_DOMAIN)]
        if args.bench_servers:
            cert_hosts.append("*." + BENCH_DOMAIN)

        extra_names = [h.lower() for h in args.extra_host or []]
        hosts_by_id = dict(specs)
        cert_days = {}
        for sid, days in self.parse_pairs(args.cert_days, "--cert-days", int).items():
            if sid not in hosts_by_id:
                raise SystemExit("--cert-days names an unknown server: " + sid)
            if days < 1:
                raise SystemExit("--cert-days needs at least 1 day, got %d" % days)
            cert_days[hosts_by_id[sid]] = days
        self.certs = Certificates(os.path.join(self.state_dir, "certs"), cert_hosts, extra_names, cert_days)
        self.cert_seconds = self.certs.generate()
        self.fault_contexts = self.certs.fault_contexts()
        contexts = {}

        def context_for(host):
            key = ("*." + BENCH_DOMAIN) if host.endswith("." + BENCH_DOMAIN) else host
            if key not in contexts:
                contexts[key] = self.certs.context(self.certs.host_cert(key))
            return contexts[key]

        ports = self.parse_pairs(args.port, "--port", int)
        initial = self.parse_pairs(args.initial, "--initial", str)
        self.acceptor = Acceptor()
        self.acceptor.start()
        self.servers = {}
        for index, (sid, host) in enumerate(specs):
            port = ports.get(sid, args.port_base + index if args.port_base else 0)
            server = DemoServer(self, sid, host, context_for(host), port)
            server.open_listener()
            self.servers[sid] = server
        for sid, mode in initial.items():
            if sid not in self.servers:
                raise SystemExit("--initial names an unknown server: " + sid)
            server = self.servers[sid]
            server.set_mode(mode, {})
        self.control = ControlServer(self, args.control_port)
        self.acceptor.call(lambda: self.acceptor.register(self.control))

    @staticmethod
    def parse_pairs(items, option, convert):
        out = {}
        for item in items or []:
            if "=" not in item:
                raise SystemExit(option + " expects ID=VALUE, got " + repr(item))
            key, value = item.split("=", 1)
            if convert is str and value not in MODES:
                raise SystemExit(option + ": unknown mode " + repr(value) + "; one of: " + ", ".join(MODES))
            out[key] = convert(value)
        return out

    def ready_info(self):
        servers = {}
        connect_to = []
        for sid, s in self.servers.items():
            mode, params, _ = s.current()
            servers[sid] = {"host": s.host, "port": s.port, "mode": mode}
            connect_to.append("%s:443:%s:%d" % (s.host, self.args.listen, s.port))
        return {"ready": True, "pid": os.getpid(), "control": self.control.server_address[1], "ca": self.certs.ca,
                "stateDir": self.state_dir, "servers": servers, "connectTo": connect_to}

    def stats(self):
        return {"servers": {sid: s.snapshot() for sid, s in self.servers.items()}}

    def write_state(self, info):
        with open(os.path.join(self.state_dir, "demo.json"), "w") as f:
            json.dump(info, f, indent=2)
            f.write("\n")
        with open(os.path.join(self.state_dir, "env.sh"), "w") as f:
            f.write("# source this file to point verbumcare-tui (and curl) at the demo backend\n")
            f.write("export VERBUMCARE_CONNECT_TO='%s'\n" % ",".join(info["connectTo"]))
            f.write("export CURL_CA_BUNDLE='%s'\n" % info["ca"])

    def shutdown(self):
        self.acceptor.call(lambda: [(s.close_listener(), s.release_placeholder()) for s in self.servers.values()])
        for s in self.servers.values():
            s.drop_connections()
        self.acceptor.call(lambda: self.acceptor.unregister(self.control))
        self.acceptor.stop()
        self.control.server_close()
        if self.temp_state:
            shutil.rmtree(self.state_dir, ignore_errors=True)


def short_path(path):
    """Relative to the current directory when below it (the README runs from the repository root)."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def banner(backend, info):
    state = short_path(backend.state_dir)
    script = short_path(os.path.abspath(__file__))
    lines = ["", "VerbumCare demo backend is running (certificates made in %.0f ms)." % (backend.cert_seconds * 1000), ""]
    lines.append("  %-20s %-28s %-17s %s" % ("server", "host name", "listens on", "mode"))
    for sid, s in info["servers"].items():
        lines.append("  %-20s %-28s %-17s %s" % (sid, s["host"], "127.0.0.1:%d" % s["port"], s["mode"]))
    ca = short_path(info["ca"])
    connect = " ".join("--connect-to " + c for c in info["connectTo"])
    lines += [
        "",
        "CA certificate: " + ca,
        "",
        "Run the app against it (the host names are routed to loopback, nothing is resolved):",
        "  swift run verbumcare-tui --cacert %s %s" % (ca, connect),
        "or:  source %s/env.sh && swift run verbumcare-tui" % state,
        "",
        "Stop and start a server to watch the status change (modes: %s):" % ", ".join(MODES),
        "  python3 %s ctl --state-dir %s mac-mini down" % (script, state),
        "  python3 %s ctl --state-dir %s mac-mini up" % (script, state),
        "  python3 %s ctl --state-dir %s mac-mini slow --ms 3000" % (script, state),
        "",
        "Sign in as demo / demo.  Ctrl-C stops the backend.",
        "",
    ]
    return "\n".join(lines)


def run_backend(args, human):
    if args.exit_on_stdin_close:
        # Started by a program (a test): descriptors it leaked to us (other children's pipes) must not stay
        # open for as long as we run, or those children's readers never see EOF.
        os.closerange(3, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024)
    # Set from another thread: the main thread may be inside backend_stop.wait() holding its lock.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: threading.Thread(target=backend_stop.set, daemon=True).start())
    # A parent may have blocked signals (Swift Testing does); we want SIGTERM and SIGINT.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    backend = Backend(args)
    info = backend.ready_info()
    backend.write_state(info)
    if human:
        sys.stdout.write(banner(backend, info) + "\n")
    else:
        sys.stdout.write(json.dumps(info) + "\n")
    sys.stdout.flush()
    if args.exit_on_stdin_close:
        def watch_stdin():
            try:
                while os.read(0, 4096):
                    pass
            except OSError:
                pass
            backend_stop.set()
        threading.Thread(target=watch_stdin, name="stdin", daemon=True).start()
    while not backend_stop.wait(3600):
        pass
    backend.shutdown()
    if human:
        sys.stdout.write("demo backend stopped\n")
    return 0


backend_stop = threading.Event()


# --------------------------------------------------------------------------------------------- ctl

def control_request(port, method, path):
    request = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), method=method, data=b"" if method == "POST" else None)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read().decode("utf-8") or "{}")


def run_ctl(args):
    port = args.control_port
    if not port:
        path = os.path.join(args.state_dir, "demo.json")
        try:
            with open(path) as f:
                port = json.load(f)["control"]
        except (OSError, ValueError, KeyError):
            sys.stderr.write("no running demo backend found (%s); pass --state-dir or --control-port\n" % path)
            return 1
    words = args.words
    try:
        if words == ["status"] or not words:
            status, body = control_request(port, "GET", "/status")
        elif words == ["stats"]:
            status, body = control_request(port, "GET", "/stats")
        elif words in (["reset-stats"], ["stats", "reset"]):
            status, body = control_request(port, "POST", "/stats/reset")
        elif words == ["modes"]:
            status, body = control_request(port, "GET", "/modes")
        elif words == ["stop"]:
            status, body = control_request(port, "POST", "/shutdown")
        elif len(words) == 2:
            query = urllib.parse.urlencode({k: v for k, v in (("ms", args.ms), ("bytes", args.bytes)) if v is not None})
            status, body = control_request(port, "POST", "/mode/%s/%s%s" % (
                urllib.parse.quote(words[0]), urllib.parse.quote(words[1]), "?" + query if query else ""))
        else:
            sys.stderr.write("usage: ctl SERVER MODE [--ms N] [--bytes N] | ctl status|stats|reset-stats|modes|stop\n")
            return 64
    except (urllib.error.URLError, ConnectionError) as e:
        sys.stderr.write("cannot reach the demo backend on control port %d: %s\n" % (port, e))
        return 1
    print(json.dumps(body, ensure_ascii=False, indent=2))
    return 0 if status == 200 else 1


# --------------------------------------------------------------------------------------------- main

def parse_args(argv):
    parser = argparse.ArgumentParser(prog="demo_backend.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")

    def backend_options(p):
        p.add_argument("--state-dir", help="where certificates, demo.json and env.sh go (default: a temporary "
                                           "directory removed on exit)")
        p.add_argument("--server", action="append", metavar="ID=HOST", help="add (or re-host) a server; repeatable")
        p.add_argument("--extra-host", action="append", metavar="NAME",
                       help="also name NAME in every server's certificate (a custom address routed with "
                            "--connect-to to any server); repeatable")
        p.add_argument("--bench-servers", type=int, default=0, metavar="N",
                       help="add N servers bench-1..N as sN.%s with one wildcard certificate" % BENCH_DOMAIN)
        p.add_argument("--initial", action="append", metavar="ID=MODE", help="start a server in MODE; repeatable")
        p.add_argument("--port", action="append", metavar="ID=PORT", help="fixed port for a server; repeatable")
        p.add_argument("--cert-days", action="append", metavar="ID=DAYS",
                       help="the server's certificate ends in DAYS days (default %d); repeatable" % DEFAULT_CERT_DAYS)
        p.add_argument("--listen", default="127.0.0.1", metavar="ADDRESS",
                       help="address the servers listen on (default 127.0.0.1; tests in network namespaces "
                            "use the namespace's own address)")
        p.add_argument("--port-base", type=int, default=0, metavar="PORT",
                       help="servers listen on PORT, PORT+1, ... in order (default: ephemeral ports)")
        p.add_argument("--control-port", type=int, default=0, help="control listener port (default: ephemeral)")
        p.add_argument("--token-ttl", type=int, default=3600, metavar="SECONDS", help="access token lifetime")
        p.add_argument("--user-password", metavar="TEXT",
                       help="the demo user's password (default: demo); tests of long and multibyte passwords")
        p.add_argument("--exit-on-stdin-close", action="store_true", help="exit when standard input closes")
        p.add_argument("--remove-state-dir", action="store_true",
                       help="delete --state-dir on exit (tests: nothing is left behind even if the test dies)")
        p.add_argument("--verbose", action="store_true", help="log requests and mode changes on stderr")

    run = sub.add_parser("run", help="machine mode: print one JSON ready line on stdout")
    backend_options(run)
    serve = sub.add_parser("serve", help="human mode: print a banner and log requests")
    backend_options(serve)
    ctl = sub.add_parser("ctl", help="change a running backend: ctl SERVER MODE, ctl status|stats|reset-stats|modes|stop")
    ctl.add_argument("words", nargs="*")
    ctl.add_argument("--state-dir", default=os.environ.get("VERBUMCARE_DEMO_STATE", ".demo"))
    ctl.add_argument("--control-port", type=int, default=0)
    ctl.add_argument("--ms", type=int)
    ctl.add_argument("--bytes", type=int)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["run"] + list(argv)
    return parser.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    if args.command == "ctl":
        return run_ctl(args)
    if args.command == "serve":
        args.verbose = True
        return run_backend(args, human=True)
    return run_backend(args, human=False)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
