#!/usr/bin/env python3
"""The far end of the guest's GNSS UART: a u-blox M8 on a straight road heading north at 5.6 m/s.

It starts as a module whose backup cell kept what an earlier session saved: 115200 baud, 1 Hz,
RMC GGA GSA (the boards of s1-s8 take it as it is, receiver = none). After "$PKSIM,POWER" it is a
stock module, its backup drained: 9600 baud, 1 Hz, the factory sentence set (GGA GLL GSA GSV RMC
VTG; GST and ZDA off). Either way it changes only for a correct UBX command: CFG-PRT (baud), CFG-MSG (one
sentence on or off), CFG-RATE (measurement period), CFG-NAV5 (a dynamic model the M8 lists), each
answered with ACK-ACK, or ACK-NAK when refused; MON-VER polls are answered. A frame whose Fletcher
checksum is wrong changes nothing and gets no answer, as on the real chip. At a baud too slow for its output the module drops what does
not fit into the period, as a u-blox drops from a full TX buffer (where the baud is modelled).

The baud: QEMU's emulated UART carries bytes at any divisor. With --pty (x86-64) QEMU reaches the
feeder through a pseudo-terminal whose speed QEMU sets to what the guest's 16550 divisor asks for;
when that speed is not the module's, each side hears the other as framing junk. Without --pty (a
FIFO pair: virt's PL011 model passes no speed on) the guest is taken to listen at the module's baud.

Harness lines from the guest, not part of the module (read at any speed, answered in clear):
  $PKSIM,FEED,ON|OFF   the module's TX wire connected or cut (it keeps running, and its settings)
  $PKSIM,POWER         power cycle: back to the stock settings, the banner again, the report emptied
  $PKSIM,PRESET        power cycle with the saved settings again (what s1-s8 expect), report emptied
  $PKSIM,REPORT        "$PKSIM,STATE,..." and one "$PKSIM,TOOK,..." per command taken, then "$PKSIM,END"

usage: gnss-feeder.py [--start-s S] [--feeding] TO_GUEST_FIFO FROM_GUEST_FIFO
       gnss-feeder.py [--start-s S] [--feeding] --pty PATH_FILE   (writes the pty's path into PATH_FILE)
  --start-s S   the module's clock starts at S seconds after midnight UTC (default 36000, 10:00:00):
                the system guest starts a feeder per boot and keeps the time running across power cuts
  --feeding     the TX wire is connected from the start (no "$PKSIM,FEED,ON" needed)
Runs until killed; every event goes to stderr (the run's feeder.log).
"""
import fcntl
import os
import pty
import select
import signal
import sys
import termios
import time
import tty

START_MS = 36000 * 1000      # 10:00:00.00 UTC
DATE = "290625"              # 29 June 2025, DDMMYY
LAT_MIN_E4 = 220000          # 47°22.0000'N, in 1/10000 minute
STEP_E4_PER_100MS = 3        # 0.0030' of latitude per second = 5.56 m/s = 10.80 kn
STOCK_SENTENCES = {"GGA", "GLL", "GSA", "GSV", "RMC", "VTG"}
SAVED_SENTENCES = {"GGA", "GSA", "RMC"}
NMEA_IDS = {0x00: "GGA", 0x01: "GLL", 0x02: "GSA", 0x03: "GSV", 0x04: "RMC", 0x05: "VTG", 0x06: "GRS", 0x07: "GST", 0x08: "ZDA"}
BAUDS = (4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800)
# Bytes the guest may leave unread (about 1.4 s at 10 Hz) before it counts as not listening.
MAX_QUEUED = 4096
SPEEDS = {getattr(termios, "B%d" % b): b for b in BAUDS + (1200, 2400)}


def log(text):
    print("feeder: " + text, file=sys.stderr, flush=True)


def nmea(body):
    cs = 0
    for c in body.encode():
        cs ^= c
    return ("$%s*%02X\r\n" % (body, cs)).encode()


def fletcher(data):
    a = b = 0
    for c in data:
        a = (a + c) & 0xFF
        b = (b + a) & 0xFF
    return bytes((a, b))


def ubx(cls, mid, payload=b""):
    body = bytes((cls, mid, len(payload) & 0xFF, len(payload) >> 8)) + payload
    return b"\xb5\x62" + body + fletcher(body)


def field(text, width):
    return text.encode()[:width].ljust(width, b"\0")


MON_VER = ubx(0x0A, 0x04, field("ROM CORE 3.01 (107888)", 30) + field("00080000", 10)
              + field("FWVER=SPG 3.01", 30) + field("PROTVER=18.00", 30) + field("MOD=NEO-M8N-0", 30))
BANNER = nmea("GPTXT,01,01,02,u-blox ag - www.u-blox.com") + nmea("GPTXT,01,01,02,HW UBX-M8030 00080000")


