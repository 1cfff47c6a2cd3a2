#!/bin/sh
# The host's hands in the guest: reads "ID BASE64-COMMAND" lines on the virtio console hvc1, runs
# each command with sh as root, answers "ID EXIT-STATUS BASE64-OUTPUT" (stdout and stderr) on one line.
# A command never holds the console: it runs with stdin from /dev/null.
# Raw and without echo on the open descriptor: a canonical tty cuts lines at 4095 bytes and echoes
# them back, and hvc's settings do not outlive the last close (so not `stty -F` before the open).
exec 3<> /dev/hvc1
stty raw -echo <&3
while read -r id cmd <&3; do
    out=$(printf '%s' "$cmd" | base64 -d > /run/roam-agent.cmd && sh /run/roam-agent.cmd < /dev/null 2>&1)
    rc=$?
    printf '%s %s %s\n' "$id" "$rc" "$(printf '%s' "$out" | base64 -w0)" >&3
done
