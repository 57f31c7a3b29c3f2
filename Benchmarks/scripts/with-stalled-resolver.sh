#!/bin/sh
# Runs a command where name resolution never answers, without anything leaving the machine.
#
#   Benchmarks/scripts/with-stalled-resolver.sh COMMAND [ARGUMENT...]
#
# The command runs in new network and mount namespaces (needs root or user namespaces): only
# the loopback interface exists, /etc/resolv.conf names one DNS server, 127.0.0.53, and
# /etc/nsswitch.conf resolves hosts through files then dns (bind mounts, seen only inside).
# That server is a UDP socket that reads every query and drops it, like a facility box's DNS
# server that has gone silent: glibc's resolver waits its full timeout for each attempt.
# Exits with the command's status. Used by the resolver tests and Benchmarks/scripts/run-all.sh.
set -eu
if [ "${VC_STALLED_RESOLVER_INSIDE:-}" != 1 ]; then
    exec unshare --net --mount env VC_STALLED_RESOLVER_INSIDE=1 /bin/sh "$0" "$@"
fi
unset VC_STALLED_RESOLVER_INSIDE
ip link set lo up
dir=$(mktemp -d /tmp/vc-stalled-resolver.XXXXXX)
printf 'nameserver 127.0.0.53\n' > "$dir/resolv.conf"
printf 'hosts: files dns\n' > "$dir/nsswitch.conf"
mount --bind "$dir/resolv.conf" /etc/resolv.conf
mount --bind "$dir/nsswitch.conf" /etc/nsswitch.conf
python3 -c '
import socket, sys
stub = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
stub.bind(("127.0.0.53", 53))
print("ready", flush=True)
sys.stdout.close()
while True:
    stub.recvfrom(4096)  # read the query and drop it: no answer, ever
' > "$dir/stub.out" &
stub=$!
trap 'kill $stub 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do
    grep -q ready "$dir/stub.out" 2>/dev/null && break
    sleep 0.02
done
status=0
"$@" || status=$?
exit $status
