/// The device that wrote a FIT file, from its `file_id` message (manufacturer, product), which
/// GPSBabel's GPX does not carry: "garmin edge810", or "garmin product 9999" for a product not in
/// the short table below. nil when the file has no readable `file_id` near its start.
enum FITCreator {
    static func name(_ bytes: [UInt8]) -> String? {
        guard let (manufacturer, product) = fileID(bytes) else { return nil }
        let maker = manufacturers[manufacturer] ?? "manufacturer \(manufacturer)"
        guard let product else { return maker }
        if manufacturer == 1, let name = garminProducts[product] { return "\(maker) \(name)" }
        return "\(maker) product \(product)"
    }

    /// The `file_id` data message (global number 0) among the first records.
    static func fileID(_ b: [UInt8]) -> (manufacturer: Int, product: Int?)? {
        FITHeadMessages.first(b) { m in
            guard m.global == 0, let manufacturer = m.uint16(1) else { return nil }
            return (manufacturer, m.uint16(2))
        }
    }

    static let manufacturers: [Int: String] = [
        1: "garmin", 6: "srm", 23: "suunto", 32: "wahoo", 37: "magellan", 45: "xplova", 69: "stages", 70: "sigma",
        89: "tacx", 115: "igpsport", 123: "polar", 255: "development", 258: "lezyne", 260: "zwift", 263: "favero",
        267: "bryton", 289: "hammerhead", 294: "coros",
    ]

    /// Garmin's product numbers of common bike computers and watches (FIT profile `garmin_product`).
    static let garminProducts: [Int: String] = [
        1036: "edge500", 1169: "edge800", 1325: "edge200", 1567: "edge810", 1836: "edge1000", 2050: "fenix3",
        2067: "edge520", 2147: "edge25", 2158: "fr735xt", 2238: "edge20", 2691: "fr935", 2697: "fenix5",
        2713: "edge1030", 2886: "fr645", 2888: "fr645m", 2909: "edge130", 3011: "edge explore", 3076: "fr245",
        3113: "fr945", 3121: "edge530", 3122: "edge830", 3290: "fenix6", 3558: "edge130 plus", 3703: "venu2",
        3843: "edge1040", 3869: "fr55", 3905: "fenix7s", 3906: "fenix7", 3907: "fenix7x", 3992: "fr255",
        4169: "edge explore2", 4315: "fr965", 4432: "fr165", 4440: "edge1050",
    ]
}
