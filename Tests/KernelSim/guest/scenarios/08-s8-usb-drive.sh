# s8-usb-drive: the board as a USB drive, seen by a computer. dummy_hcd is a device controller and
# a host controller in one kernel: `roam-board drive` binds its mass-storage gadget to dummy_udc.0,
# the same kernel's usb-storage finds a new SCSI disk, and it is mounted read-only like a computer
# would. Unplug is removing dummy_hcd (controller and host gone, as with a pulled cable), replug is
# loading it again: dummy_hcd keeps the UDC state "configured" through a host-side disconnect or a
# SET_CONFIGURATION 0 (udc-core and composite do not reset it; dwc2 on a Pi sets "not attached").
# The keeper runs as the unit runs it: `--setup-only --owner` as root, then `drive` as an unprivileged
# user (uid 990 here, by number: the guest has no user database) through setpriv, so a keeper that writes what only root may (the restart loop of a
# serial number rewritten) fails here as it would on a board.
S=s8-usb-drive
ROAM_UID=990
GADGET=/sys/kernel/config/usb_gadget/roam-board
UDC=dummy_udc.0
MNT=/mnt/drive
IMG=/var/lib/roam-board/drive.img

# drive_record_ride: one short ride, button to button, with the recorder started and stopped for it.
drive_record_ride() {
    rec_start
    if ! waitfor 60 rec_ready_or_gone || ! rec_alive; then fail $S "the recorder did not come up: $(rec_words)"; return 1; fi
    feed ON
    _last=$(sql "SELECT ifnull(max(id), 0) FROM rides")
    press
    if ! waitfor 20 new_ride_recording "$_last"; then fail $S "no ride 20 s after the press: $(rec_words)"; feed OFF; return 1; fi
    DRIVE_RIDE=$(recording_ride)
    _before=$(fix_acks)
    waitfor 30 fix_acks_reach $((_before + 5))
    press
    waitfor 15 ride_state_is "$DRIVE_RIDE" stopped || fail $S "ride $DRIVE_RIDE did not stop on the press"
    feed OFF
    rec_stop
    return 0
}

# The computer's side: the gadget as a USB device (Linux Foundation 1d6b:0104) and its SCSI disk.
host_device() { for d in /sys/bus/usb/devices/*; do [ "$(cat $d/idProduct 2>/dev/null)" = 0104 ] && { echo $d; return 0; }; done; return 1; }
host_disk() { for d in /sys/block/sd*; do [ -e "$d" ] && { DISK=/dev/${d##*/}; DISK_SYS=$d; return 0; }; done; return 1; }
udc_state() { cat /sys/class/udc/$UDC/state; }
udc_state_is() { [ "$(udc_state)" = "$1" ]; }
udc_state_not() { [ "$(udc_state)" != "$1" ]; }
unplug() { umount $MNT 2>/dev/null; rmmod dummy_hcd; }
replug() { insmod /lib/modules/kernel-sim/dummy_hcd.ko; }
udc_gone() { [ ! -e /sys/class/udc/$UDC ]; }
mount_drive() { waitfor 60 host_disk && waitfor 30 sh -c "mount -t vfat -o ro $DISK $MNT 2>/dev/null"; }
image_has_ride() { mdir -i $IMG -b ::/Rides 2>/dev/null | grep -q "ride-$1\.fit"; }
# same_files DIR: every file of DIR is on the drive with the same size and sha256, and nothing else is.
same_files() {
    _n=0; _bad=""
    for _f in "$1"/*; do
        _name=${_f##*/}; _n=$((_n + 1))
        [ "$(sha256sum < "$_f")" = "$(sha256sum < "$MNT/Rides/$_name" 2>/dev/null)" ] || _bad="$_bad $_name"
    done
    # The rides' pages (.html) sit beside the FIT and GPX; dump writes only those two.
    [ "$(ls "$1" | sort | xargs)" = "$(ls $MNT/Rides | grep -v '[.]html$' | sort | xargs)" ] || _bad="$_bad (names differ: drive has $(ls $MNT/Rides | xargs))"
    SAME_N=$_n
    [ -z "$_bad" ]
}

