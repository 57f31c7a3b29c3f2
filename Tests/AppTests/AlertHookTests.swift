import Foundation
import Testing
import TestSupport

extension MonitoringConfigTests {
    /// The example hooks of docs/hooks/, run as the recorder runs them: the documented
    /// environment (nothing else), the event's JSON on stdin, a message with quotes, a line
    /// feed, shell syntax and Japanese. The mail goes to a stub sendmail; the LINE push to a
    /// loopback HTTPS receiver through `LINE_API_URL`.
    @Suite("example alert hooks")
    struct AlertHookTests {
        typealias Files = ShippedFiles
        static let message = "サーバー \"Mac Mini\" に接続できません (it's down)\n2行目: $HOME `id` \\n ; rm -rf ~"
        static let event = #"{"event":"server_down","server":{"id":"mac-mini","displayName":"Mac Mini","baseUrl":"https://verbumcaremac-mini/api"},"reason":{"code":"timeout","message":"No answer within 10 s"},"at":"2025-06-01T21:14:09Z","since":"2025-06-01T21:13:52Z","durationSeconds":null,"host":"kobe","language":"ja","resolvedOnStart":false}"#

        /// `env -i` with the hook environment of docs/ALERTS.md plus `extra`, and `event.json` on stdin.
        static func hookCommand(_ hook: String, home: String, extra: [String: String]) -> String {
            let variables = ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": home + "/config",
                             "VERBUMCARE_EVENT": "server_down", "VERBUMCARE_SERVER_ID": "mac-mini",
                             "VERBUMCARE_SERVER_NAME": "Mac Mini", "VERBUMCARE_SERVER_URL": "https://verbumcaremac-mini/api",
                             "VERBUMCARE_REASON": "timeout", "VERBUMCARE_MESSAGE": message,
                             "VERBUMCARE_SINCE": "2025-06-01T21:13:52Z", "VERBUMCARE_DURATION_S": "",
                             "VERBUMCARE_HOST": "kobe"].merging(extra) { $1 }
            let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Files.quote($0.value))" }
            return "env -i \(assignments.joined(separator: " ")) \(Files.quote(Files.hooks + "/" + hook)) < event.json"
        }

        static func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        }

        @Test("mail-sendmail hands sendmail one mail whose subject and body carry the message exactly")
        func mail() throws {
            let home = try TemporaryHome(prefix: "hook-mail")
            try home.write(Self.event, to: "event.json")
            try home.write("#!/bin/sh\nprintf '%s\\n' \"$*\" > \"$0.args\"\ncat > \"$0.mail\"\n", to: "sendmail")
            try home.write("# mail.conf\nMAIL_TO = \"it@example.org, nurse@example.org\"\n", to: "config/verbumcare/mail.conf")
            let sendmail = home.path + "/sendmail"
            chmod(sendmail, 0o755)
            let sent = Files.shell(Self.hookCommand("mail-sendmail", home: home.path, extra: ["SENDMAIL": sendmail]),
                                   in: home.path)
            #expect(sent.status == 0, "\(sent.output)")
            #expect(try Files.read(sendmail + ".args") == "-oi -t\n")

            // Read as a mail reader would (Python's email package decodes RFC 2047 and base64).
            let reader = """
                import email, email.policy, json, sys
                m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
                print(json.dumps({"subject": str(m["Subject"]), "to": str(m["To"]), "body": m.get_content()}))
                """
            try home.write(reader, to: "reader.py")
            let read = Files.shell("/usr/bin/python3 reader.py \(Files.quote(sendmail + ".mail"))", in: home.path)
            let mail = try Self.object(read.output)
            #expect(mail["subject"] as? String == "[VerbumCare] kobe: サーバー \"Mac Mini\" に接続できません (it's down)")
            #expect(mail["to"] as? String == "it@example.org, nurse@example.org")
            let body = try #require(mail["body"] as? String)
            #expect(body.hasPrefix(Self.message + "\n\n"), "\(body)")
            #expect(body.contains("\"resolvedOnStart\": false"), "\(body)")

            // Without a recipient it fails and says so (alerts test reports it as not delivered).
            let unaddressed = Files.shell(Self.hookCommand("mail-sendmail", home: home.path + "/nowhere",
                                                            extra: ["SENDMAIL": sendmail]), in: home.path)
            #expect(unaddressed.status != 0 && unaddressed.output.contains("MAIL_TO"), "\(unaddressed.output)")
        }
    }
}
