# A remote-write receiver for the error cases (issue 28), HTTPS on loopback: the path says how
# it answers. It keeps the last request's headers and body in its folder, and exits when the
# test process is gone (a test that dies leaves no server behind).
import http.server, json, os, ssl, sys, threading, time

folder, cert, key, watched = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        with open(os.path.join(folder, "requests.log"), "a") as log:
            log.write(self.path + "\n")
        with open(os.path.join(folder, "last-headers.json"), "w") as out:
            json.dump({k.lower(): v for k, v in self.headers.items()}, out)
        with open(os.path.join(folder, "last-body.bin"), "wb") as out:
            out.write(body)
        path = self.path.strip("/")
        if path == "hang":
            time.sleep(30)
            return
        if path == "redirect":
            self.send_response(302)
            self.send_header("Location", "https://127.0.0.1:%d/ok" % self.server.server_port)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path == "big":
            size = 10 * 1024 * 1024
            self.send_response(200)
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b"x" * 65536
            try:
                for _ in range(size // len(chunk)):
                    self.wfile.write(chunk)
            except OSError:
                pass
            return
        status = 204 if path == "ok" else int(path)
        text = b"" if status == 204 else b"refused\n"
        self.send_response(status)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
with open(os.path.join(folder, "port"), "w") as out:
    out.write(str(server.server_port))
threading.Thread(target=server.serve_forever, daemon=True).start()
while True:
    try:
        os.kill(watched, 0)
    except OSError:
        break
    time.sleep(0.5)
