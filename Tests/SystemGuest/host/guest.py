"""One boot of the system guest under qemu-system-aarch64 (TCG), seen from the host.

The machine: Debian's arm64 kernel and a busybox initramfs that mounts /dev/vda (a raw ext4 image,
cache=writethrough: every write QEMU issued is in the file, a guest flush is an fdatasync), then
systemd. Three virtio consoles: hvc0 the system console (a log file), hvc1 the agent (a Unix
socket: roam-agent.sh answers commands), hvc2 the recorder's ack lines (a file, one per boot).
The PL011 (ttyAMA0) is the GNSS receiver: Tests/KernelSim/host/gnss-feeder.py over two FIFOs.
kill() is SIGKILL to QEMU: the guest loses its RAM and nothing it had written, a whole-OS power cut.
"""
import base64
import ctypes
import os
import re
import signal
import socket
import subprocess
import time

ACK = re.compile(r"^ack ride=(\d+) seq=(\d+)\.\.\.(\d+) fixes=(\d+)$")


class GuestError(Exception):
    pass


def die_with_parent():
    """In the child: SIGKILL when the harness goes (prctl PR_SET_PDEATHSIG), so no VM outlives a killed run."""
    ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))


class Guest:
    def __init__(self, cfg, run_dir, boot_no, extra_append=""):
        self.cfg, self.dir, self.no = cfg, run_dir, boot_no
        self.tag = "boot%02d" % boot_no
        self.console = os.path.join(run_dir, self.tag + "-console.log")
        self.acks_file = os.path.join(run_dir, self.tag + "-acks.log")
        self.sock_path = os.path.join(run_dir, "agent.sock")
        self.extra_append = extra_append
        self.qemu = self.feeder = self.sock = None
        self.buf = b""
        self.seq = 0

    def start(self, feed_start_s, feeding):
        for p in (self.sock_path, self.fifo("in"), self.fifo("out")):
            if os.path.exists(p):
                os.unlink(p)
        os.mkfifo(self.fifo("in"))
        os.mkfifo(self.fifo("out"))
        append = "console=hvc0 panic=-1 loglevel=4 " + self.extra_append
        cmd = ["qemu-system-aarch64", "-machine", "virt", "-accel", "tcg", "-cpu", "cortex-a72", "-m", "512",
               "-smp", "1", "-nodefaults", "-no-reboot", "-display", "none",
               "-kernel", self.cfg["kernel"], "-initrd", self.cfg["initrd"], "-append", append,
               # werror/rerror=report: a host disk that fills up is an I/O error in the guest, which its
               # checks see at once; QEMU's default pauses the VM, and each check then waits out its limit.
               "-drive", "file=%s,format=raw,if=none,id=disk,cache=writethrough,werror=report,rerror=report" % self.cfg["disk"],
               "-device", "virtio-blk-pci,drive=disk",
               "-device", "virtio-serial-pci",
               "-chardev", "file,id=con,path=" + self.console, "-device", "virtconsole,chardev=con",
               "-chardev", "socket,id=agent,path=%s,server=on,wait=off" % self.sock_path,
               "-device", "virtconsole,chardev=agent",
               "-chardev", "file,id=acks,path=" + self.acks_file, "-device", "virtconsole,chardev=acks",
               "-chardev", "pipe,id=gnss,path=" + os.path.join(self.dir, "gnss"), "-serial", "chardev:gnss"]
        self.t0 = time.monotonic()
        qlog = open(os.path.join(self.dir, self.tag + "-qemu.log"), "w")
        self.qemu = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=qlog, stderr=subprocess.STDOUT,
                                     preexec_fn=die_with_parent)
        fargs = ["python3", self.cfg["feeder"], "--start-s", "%d" % feed_start_s]
        if feeding:
            fargs.append("--feeding")
        flog = open(os.path.join(self.dir, self.tag + "-feeder.log"), "w")
        self.feeder = subprocess.Popen(fargs + [self.fifo("in"), self.fifo("out")], stdin=subprocess.DEVNULL,
                                       stdout=flog, stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(self.sock_path)
                break
            except OSError:
                self.sock.close()
                if self.qemu.poll() is not None or time.monotonic() > deadline:
                    raise GuestError("QEMU did not start (exit %s, see %s-qemu.log)" % (self.qemu.poll(), self.tag))
                time.sleep(0.2)

    def fifo(self, end):
        return os.path.join(self.dir, "gnss." + end)

    def since_power_on(self):
        return time.monotonic() - self.t0

    def _line(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or self.qemu.poll() is not None:
                return None
            self.sock.settimeout(min(left, 1.0))
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not data:
                return None
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def run(self, command, timeout=120, retries=1):
        """(exit status, output) of COMMAND run by sh as root in the guest. A command that gets no
        answer is sent again (RETRIES times) under a new id: only for commands safe to repeat."""
        for attempt in range(retries + 1):
            try:
                return self._run_once(command, timeout)
            except GuestError as e:
                if attempt == retries or self.qemu.poll() is not None:
                    raise
                self.log_note("no answer, sent again: %s" % e)

    def log_note(self, text):
        with open(os.path.join(self.dir, self.tag + "-agent.log"), "a") as f:
            f.write("%.1f %s\n" % (self.since_power_on(), text))

    def _run_once(self, command, timeout):
        self.seq += 1
        ident = "%d-%d" % (self.no, self.seq)
        self.sock.sendall(("%s %s\n" % (ident, base64.b64encode(command.encode()).decode())).encode())
        deadline = time.monotonic() + timeout
        while True:
            line = self._line(deadline)
            if line is None:
                raise GuestError("no answer within %d s to: %s" % (timeout, command[:120]))
            parts = line.split(" ", 2)
            # The console echoes what it got until the agent has made it raw: such lines are skipped.
            if len(parts) >= 2 and parts[0] == ident and parts[1].isdigit():
                out = base64.b64decode(parts[2]).decode(errors="replace") if len(parts) == 3 else ""
                return int(parts[1]), out

    def wait_agent(self, timeout):
        """Seconds from power-on until the agent answers (it starts with multi-user.target)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                rc, out = self.run("echo up", timeout=5, retries=0)
                if rc == 0 and out.strip() == "up":
                    return self.since_power_on()
            except GuestError:
                if self.qemu.poll() is not None:
                    raise GuestError("QEMU exited (%s) before the agent answered" % self.qemu.poll())
        raise GuestError("the agent did not answer within %d s of power-on (console: %s)" % (timeout, self.console))

    def wait_for(self, command, timeout, every=1.0):
        """Runs COMMAND until it exits 0; its output, or None after TIMEOUT seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rc, out = self.run(command, timeout=max(10, deadline - time.monotonic()))
            if rc == 0:
                return out
            time.sleep(every)
        return None

    def acks(self):
        """The ack lines that reached the host in this boot, as (ride, first seq, last seq, fixes)."""
        found = []
        try:
            with open(self.acks_file, errors="replace") as f:
                for line in f:
                    m = ACK.match(line.strip().replace("\r", ""))
                    if m:
                        found.append(tuple(int(g) for g in m.groups()))
        except FileNotFoundError:
            pass
        return found

    def kill(self):
        """The power cut: SIGKILL, no shutdown."""
        if self.qemu and self.qemu.poll() is None:
            self.qemu.send_signal(signal.SIGKILL)
        self._reap()

    def poweroff(self, timeout=180):
        try:
            self.run("systemctl --no-block poweroff", timeout=30, retries=0)
        except GuestError:
            pass
        try:
            self.qemu.wait(timeout)
        except subprocess.TimeoutExpired:
            self.qemu.kill()
            self._reap()
            return False
        self._reap()
        return True

    def _reap(self):
        if self.qemu:
            self.qemu.wait()
        if self.sock:
            self.sock.close()
        if self.feeder and self.feeder.poll() is None:
            self.feeder.terminate()
            try:
                self.feeder.wait(5)
            except subprocess.TimeoutExpired:
                self.feeder.kill()
                self.feeder.wait()
