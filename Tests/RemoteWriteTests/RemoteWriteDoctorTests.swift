import AppCore
import Doctor
import Testing

/// `doctor`'s `remote_write` check from its facts: off, nothing yet, accepted, waiting for an
/// unreachable receiver, refused for good, or a token file that cannot be used; the receiver is
/// named as given (already redacted) with the last answer and the lag.
@Suite struct RemoteWriteDoctorTests {
    static let url = "https://prom.example/api/v1/write?***"

    static func check(_ answer: RemoteWriteAnswer?, token: AppError? = nil) -> DoctorCheck? {
        let state = answer.map { RemoteWritePolicy.State(cursor: RemoteWriteCursor(at: 40_000, serverKey: 1), lastAnswer: $0, lastAt: 99) }
        return Doctor.remoteWrite(RemoteWriteFacts(url: url, tokenProblem: token, state: state, now: 100)).first
    }

    @Test func eachStateHasItsStatusAndWords() {
        #expect(Doctor.remoteWrite(RemoteWriteFacts(url: nil, tokenProblem: nil, state: nil, now: 0)).map(\.message.key)
                == ["doctor.remote_write.off"])
        #expect(Self.check(nil)?.message.key == "doctor.remote_write.not_yet")
        let accepted = Self.check(.status(204))
        #expect(accepted?.status == .ok)
        #expect(accepted?.message.parameters == ["url": Self.url, "detail": "HTTP 204", "lag": "60"])
        #expect(Self.check(.status(503))?.status == .warning)
        #expect(Self.check(.failed("timeout"))?.message.key == "doctor.remote_write.waiting")
        #expect(Self.check(.status(401))?.status == .error)
        #expect(Self.check(.status(413))?.message.key == "doctor.remote_write.refused")
        let token = Self.check(.status(204), token: AppError(key: "cli.token_file.open", parameters: ["path": "/t", "mode": "644"]))
        #expect(token?.status == .error)
        #expect(token?.message.key == "cli.token_file.open")
    }
}
