import Testing
@testable import RoamCore

/// P1: which data directories live in RAM, judged from statfs's type and, for an overlay, the mount
/// table and kernel command line of real machines (raspi-config's overlay, a container).
@Suite struct VolatileStorageTests {
    static let ext4Type: UInt32 = 0xEF53

    /// A Pi after `raspi-config nonint enable_overlayfs` (overlayroot=tmpfs): root is an overlay whose
    /// upper layer is on the tmpfs overlayroot moved to /media/root-rw.
    static let overlayrootPi = """
        22 1 0:21 / / rw,noatime shared:1 - overlay overlayroot rw,lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay,workdir=/media/root-rw/overlay-workdir/_,uuid=on
        23 22 0:5 / /dev rw,nosuid,relatime shared:2 - devtmpfs udev rw,size=187388k,nr_inodes=46847,mode=755
        24 22 179:2 / /media/root-ro ro,relatime shared:7 - ext4 /dev/mmcblk0p2 ro
        25 22 0:22 / /media/root-rw rw,relatime shared:8 - tmpfs tmpfs-root rw,inode64
        26 22 179:1 / /boot/firmware ro,relatime shared:9 - vfat /dev/mmcblk0p1 ro,fmask=0022,dmask=0022
        27 22 179:3 / /mnt/rides rw,relatime shared:10 - ext4 /dev/mmcblk0p3 rw
        28 22 0:40 / /mnt/merged rw,relatime shared:11 - overlay overlay rw,lowerdir=/usr,upperdir=/mnt/rides/up,workdir=/mnt/rides/work
        """

    /// Inside a Docker container: the overlay's upper layer is a path on the host, which this mount table resolves to the overlay itself.
    static let container = """
        812 700 0:53 / / rw,relatime master:300 - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/AB:/var/lib/docker/overlay2/l/CD,upperdir=/var/lib/docker/overlay2/1a2b/diff,workdir=/var/lib/docker/overlay2/1a2b/work
        813 812 0:56 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw
        814 812 0:57 / /dev rw,nosuid - tmpfs tmpfs rw,size=65536k,mode=755,inode64
        """

    static let piCmdline = "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 fsck.repair=yes rootwait\n"

    @Test func tmpfsAndRamfsAreInRAMWhateverTheRest() {
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.tmpfsType, device: 0, mountinfo: "", cmdline: "") == .tmpfs)
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.ramfsType, device: 0, mountinfo: "", cmdline: "") == .ramfs)
        #expect(VolatileStorage.judge(fileSystemType: Self.ext4Type, device: 0, mountinfo: Self.overlayrootPi,
                                      cmdline: "overlayroot=tmpfs " + Self.piCmdline) == nil)
    }

    @Test func raspiConfigsOverlayIsInRAMByItsUpperLayer() {
        // Set in /etc/overlayroot.conf, not on the command line: the mount table alone tells.
        let judged = VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: 21, mountinfo: Self.overlayrootPi,
                                           cmdline: Self.piCmdline)
        #expect(judged == .overlayInRAM(evidence: "its writable layer /media/root-rw/overlay is on tmpfs"))
        #expect(judged?.words.hasPrefix("on an overlay whose writable layer is in RAM") == true)
        #expect(judged?.advice(folder: "/var/lib/roam-board").contains("raspi-config nonint disable_overlayfs") == true)
    }

    @Test func anOverlayWithADiskUpperLayerKeepsItsWrites() {
        // Its upper layer on the ext4 at /mnt/rides: durable, even with root's overlay in RAM on the command line.
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: 40, mountinfo: Self.overlayrootPi,
                                      cmdline: "overlayroot=tmpfs " + Self.piCmdline) == nil)
    }

    @Test func whereTheUpperLayerIsOutOfSightTheCommandLineDecides() {
        // A container: its upper layer is the host's; this host was booted without an overlay in RAM.
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: 53, mountinfo: Self.container,
                                      cmdline: Self.piCmdline) == nil)
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: 53, mountinfo: Self.container,
                                      cmdline: "overlayroot=tmpfs " + Self.piCmdline)
                == .overlayInRAM(evidence: "overlayroot=tmpfs on the kernel command line"))
        // No mount table at all (/proc hidden): the command line alone.
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: 53, mountinfo: "",
                                      cmdline: "boot=overlay " + Self.piCmdline)
                == .overlayInRAM(evidence: "boot=overlay on the kernel command line"))
    }

    @Test func theCommandLineAsRaspiConfigAndOverlayrootWriteIt() {
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "overlayroot=tmpfs " + Self.piCmdline) == "overlayroot=tmpfs")
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "overlayroot=tmpfs:recurse=0 " + Self.piCmdline) == "overlayroot=tmpfs:recurse=0")
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "boot=overlay " + Self.piCmdline) == "boot=overlay")
        #expect(VolatileStorage.overlayRootInRAM(cmdline: Self.piCmdline) == nil)
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "overlayroot=disabled " + Self.piCmdline) == nil)
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "overlayroot=/dev/mmcblk0p3 " + Self.piCmdline) == nil)
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "overlayroot=tmpfs overlayroot=disabled") == nil)
        #expect(VolatileStorage.overlayRootInRAM(cmdline: "xoverlayroot=tmpfs noboot=overlay") == nil)
    }

    @Test func theMountTableUnescapesPathsAndFindsTheHolder() {
        let table = MountTable(mountinfo: """
            22 1 0:21 / / rw - overlay overlayroot rw,lowerdir=/media/ro,upperdir=/media/root\\040rw/over\\054lay,workdir=/w
            25 22 0:22 / /media/root\\040rw rw shared:8 master:2 - tmpfs tmpfs-root rw
            26 22 0:23 / /media/root\\040rw rw - ramfs none rw
            not a mount line
            """)
        #expect(table.mounts.count == 3)
        #expect(table.mounts[0].option("upperdir") == "/media/root rw/over,lay")
        #expect(table.holder(of: "/media/root rw/over,lay")?.device == "0:23")
        #expect(table.holder(of: "/media/root rwx")?.device == "0:21")
        let ramfsUpper = """
            22 1 0:21 / / rw - overlay overlayroot rw,upperdir=/media/root\\040rw/o
            25 22 0:22 / /media/root\\040rw rw - ramfs none rw
            """
        #expect(VolatileStorage.judge(fileSystemType: VolatileStorage.overlayType, device: 21, mountinfo: ramfsUpper, cmdline: "")
                == .overlayInRAM(evidence: "its writable layer /media/root rw/o is on ramfs"))
    }

    @Test func deviceNumbersAsMountinfoPrintsThem() {
        #expect(MountTable.deviceText(21) == "0:21")
        #expect(MountTable.deviceText((179 << 8) | 2) == "179:2")
        #expect(MountTable.deviceText((259 << 8) | 1) == "259:1")
        // Minor 300 and major 4100 take glibc's high bits.
        #expect(MountTable.deviceText((256 << 12) | 44) == "0:300")
        #expect(MountTable.deviceText((UInt64(4096) << 32) | (4 << 8)) == "4100:0")
    }
}
