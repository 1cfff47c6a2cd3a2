# gpsd's start for scripts/bench-peer (sourced). Its port was 29470 + RANDOM % 500 and its start judged
# by `sleep 1` and `kill -0`: a port another program held read as "gpsd could not start" or, worse, gpsd
# ran without its IPv4 socket and gpxlogger talked to the other program; a start slower than a second
# (a loaded machine, strace) was taken for one. Now the port is one the kernel picks as free, a port
# taken all the same (gpsd says it cannot bind) is left for the kernel's next pick, said on stderr, and
# gpsd is ready when it greets a connection to 127.0.0.1 with its VERSION object, within 30 s.

# free_port: a TCP port on 127.0.0.1 that the kernel picks as free (bind to port 0; closed again).
free_port() {
    perl -MIO::Socket::INET -e 'my $s = IO::Socket::INET->new(Listen => 1, LocalAddr => "127.0.0.1:0")
        or die "bench-peer: the kernel gave no free TCP port on 127.0.0.1 ($@)\n"; print $s->sockport, "\n"'
}

# gpsd_greets PORT: whether what listens on 127.0.0.1:PORT answers a connection as gpsd does, with its
# VERSION object, within 2 s (a listener that never accepts holds a connect until TCP gives up).
gpsd_greets() {
    local greeting
    greeting=$(timeout 2 bash -c 'exec 7<>"/dev/tcp/127.0.0.1/$1" && IFS= read -r -t 1 line <&7 && printf "%s" "$line"' greet "$1" 2>/dev/null) || return
    [[ $greeting == *'"class":"VERSION"'* ]]
}

# start_gpsd FIRST_PORT: gpsd on play's $dir/gps (traced as play's $trace says), on FIRST_PORT or, when
# empty, the kernel's pick. Sets play's port, gpsd_pid and gpsd_wrapper; on a failure gpsd is stopped,
# gpsd_pid is empty and play's peer says why, in one line.
start_gpsd() {
    local tries deadline why="" taken
    port=${1:-$(free_port)} || { peer="no port for gpsd: the recorder's side only"; return; }
    for tries in 1 2 3; do
        ${trace[@]:+"${trace[@]}" "$dir/gpsd.strace"} gpsd -N -n -b -S "$port" -F "$dir/gpsd.sock" "$dir/gps" 2>"$dir/gpsd.log" &
        gpsd_wrapper=$!; PIDS+=($!)
        gpsd_pid=$(child_of $! gpsd); PIDS+=($gpsd_pid)
        deadline=$((SECONDS + 30)) why=""
        while [ -z "$why" ]; do
            if grep -q "can't bind to IPv4 port" "$dir/gpsd.log"; then why=taken
            elif ! kill -0 "$gpsd_pid" 2>/dev/null; then why="gpsd could not start ($(tail -1 "$dir/gpsd.log"))"
            elif gpsd_greets "$port"; then return
            elif [ $SECONDS -ge $deadline ]; then why="gpsd did not answer on 127.0.0.1:$port within 30 s ($(tail -1 "$dir/gpsd.log"))"
            else sleep 0.1
            fi
        done
        kill "$gpsd_pid" 2>/dev/null || true; wait "$gpsd_wrapper" 2>/dev/null || true; gpsd_pid=""
        [ "$why" = taken ] || break
        why="gpsd found its port taken $tries times (the last, $port)"
        [ "$tries" -lt 3 ] || break
        taken=$port
        port=$(free_port) || { why="gpsd found port $taken taken, and the kernel gave no other"; break; }
        echo "bench-peer: gpsd's port $taken is taken by another program; trying $port, the kernel's pick" >&2
    done
    peer="$why: the recorder's side only"
}
