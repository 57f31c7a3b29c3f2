#!/usr/bin/env python3
"""SPEC §13 remote-write figures against Debian's own prometheus, started on loopback with TLS
(a throwaway CA made with openssl), its remote-write receiver and an out-of-order window:

  remote-write-round     CPU a round's push adds (10 servers' series, history read, protobuf,
                         snappy, the HTTPS request), median over the rounds, goal < 5 ms
  remote-write-backfill  7 days of 10 s probes of 10 servers sent after an outage, oldest first,
                         in batches, until prometheus accepted them all, goal < 60 s; the samples
                         prometheus then holds are counted (every row once)

    python3 Benchmarks/scripts/remote-write.py [--no-build] [--quick]
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from importlib import import_module  # noqa: E402

figures = import_module("bench-figures")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def certificates(folder):
    def openssl(*arguments):
        subprocess.run(["openssl", *arguments], cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=bench-ca", "-keyout", "ca.key", "-out", "ca.pem")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr")
    with open(os.path.join(folder, "ext.cnf"), "w") as out:
        out.write("subjectAltName=IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", "ext.cnf", "-out", "server.pem")


def curl(url, ca):
    done = subprocess.run(["curl", "-fsS", "--max-time", "30", "--cacert", ca, url], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
    return done.stdout if done.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="use the release verbumcare-bench as it is")
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    options = parser.parse_args()
    if not shutil.which("prometheus"):
        print("RESULT remote-write: prometheus is not installed (scripts/ensure-deps)")
        return
    binary = figures.bench_binary(build=not options.no_build)
    folder = tempfile.mkdtemp(prefix="verbumcare-bench-rw-")
    server = None
    try:
        certificates(folder)
        port = free_port()
        with open(os.path.join(folder, "prometheus.yml"), "w") as out:
            out.write("global: {}\nstorage:\n  tsdb:\n    out_of_order_time_window: 8d\n")
        with open(os.path.join(folder, "web.yml"), "w") as out:
            out.write(f"tls_server_config:\n  cert_file: {folder}/server.pem\n  key_file: {folder}/server.key\n")
        server = subprocess.Popen(["prometheus", f"--config.file={folder}/prometheus.yml", f"--web.config.file={folder}/web.yml",
                                   f"--web.listen-address=127.0.0.1:{port}", f"--storage.tsdb.path={folder}/data",
                                   "--web.enable-remote-write-receiver", "--log.level=error"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        ca = os.path.join(folder, "ca.pem")
        base = f"https://127.0.0.1:{port}"
        deadline = time.time() + 30
        while curl(base + "/-/ready", ca) is None:
            if time.time() > deadline:
                print("RESULT remote-write: prometheus did not start")
                return
            time.sleep(0.1)
        output = figures.run(binary, "remote-write", "--url", base + "/api/v1/write", "--cacert", ca,
                             "--rounds", "50" if options.quick else "200")
        figures.result("remote-write-round", figures.figure(output, r"CPU per round median ([0-9.]+) ms"),
                       "ms CPU per round (10 servers)", "< 5 ms", lambda value: value < 5)
        seconds = figures.figure(output, r"accepted in ([0-9.]+) s wall")
        rows = figures.figure(output, r"remote-write\.backfill: ([0-9]+) rows")
        last = re.search(r"last answer (\S+ ?\S*),", output)
        span = re.search(r"from_ms (\d+) to_ms (\d+)", output)
        stored = None
        if span:
            query = urllib.parse.quote('sum(count_over_time(probe_success{facility="bench"}[8d]))')
            answer = curl(f"{base}/api/v1/query?query={query}&time={int(span.group(2)) / 1000 + 1}", ca)
            try:
                stored = float(json.loads(answer)["data"]["result"][0]["value"][1])
            except (TypeError, ValueError, KeyError, IndexError):
                stored = None
        print(f"remote-write.backfill: prometheus holds {stored} probe_success samples of facility=bench "
              f"(rows sent {rows}, last answer {last.group(1) if last else None})")
        # The round figure's pushes went there too (10 rows a round): the count must be the
        # backfill's rows plus those, every row once.
        round_rows = figures.figure(output, r"remote-write\.round: \d+ series a round, (\d+)/")
        complete = stored is not None and rows is not None and stored >= rows
        figures.result("remote-write-backfill", seconds if complete else None,
                       "s until 7 days of 10 servers were accepted", "< 60 s", lambda value: value < 60)
        if round_rows is not None and stored is not None and rows is not None:
            print(f"remote-write.backfill: samples stored minus rows sent: {stored - rows - round_rows * 10:.0f} (0: none lost, none twice)")
    finally:
        if server:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
