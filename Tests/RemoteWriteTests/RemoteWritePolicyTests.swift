import AppCore
import PropertyBased
import Testing
import TestSupport

/// The remote write's decisions alone (issue 28): what each answer means, where the cursor goes,
/// and that nothing the receiver did not take is skipped unless it was refused for good.
@Suite struct RemoteWritePolicyTests {
    @Test func answersAreJudgedAsTheIssueSays() {
        for code in [200, 204] { #expect(RemoteWritePolicy.verdict(.status(code)) == .accepted) }
        for code in [400, 401, 403, 404, 413] { #expect(RemoteWritePolicy.verdict(.status(code)) == .skipBatch, "\(code)") }
        for code in [408, 429, 500, 502, 503] { #expect(RemoteWritePolicy.verdict(.status(code)) == .retryLater, "\(code)") }
        #expect(RemoteWritePolicy.verdict(.redirect(302)) == .retryLater)
        for code in ["timeout", "tls", "connection_refused", "too_large"] {
            #expect(RemoteWritePolicy.verdict(.failed(code)) == .retryLater)
        }
    }

    @Test func aProblemIsToldOnceUntilTheReceiverAcceptsAgain() {
        let batch = RemoteWriteCursor(at: 10, serverKey: 1)
        var state = RemoteWritePolicy.State(cursor: RemoteWriteCursor(at: 0, serverKey: 0))
        var told: [String] = []
        for answer in [RemoteWriteAnswer.status(503), .status(503), .failed("timeout"), .failed("timeout"), .status(200),
                       .status(503)] {
            let step = RemoteWritePolicy.after(state, batchEnd: batch, full: false, answer: answer, at: 1)
            if let tell = step.tell { told.append(tell) }
            state = step.state
        }
        #expect(told == ["HTTP 503", "timeout", "HTTP 503"])
    }

    /// A model of a push history: batches of rows in order, a receiver answering anything. Each
    /// batch is either stored by the receiver or refused for good (told), never passed over
    /// while the receiver only failed to take it; the cursor never goes back.
    @Test func noBatchIsPassedOverWhileTheReceiverIsOnlyAway() async {
        let answers: [RemoteWriteAnswer] = [.status(200), .status(204), .status(500), .status(503), .status(429),
                                            .status(400), .status(401), .status(413), .redirect(302), .failed("timeout"),
                                            .failed("tls"), .failed("connection_refused")]
        let stories = shrinking { rng in
            (0..<Int.random(in: 1...40, using: &rng)).map { _ in answers[Int.random(in: 0..<answers.count, using: &rng)] }
        }
        await propertyCheck(count: 200, input: stories) { story in
            let batches = (1...10).map { RemoteWriteCursor(at: Int64($0) * 1000, serverKey: 1) }
            var state = RemoteWritePolicy.State(cursor: RemoteWriteCursor(at: 0, serverKey: 0))
            var stored: [Int64] = [], refused: [Int64] = []
            var lastTold: String?
            for answer in story {
                // The next batch: the first one after the cursor.
                guard let batch = batches.first(where: { $0 > state.cursor! }) else { break }
                let step = RemoteWritePolicy.after(state, batchEnd: batch, full: true, answer: answer, at: 0)
                #expect(step.state.cursor! >= state.cursor!)
                switch RemoteWritePolicy.verdict(answer) {
                case .accepted: stored.append(batch.at)
                case .skipBatch: refused.append(batch.at)
                case .retryLater: #expect(step.state.cursor == state.cursor)
                }
                if let tell = step.tell {
                    #expect(tell != lastTold)
                    lastTold = tell
                }
                if RemoteWritePolicy.verdict(answer) == .accepted { lastTold = nil }
                state = step.state
            }
            // Everything up to the cursor was stored or refused, each once, in order.
            let done = (stored + refused).sorted()
            #expect(done == batches.map(\.at).filter { $0 <= state.cursor!.at })
        }
    }

    @Test func aFirstPushStartsAtTheCurrentRound() {
        let cursor = RemoteWritePolicy.initialCursor(since: 5000)
        #expect(cursor < RemoteWriteCursor(at: 5000, serverKey: 0))
        #expect(cursor > RemoteWriteCursor(at: 4999, serverKey: 1 << 40))
        let state = RemoteWritePolicy.State(cursor: RemoteWriteCursor(at: 4000, serverKey: 1))
        #expect(RemoteWritePolicy.lagSeconds(state, now: 10) == 6)
    }

    @Test func urlsAndFacilityNamesAreCheckedWithTheirReasons() {
        #expect(RemoteWriteAddress.check("https://prom.example/api/v1/write") == .success("https://prom.example/api/v1/write"))
        #expect(RemoteWriteAddress.check("http://prom.example/api/v1/write") == .failure(.notHTTPS(shown: "http://prom.example/api/v1/write")))
        guard case .failure(.credentials(let shown)) = RemoteWriteAddress.check("https://user:s3cret@prom.example/w") else {
            Issue.record("credentials accepted")
            return
        }
        #expect(!shown.contains("s3cret"))
        #expect(FacilityLabel.check(" 東京第一 ") == .success("東京第一"))
        #expect(FacilityLabel.check("a\u{1B}[31m") == .failure(.invalid))
        #expect(FacilityLabel.check("") == .failure(.invalid))
        #expect(FacilityLabel.check(String(repeating: "x", count: 129)) == .failure(.invalid))
    }
}
