import Glibc
import RoamCore
import RoamSystem

/// The LUN's medium: which image the kernel serves, when another may go in, and a host's eject.
extension DriveKeeper {
    /// Swaps the ready image in and points the medium at it, only when it differs from the file
    /// the kernel has open and no host has the drive configured now: the state is read again
    /// before the swap and right before the point, since a build may have run since the step's look.
    /// A drive the host ejected gets its image again, changed or not, once no host has it configured,
    /// or at a plug-in seen only as the kernel's notification (`afterDeparture`: the cable went and
    /// came back, a new host found the drive empty). `beforeBinding`: the gadget is bound right after.
    func offer(afterDeparture: Bool = false, beforeBinding: Bool = false) throws {
        guard let gadget = settings.gadget else { return }
        let ejected = noteEjected(gadget, hostHasIt: !hostIsAway(gadget) && !afterDeparture)
        let mayPoint = { self.hostIsAway(gadget) || ejected && afterDeparture }
        guard mayPoint() else { return }
        if try slots.swapIn() {
            swapped = ready
            ready = nil
        }
        guard let ino = DriveManifest.inode(slots.image), ino != servedInode || ejected, mayPoint() else { return }
        try gadget.point(at: slots.image)
        servedInode = ino
        saidEjected = false
        keepServed(slots.image)
        served = swapped ?? servedRides()
        swapped = nil
        let rides = served.map { " with \(Plural.count($0.count, "ride"))" } ?? ", which rides it holds unknown"
        // Unbound (another gadget holds the controller): the medium is set, but no host sees it yet.
        // A binding that cannot be read is said as offered: it may well be.
        if !beforeBinding, let udc = settings.udc, let bound = gadget.boundController, bound != udc {
            say("drive: \(FilePath.shown(slots.image))\(rides) is ready; offered once \(FilePath.shown(udc)) is free")
        } else {
            say("drive: offering \(FilePath.shown(slots.image))" + rides)
        }
    }

    /// Whether the host ejected the drive: the kernel closed the LUN's file (f_mass_storage's
    /// START STOP UNIT with LoEj on a removable LUN), so the medium reads empty although an image
    /// was served. Said once per eject; while the host that ejected it keeps it configured nothing
    /// is put back (the drive would come back on its screen), and a write of the medium would be
    /// allowed then: the kernel refuses one (EBUSY) only while the host has locked an open medium.
    func noteEjected(_ gadget: MassStorageGadget, hostHasIt: Bool) -> Bool {
        guard servedInode != nil, gadget.medium == "" else { return false }
        if !saidEjected {
            let file = FilePath.shown(gadget.paths.lun + "/file")
            say(hostHasIt ? "drive: the computer ejected the drive (\(file) reads empty): it is offered again once the cable is "
                    + "unplugged; plug it in again to see the rides"
                : "drive: the drive was ejected (\(file) reads empty): offering it again")
        }
        saidEjected = true
        return true
    }

    /// The rides on the image now served, read back from it; nil, said with its cause, when it cannot
    /// be read: the drive is offered all the same, and no ride is marked handed over for it.
    func servedRides() -> [Int64]? {
        do { return try DriveImageReader.read(slots.image).rideIDs } catch {
            say("drive: \(error); it is offered all the same, but no ride on it is marked handed over until the next image")
            return nil
        }
    }

    /// Records which image the drive serves; a failure is said once until a record is kept again
    /// (the drive is served all the same: the record only spares a restarted keeper a re-point).
    func keepServed(_ image: String) {
        do {
            try ServedImage.record(image)
            saidServedUnkept = false
        } catch {
            if !saidServedUnkept { say(ServedImage.unkept(error)) }
            saidServedUnkept = true
        }
    }

    /// No host has the gadget configured, as the controller says now, or the LUN has no medium
    /// yet and never had one from this keeper (a first image inserted into an empty drive changes
    /// nothing a host holds; an ejected one is the host's), or the gadget is not bound (the state
    /// is another gadget's).
    func hostIsAway(_ gadget: MassStorageGadget) -> Bool {
        guard let udc = settings.udc, (gadget.medium ?? "") != "" || servedInode != nil, gadget.boundController == udc else { return true }
        return gadget.state(udc) != "configured"
    }
}