if [ ! -d /sys/class/udc/$UDC ] || ! command -v mcopy > /dev/null || ! command -v mkfs.vfat > /dev/null; then
    skip $S "no $UDC (dummy_hcd) or no dosfstools/mtools in this VM: the USB drive scenario runs in the x86-64 VM"
elif ! drive_record_ride; then
    skip $S "no ride could be recorded for the drive"
else
    mkdir -p $MNT
    R1=$DRIVE_RIDE
    # The data folder is roam's, as the package makes it; root's recorder keeps the database's owner
    # for its -wal and -shm (SQLite does as root), and the rest is handed back after each ride.
    give_data_to_roam() { chown -R $ROAM_UID:$ROAM_UID /var/lib/roam-board; }
    give_data_to_roam
    if roam-board drive --board $BOARD --udc $UDC --setup-only --owner $ROAM_UID:$ROAM_UID > /tmp/drive-setup.out 2>&1; then
        pass $S "setup as root: $(cat /tmp/drive-setup.out | head -1); serial $(cat $GADGET/strings/0x409/serialnumber), medium and UDC owned by $(stat -c %u $GADGET/functions/mass_storage.usb0/lun.0/file),$(stat -c %u $GADGET/UDC)"
    else
        fail $S "drive --setup-only --owner $ROAM_UID:$ROAM_UID failed: $(cat /tmp/drive-setup.out | tr '\n' ' ')"
    fi
    SERIAL=$(cat $GADGET/strings/0x409/serialnumber)
    # util-linux's setpriv by path: busybox's own applet has no --reuid.
    /usr/bin/setpriv --reuid=$ROAM_UID --regid=$ROAM_UID --clear-groups \
        roam-board drive --board $BOARD --udc $UDC --poll-ms 200 > /tmp/drive.out 2> /tmp/drive.err &
    DRIVE_PID=$!
    if waitfor 120 host_disk && waitfor 30 udc_state_is configured; then
        pass $S "gadget bound to $UDC; the host side sees a new SCSI disk $DISK ($(cat $DISK_SYS/device/vendor 2>/dev/null | xargs) $(cat $DISK_SYS/device/model 2>/dev/null | xargs)), UDC state configured"
    else
        fail $S "no SCSI disk from the gadget within 120 s (UDC state $(udc_state)): $(tail -3 /tmp/drive.err | tr '\n' ' ')"
    fi
    if mount_drive; then
        [ "$(cat $DISK_SYS/ro)" = 1 ] && pass $S "mounted read-only; the host sees the disk write-protected (ro=1)" \
            || fail $S "the host sees the disk writable (ro=$(cat $DISK_SYS/ro))"
        ls -l $MNT $MNT/Rides | sed "s/^/INFO $S: [ls -l] /"
    else
        fail $S "mount -t vfat -o ro $DISK failed: $(dmesg | tail -3 | tr '\n' ' ')"
    fi
    stopped_undumped() { [ "$(sql "SELECT count(*) FROM rides WHERE state = 'stopped' AND dumped_utc_ms IS NULL")" = 0 ]; }
    if waitfor 20 stopped_undumped; then
        pass $S "handed over: every stopped ride ($(sql "SELECT count(*) FROM rides WHERE state = 'stopped'")) has its dumped time once the host configured the drive"
    else
        fail $S "$(sql "SELECT count(*) FROM rides WHERE state = 'stopped' AND dumped_utc_ms IS NULL") stopped rides not marked after the host configured the drive"
    fi
    mkdir -p /tmp/dump8
    roam-board dump --board $BOARD --all --format fit --out /tmp/dump8/ > /dev/null 2>&1
    roam-board dump --board $BOARD --all --format gpx --out /tmp/dump8/ > /dev/null 2>&1
    if same_files /tmp/dump8; then pass $S "$SAME_N files on the drive, names, sizes and sha256 equal to dump's output"
    else fail $S "the drive differs from dump's output:$_bad"; fi

    # A second ride while the host has the drive: not put on it under the host's feet; after an
    # unplug it is, and a replug shows it.
    if drive_record_ride; then
        R2=$DRIVE_RIDE
        give_data_to_roam
        image_has_ride $R2 && fail $S "ride $R2 was put on the drive while the host had it"
        unplug
        waitfor 20 udc_gone || fail $S "dummy_hcd did not go away: $(lsmod | grep dummy)"
        if waitfor 120 image_has_ride $R2; then
            replug
            rm -rf /tmp/dump8b && mkdir -p /tmp/dump8b
            roam-board dump --board $BOARD --all --format fit --out /tmp/dump8b/ > /dev/null 2>&1
            roam-board dump --board $BOARD --all --format gpx --out /tmp/dump8b/ > /dev/null 2>&1
            if mount_drive && [ -n "$(ls $MNT/Rides | grep "ride-$R2\.fit")" ] && same_files /tmp/dump8b; then
                pass $S "after unplug and replug ride $R2 is on the drive: $SAME_N files equal to dump's"
            else
                fail $S "after replug the drive lacks ride $R2 or differs from dump:$_bad"
            fi
        else
            fail $S "the image was not rebuilt with ride $R2 within 120 s of the unplug: $(tail -3 /tmp/drive.err | tr '\n' ' ')"
        fi
    fi
    grep '^drive:' /tmp/drive.err | head -16 | sed "s/^/INFO $S: [drive] /"
    # The keeper as roam never stopped (on a board: NRestarts=0) and never touched what root set.
    if kill -0 $DRIVE_PID 2>/dev/null && [ "$(cat $GADGET/strings/0x409/serialnumber)" = "$SERIAL" ] \
        && [ "$(awk '/^Uid:/ { print $2 }' /proc/$DRIVE_PID/status)" = $ROAM_UID ] && ! grep -q 'Permission denied' /tmp/drive.err; then
        pass $S "the keeper ran as uid $ROAM_UID through plug, unplug and replug without exiting or a permission error; serial $SERIAL as the setup set it"
    else
        fail $S "the keeper as uid $ROAM_UID: alive=$(kill -0 $DRIVE_PID 2>/dev/null && echo yes || echo no), serial $(cat $GADGET/strings/0x409/serialnumber) (setup: $SERIAL), $(grep -m1 'denied\|cannot' /tmp/drive.err)"
    fi

    # SIGKILL in the middle of a rebuild: the keeper stopped, a third ride, `drive-image` killed
    # while its new image is half made (a wrapper stops mcopy there and names itself).
    unplug
    kill -TERM $DRIVE_PID; wait $DRIVE_PID
    if drive_record_ride; then
        R3=$DRIVE_RIDE
        mkdir -p /tmp/ktools
        printf '#!/bin/sh\ncase "$*" in *drive.img.new*) echo $$ > /tmp/ktools/pid; exec sleep 600;; esac\nexec /usr/bin/mcopy "$@"\n' > /tmp/ktools/mcopy
        chmod 755 /tmp/ktools/mcopy
        ROAM_DRIVE_TOOLS=/tmp/ktools roam-board drive-image --board $BOARD > /dev/null 2>&1 &
        BUILD_PID=$!
        if waitfor 120 test -s /tmp/ktools/pid && [ -f $IMG.new ]; then
            kill -9 $BUILD_PID; kill -9 "$(cat /tmp/ktools/pid)"; wait $BUILD_PID 2>/dev/null
            replug
            # No keeper now: the privileged setup step sets the gadget up on the new controller again.
            # It leaves the binding to the keeper while ride $R3 is not on the image (the first drive a
            # host sees holds every stopped ride), so the image the kill left is bound here by hand.
            waitfor 20 test -e /sys/class/udc/$UDC && roam-board drive --board $BOARD --udc $UDC --setup-only > /dev/null 2>&1
            [ -n "$(cat $GADGET/UDC)" ] || echo $UDC > $GADGET/UDC
            fsck.vfat -n $IMG > /tmp/fsck8.txt 2>&1; frc=$?
            if mount_drive && same_files /tmp/dump8b && [ $frc = 0 ] && ! image_has_ride $R3; then
                pass $S "SIGKILL during a rebuild: the drive mounts and holds every earlier ride ($SAME_N files equal to dump's), fsck.vfat -n clean, ride $R3 not half there"
            else
                fail $S "after SIGKILL mid-rebuild: fsck exit $frc, drive differs:$_bad"
            fi
            umount $MNT
        else
            fail $S "the rebuild never reached its copy step: $(ls /var/lib/roam-board | xargs)"
        fi
    fi
fi
