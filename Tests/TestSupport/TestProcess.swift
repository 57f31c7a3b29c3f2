import CTestProcess

/// How this test process is set up (Tests/CTestProcess): as the product's processes are.
public enum TestProcess {
    /// SIGPIPE is ignored here, as in every process of the product (Sources/VerbumTUI/main.swift).
    public static var ignoresSIGPIPE: Bool { vc_test_process_ignores_sigpipe() == 1 }
}
