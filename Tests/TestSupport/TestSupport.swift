// PLACEHOLDER: shared test helpers (temporary directories, running the built binary, the demo backend).
public enum TestSupport {}