class Module:
    """The receiver's settings and its command parser (UBX and NMEA framing)."""

    def __init__(self):
        self.power_on(saved=True)

    def power_on(self, saved=False):
        if saved:
            self.baud, self.period_ms, self.sentences = 115200, 1000, set(SAVED_SENTENCES)
        else:
            self.baud, self.period_ms, self.sentences = 9600, 1000, set(STOCK_SENTENCES)
        # What the report tells since power-up: the commands taken, and the answers given.
        self.took, self.counts = [], {"ack": 0, "nak": 0, "badsum": 0}
        self.rx = b""
        self.banner_due = True

    def feed(self, data):
        """Bytes the module heard; returns its answer (sent at the old baud) and the new baud, if any."""
        self.rx += data
        out, new_baud = b"", None
        while True:
            start = self.rx.find(b"\xb5\x62")
            if start < 0 or len(self.rx) - start < 8:
                self.rx = self.rx[start:] if start >= 0 else self.rx[-1:]
                return out, new_baud
            length = self.rx[start + 4] | self.rx[start + 5] << 8
            end = start + 6 + length + 2
            if length > 512:
                self.rx = self.rx[start + 2:]
                continue
            if len(self.rx) < end:
                self.rx = self.rx[start:]
                return out, new_baud
            frame, self.rx = self.rx[start:end], self.rx[end:]
            if fletcher(frame[2:-2]) != frame[-2:]:
                self.counts["badsum"] += 1
                log("UBX %02X %02X with a wrong checksum: ignored" % (frame[2], frame[3]))
                continue
            answer, baud = self.command(frame[2], frame[3], frame[6:-2])
            out += answer
            new_baud = baud or new_baud

    def command(self, cls, mid, p):
        if (cls, mid, len(p)) == (0x0A, 0x04, 0):
            return MON_VER, None
        if cls != 0x06:
            return b"", None
        what, baud = None, None
        if mid == 0x00 and len(p) == 20 and p[0] == 1:
            rate = int.from_bytes(p[8:12], "little")
            if rate in BAUDS:
                what, baud = "CFG-PRT %d" % rate, rate
        elif mid == 0x01 and len(p) in (3, 8) and p[0] == 0xF0 and p[1] in NMEA_IDS:
            name, on = NMEA_IDS[p[1]], (p[2] if len(p) == 3 else p[3]) > 0
            (self.sentences.add if on else self.sentences.discard)(name)
            what = "CFG-MSG %s %d" % (name, on)
        elif mid == 0x24 and len(p) == 36 and p[0] & 0x01 and p[2] in (0, 2, 3, 4, 5, 6, 7, 8, 9):
            what = "CFG-NAV5 dynModel %d" % p[2]  # mask bit 0: dynModel (payload byte 2) is applied
        elif mid == 0x08 and len(p) == 6:
            ms = int.from_bytes(p[0:2], "little")
            if 25 <= ms <= 10000:
                self.period_ms, what = ms, "CFG-RATE %d" % ms
        self.counts["ack" if what else "nak"] += 1
        self.took += [what] if what else []
        log("%s -> ACK-%s" % (what or "CFG %02X len %d" % (mid, len(p)), "ACK" if what else "NAK"))
        return ubx(0x05, 0x01 if what else 0x00, bytes((cls, mid))), baud

    def epoch(self, t_ms, baud_known):
        """The sentences of the epoch at t_ms, in a u-blox's order (cut to the baud when it is modelled)."""
        sod = t_ms // 1000
        t = "%02d%02d%02d.%02d" % (sod // 3600 % 24, sod // 60 % 60, sod % 60, t_ms % 1000 // 10)
        lat = LAT_MIN_E4 + (t_ms - START_MS) // 100 * STEP_E4_PER_100MS
        pos = "47%02d.%04d,N,00832.5000,E" % (lat // 10000, lat % 10000)
        lines = [
            ("RMC", "GPRMC,%s,A,%s,10.80,0.0,%s,,,A" % (t, pos, DATE)),
            ("VTG", "GPVTG,0.0,T,,M,10.80,N,20.00,K,A"),
            ("GGA", "GPGGA,%s,%s,1,09,0.9,512.0,M,47.3,M,," % (t, pos)),
            ("GSA", "GPGSA,A,3,02,05,07,09,13,15,18,20,30,,,,1.6,0.9,1.3"),
            ("GSV", "GPGSV,1,1,04,02,45,120,38,05,30,200,35,07,60,045,40,13,15,300,30"),
            ("GLL", "GPGLL,%s,%s,A,A" % (pos, t)),
            ("GST", "GPGST,%s,1.2,2.1,1.5,12.0,1.8,1.6,3.2" % t),
            ("ZDA", "GPZDA,%s,29,06,2025,00,00" % t),
        ]
        out = b"".join(nmea(body) for name, body in lines if name in self.sentences)
        # 8N1: ten bits a byte. What does not fit into the period is lost, as from a full TX buffer.
        budget = self.baud // 10 * self.period_ms // 1000
        return out if len(out) <= budget or not baud_known else out[:out.rfind(b"\n", 0, budget) + 1]


def junk(data, seed=[0x5A]):
    # Bytes heard at the wrong baud: never a '$' or a line end, so no sentence comes out of them.
    out = bytearray()
    for c in data:
        seed[0] = (seed[0] * 73 + 41) & 0xFF
        out.append(0x80 | (c ^ seed[0]))
    return bytes(out)


class Link:
    """The wire to the guest: a FIFO pair, or a pty whose speed is the guest's divisor."""

    def __init__(self, args):
        if args[0] == "--pty":
            self.master, self.slave = pty.openpty()
            tty.setraw(self.slave)   # no \n -> \r\n on the guest's bytes (QEMU adds only OPOST)
            with open(args[1] + ".tmp", "w") as f:
                f.write(os.ttyname(self.slave))
            os.rename(args[1] + ".tmp", args[1])
            self.rfd = self.wfd = self.master
        else:
            self.slave = None
            self.wfd = os.open(args[0], os.O_WRONLY)
            self.rfd = os.open(args[1], os.O_RDONLY)
        os.set_blocking(self.wfd, False)

    def drop_queued(self, why):
        """Discards what the guest has not taken yet: a real wire holds no bytes (the UART's own
        FIFO is QEMU's), so what was sent at another speed, or while nobody read, is gone."""
        if self.slave is not None:
            queued = int.from_bytes(fcntl.ioctl(self.slave, termios.FIONREAD, b"\0" * 4), "little")
            if queued > 0 and (why != "backlog" or queued > MAX_QUEUED):
                termios.tcflush(self.slave, termios.TCIFLUSH)
                log("%d bytes the guest had not read dropped (%s)" % (queued, why))

    def guest_baud(self, module_baud):
        if self.slave is None:
            return module_baud
        return SPEEDS.get(termios.tcgetattr(self.slave)[5], 0)

    def write(self, data):
        # Whole, or the rest dropped after a second: then nobody drains the guest's RX FIFO (its
        # port is closed) and the bytes are lost, as on a wire.
        while data:
            try:
                data = data[os.write(self.wfd, data):]
            except BlockingIOError:
                if not select.select([], [self.wfd], [], 1.0)[1]:
                    log("%d bytes the guest does not take dropped" % len(data))
                    return


def main(args):
    t_ms, feeding = START_MS, False
    while args and args[0] in ("--start-s", "--feeding"):
        if args[0] == "--feeding":
            feeding, args = True, args[1:]
        else:
            t_ms, args = int(args[1]) * 1000, args[2:]
    link, module = Link(args), Module()
    heard_baud = None
    text = b""
    next_due = time.monotonic()
    while True:
        timeout = max(0.0, next_due - time.monotonic())
        ready, _, _ = select.select([link.rfd], [], [], timeout)
        guest = link.guest_baud(module.baud)
        if guest != heard_baud:
            log("guest UART at %s baud, module at %d" % (guest, module.baud))
            heard_baud = guest
            link.drop_queued("the guest changed speed")
        if ready:
            data = os.read(link.rfd, 4096)
            if not data:
                return
            text = (text + data)[-256:]
            while b"\n" in text:
                line, text = text.split(b"\n", 1)
                harness(line, module, link)
                if b"$PKSIM,FEED,ON" in line:
                    feeding = True
                elif b"$PKSIM,FEED,OFF" in line:
                    feeding = False
                    link.drop_queued("the TX wire was cut")
                if b"$PKSIM," in line:
                    log("%s at %d ms" % (line[line.find(b"$PKSIM,"):].strip().decode(errors="replace"), t_ms - START_MS))
            answer, new_baud = module.feed(data if guest == module.baud else junk(data))
            if answer and feeding:
                link.write(answer if guest == module.baud else junk(answer))
            if new_baud:
                module.baud = new_baud
            continue
        # The module's clock runs whether or not its TX wire is connected.
        out = module.epoch(t_ms, link.slave is not None)
        if module.banner_due and feeding:
            out, module.banner_due = BANNER + out, False
        if feeding:
            link.drop_queued("backlog")
            link.write(out if guest == module.baud else junk(out))
        t_ms += module.period_ms
        next_due += module.period_ms / 1000.0


def harness(line, module, link):
    if b"$PKSIM,POWER" in line:
        module.power_on()
    elif b"$PKSIM,PRESET" in line:
        module.power_on(saved=True)
    elif b"$PKSIM,REPORT" in line:
        c = module.counts
        out = nmea("PKSIM,STATE,baud=%d,period_ms=%d,out=%s,ack=%d,nak=%d,badsum=%d" % (
            module.baud, module.period_ms, " ".join(sorted(module.sentences)), c["ack"], c["nak"], c["badsum"]))
        out += b"".join(nmea("PKSIM,TOOK," + what) for what in module.took)
        link.write(out + nmea("PKSIM,END"))


if __name__ == "__main__":
    # Started from `swift test`, the feeder inherits a signal mask with SIGTERM blocked (the recorder's
    # tests block it for sigwait): unblocked here, or boot.sh's kill after the VM would never land.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        main(sys.argv[1:])
    except KeyboardInterrupt:
        pass
