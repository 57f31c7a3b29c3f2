// PLACEHOLDER: benchmark subcommands are added by the connectivity and rendering work.
print("verbumcare-bench: no benchmarks yet")
