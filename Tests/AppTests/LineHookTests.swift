import Foundation
import Testing
import TestSupport

extension MonitoringConfigTests.AlertHookTests {
    /// An HTTPS server on 127.0.0.1 that records one request in request.json, answers it with
    /// the status given, and exits (or exits after 15 s without one).
    static let receiver = #"""
        import http.server, json, os, ssl, sys
        folder, status = sys.argv[1], int(sys.argv[2])
        class Handler(http.server.BaseHTTPRequestHandler):
            disable_nagle_algorithm = True
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with open(folder + "/request.json", "w", encoding="utf-8") as f:
                    json.dump({"path": self.path, "headers": dict(self.headers.items()), "body": body.decode("utf-8")}, f)
                answer = b"{}" if status == 200 else b'{"message":"Invalid reply token"}'
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(folder + "/cert.pem", folder + "/key.pem")
        server.socket = context.wrap_socket(server.socket, server_side=True)
        server.timeout = 15
        with open(folder + "/port.tmp", "w") as f:
            f.write(str(server.server_address[1]))
        os.rename(folder + "/port.tmp", folder + "/port")
        server.handle_request()
        """#

    /// Starts the receiver, runs the LINE hook against it, waits for both.
    static func pushThroughReceiver(home: TemporaryHome, status: Int, extra: [String: String]) -> (status: Int32, output: String) {
        let url = "https://127.0.0.1:$(cat port)/v2/bot/message/push"
        var variables = extra
        variables["LINE_CA_BUNDLE"] = home.path + "/cert.pem"
        let hook = hookCommand("line-messaging-api", home: home.path, extra: variables)
            .replacingOccurrences(of: "env -i ", with: "env -i LINE_API_URL=\"\(url)\" ")
        return Files.shell("""
            rm -f port request.json
            /usr/bin/python3 receiver.py "$PWD" \(status) &
            receiver=$!
            tries=0; while [ ! -s port ] && [ $tries -lt 200 ]; do sleep 0.05; tries=$((tries + 1)); done
            status=0; \(hook) || status=$?
            wait $receiver
            exit $status
            """, in: home.path)
    }

    @Test("line-messaging-api pushes the message exactly, with the token from line.conf; an error answer fails the hook")
    func line() throws {
        let home = try TemporaryHome(prefix: "hook-line")
        try home.write(Self.event, to: "event.json")
        try home.write(Self.receiver, to: "receiver.py")
        let certificate = Files.shell("/usr/bin/openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes "
                                      + "-keyout key.pem -out cert.pem -days 2 -subj /CN=localhost "
                                      + "-addext subjectAltName=IP:127.0.0.1,DNS:localhost", in: home.path)
        #expect(certificate.status == 0, "\(certificate.output)")
        let token = #"tok"en\with'quotes"#
        try home.write("LINE_CHANNEL_ACCESS_TOKEN=\(token)\nLINE_TO=Cgroup0123\n", to: "config/verbumcare/line.conf")

        let pushed = Self.pushThroughReceiver(home: home, status: 200, extra: [:])
        #expect(pushed.status == 0, "\(pushed.output)")
        let request = try Self.object(try Files.read(home.path + "/request.json"))
        #expect(request["path"] as? String == "/v2/bot/message/push")
        let headers = try #require(request["headers"] as? [String: String])
        #expect(headers["Authorization"] == "Bearer " + token, "\(headers)")
        #expect(headers["Content-Type"] == "application/json; charset=utf-8", "\(headers)")
        let body = try Self.object(try #require(request["body"] as? String))
        #expect(body["to"] as? String == "Cgroup0123")
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages == [["type": "text", "text": "[VerbumCare] kobe\n" + Self.message]], "\(messages)")

        // LINE refuses: the hook fails (curl's 22) and its answer reaches the log; the environment
        // wins over line.conf.
        let refused = Self.pushThroughReceiver(home: home, status: 400, extra: ["LINE_TO": "Uother"])
        #expect(refused.status == 22 && refused.output.contains("Invalid reply token"), "\(refused.output)")
        let refusedBody = try Self.object(try #require(try Self.object(try Files.read(home.path + "/request.json"))["body"] as? String))
        #expect(refusedBody["to"] as? String == "Uother")

        // Never plain http: the token would travel in clear.
        let plain = Files.shell(Self.hookCommand("line-messaging-api", home: home.path,
                                                 extra: ["LINE_API_URL": "http://127.0.0.1:9/push"]), in: home.path)
        #expect(plain.status == 1 && plain.output.contains("https"), "\(plain.output)")
    }
}
