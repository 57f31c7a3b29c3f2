#!/usr/bin/env python3
"""A loopback HTTPS server that answers Prometheus's query API badly, for the `fleet` tests
(Tests/CommandLineTests/FleetBadAnswerTests.swift).

    query_api_stub.py --dir DIR [--host prometheus.example.org]

Makes a throwaway CA and a certificate for HOST (as webhook_receiver.py does), listens on
127.0.0.1 (a free port) and writes DIR/ready.json ({"port", "ca"}). The first segment of the
path chooses the answer, so one server covers every case (`fleet` appends /api/v1/query to
the URL it is given):
  /garbage/…   200, bytes that are not JSON
  /html/…      200, an HTML page (a login portal, a wrong address)
  /unauthorized/…  401 with a JSON error
  /hang/…      accepts and never answers
  /empty/…     200, a valid query answer with no series
It exits when its parent process ends, and on SIGTERM.
"""
import argparse
import http.server
import json
import os
import ssl
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webhook_receiver import make_certificates  # noqa: E402

ANSWERS = {
    "garbage": (200, "application/json", b"\x00\x01\x02 not json at all \xff\xfe"),
    "html": (200, "text/html", b"<!DOCTYPE html><html><head><title>Sign in</title></head><body>Portal</body></html>"),
    "unauthorized": (401, "application/json", b'{"status":"error","errorType":"unauthorized","error":"no token"}'),
    "empty": (200, "application/json", b'{"status":"success","data":{"resultType":"vector","result":[]}}'),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--host", default="prometheus.example.org")
    options = parser.parse_args()
    ca, cert, key = make_certificates(options.dir, options.host)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def do_GET(self):
            mode = self.path.strip("/").split("/")[0]
            if mode == "hang":
                time.sleep(3600)
                return
            status, kind, body = ANSWERS.get(mode, (404, "text/plain", b"not found"))
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

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
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    ready = os.path.join(options.dir, "ready.json")
    with open(ready + ".tmp", "w") as f:
        json.dump({"port": server.server_address[1], "ca": ca}, f)
    os.rename(ready + ".tmp", ready)
    server.serve_forever()


if __name__ == "__main__":
    main()
