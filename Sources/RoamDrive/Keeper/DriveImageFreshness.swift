import RoamCore
import RoamStore
import RoamSystem

/// Whether the drive image holds the rides as the database has them, asked by the set-up before
/// it binds the gadget at a boot. A host on the cable configures the drive the moment it is bound
/// and keeps what it found until the unplug, which on a Pi Zero 2 W powered by the computer is the
/// power going: a ride stopped just before the last power-off would never reach it. So the set-up
/// binds at once only an image that is current (the start stays fast), and otherwise leaves the
/// binding to the keeper, which binds once its first build is in (`DriveKeeper.start`).
public enum DriveImageFreshness {
    /// Why the image is not the one the keeper would build now, in words; nil when it is, or when
    /// there is no database yet (the keeper waits for the first ride: nothing to build). The rides'
    /// fingerprint, and where it differs, whether every stopped ride is on the image all the same;
    /// then the cap (--max-mib) the image was built under. Throws what could not be read (the database, mtools): the caller binds at once then.
    public static func change(_ settings: DriveKeeper.Settings) throws -> String? {
        let image = settings.builder.imagePath
        guard FileSystem.exists(settings.databasePath) else { return nil }
        // The manifest names the fingerprint without reading the image back; an image without one
        // (an older build's) is read with mtools, as the keeper's start does.
        let kept = DriveManifest.kept(image: image, folder: DriveManifest.folder(image))
        let built: String?
        if let kept {
            built = kept.fingerprint
        } else {
            do { built = try DriveImageReader.read(image).fingerprint } catch let e as DriveError where e.kind == .imageUnreadable {
                return "\(e.description); the keeper builds a new one"
            }
        }
        let reader = try RideReader(path: settings.databasePath)
        let rides = try KeeperDatabase.offerable(reader).rides
        if DriveSelection.fingerprint(rides, maker: settings.builder.maker) != built {
            // Every stopped ride there, in an older build's style (an upgrade, a new time_zone or units
            // change the maker, so every stamp): bound at once, not after minutes of rebuilding every
            // ride on a Zero; the keeper restyles it at the next unplug. Only a ride missing waits.
            let listing = try DriveImageReader.read(image)
            let there = Set(listing.rideIDs + listing.damaged + listing.leftOff + listing.overCap)
            if !Set(DriveSelection.candidates(rides).map(\.id)).isSubset(of: there) {
                return "\(FilePath.shown(image)) does not hold every stopped ride"
            }
        }
        if let cap = kept?.capBytes, cap != settings.builder.maxImageBytes {
            return "\(FilePath.shown(image)) was built under another --max-mib"
        }
        return nil
    }
}
