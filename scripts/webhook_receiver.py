#!/usr/bin/env python3
"""A loopback HTTPS webhook receiver for the alert tests (Tests/CommandLineTests/WebhookReceiver.swift).

    webhook_receiver.py --dir DIR [--host alerts.example.org] [--status 200]

Makes a throwaway CA and a certificate for HOST with the openssl command in DIR, listens on
127.0.0.1 (a free port), writes DIR/ready.json ({"port", "ca"}) once it accepts connections,
and appends one line per request to DIR/posts.jsonl: {"t": epoch seconds, "method", "path",
"body": the body as text, "status": the status answered}. Every request is answered with
STATUS and an empty JSON object; while DIR/status exists, the number in it is answered instead
(a test takes the receiver "down" with 503 and back with 200 without a new port).

It exits when its parent process ends (it is re-parented), so a test that dies leaves no server
behind, and on SIGTERM.
"""
import argparse
import http.server
import json
import os
import ssl
import subprocess
import threading
import time


def openssl(*args):
    subprocess.run(["openssl"] + list(args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE, check=True)


def make_certificates(directory, host):
    ca_key, ca = os.path.join(directory, "ca.key"), os.path.join(directory, "ca.pem")
    key, csr, cert = (os.path.join(directory, n) for n in ("server.key", "server.csr", "server.pem"))
    ext = os.path.join(directory, "server.ext")
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", ca_key, "-out", ca, "-subj", "/CN=Webhook Test CA (throwaway)", "-days", "2",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", csr, "-subj", "/CN=" + host)
    with open(ext, "w") as f:
        f.write("basicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:" + host + "\n")
    openssl("x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-set_serial", "0x1234",
            "-days", "2", "-sha256", "-extfile", ext, "-out", cert)
    return ca, cert, key


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--host", default="alerts.example.org")
    parser.add_argument("--status", type=int, default=200)
    options = parser.parse_args()
    ca, cert, key = make_certificates(options.dir, options.host)
    log_path = os.path.join(options.dir, "posts.jsonl")
    lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def handle_request(self):
            received = time.time()
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode("utf-8", errors="replace")
            status = options.status
            try:
                with open(os.path.join(options.dir, "status")) as f:
                    status = int(f.read().strip())
            except (OSError, ValueError):
                pass
            answer = b"{}"
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)
            line = json.dumps({"t": received, "method": self.command, "path": self.path, "body": body,
                               "status": status})
            with lock, open(log_path, "a") as f:
                f.write(line + "\n")

        do_POST = handle_request
        do_GET = handle_request

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)

    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.2)
        server.shutdown()

    threading.Thread(target=watch_parent, daemon=True).start()
    ready = os.path.join(options.dir, "ready.json")
    with open(ready + ".tmp", "w") as f:
        json.dump({"port": server.server_address[1], "ca": ca}, f)
    os.rename(ready + ".tmp", ready)
    server.serve_forever()


if __name__ == "__main__":
    main()
