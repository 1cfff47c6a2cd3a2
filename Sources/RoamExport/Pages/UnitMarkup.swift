import RoamCore

/// A number a page shows in the rider's units, written so Scripts/units.js can rewrite it when
/// the rider switches: the text in the page's own units (`view --units`, board.conf's `units`),
/// the value in SI units beside it (`data-si`: metres or metres per second), its kind and digits.
/// The switch itself and the script are here too, shared by the ride and explored pages.
public struct UnitMarkup: Sendable {
    /// SI: metres, metres, metres per second, square metres.
    public enum Kind: String, Sendable { case distance, length, speed, area }

    public let units: UnitFormatter

    public init(_ units: UnitFormatter = .metric) { self.units = units }

    /// `<span data-unit="distance" data-si="12345.600" data-digits="2">12.35 km</span>`; `bare`
    /// leaves the unit off the text (an axis tick whose unit the axis already says).
    public func span(_ si: Double, _ kind: Kind, digits: Int, bare: Bool = false, tag: String = "span", attributes: String = "") -> String {
        let text: String
        switch kind {
        case .distance: text = bare ? FixedPoint.format(units.distanceValue(metres: si), digits: digits) : units.distance(metres: si, digits: digits)
        case .length: text = bare ? FixedPoint.format(units.lengthValue(metres: si), digits: digits) : units.length(metres: si, digits: digits)
        case .speed: text = bare ? FixedPoint.format(units.speedValue(metresPerSecond: si), digits: digits) : units.speed(metresPerSecond: si, digits: digits)
        case .area:
            let v = FixedPoint.format(units.areaValue(squareKilometres: si / 1_000_000), digits: digits)
            text = bare ? v : v + " " + units.areaUnit
        }
        return "<\(tag)\(attributes) data-unit=\"\(kind.rawValue)\" data-si=\"\(FixedPoint.format(si, digits: 3))\" data-digits=\"\(digits)\""
            + (bare ? " data-bare=\"\"" : "") + ">\(text)</\(tag)>"
    }

    /// The unit's name alone ("km", "mi"), rewritten with the rest.
    public func name(_ kind: Kind) -> String {
        let text = kind == .distance ? units.distanceUnit : kind == .length ? units.lengthUnit : kind == .speed ? units.speedUnit : units.areaUnit
        return "<span data-unit-name=\"\(kind.rawValue)\">\(text)</span>"
    }

    /// The class of markup that belongs to one system only (split tables, axis ticks at round
    /// miles or round kilometres): the page's style hides it in the other (Styles/ride-page.css).
    public static func onlyClass(_ system: UnitSystem) -> String { "units-\(system.rawValue)" }

    /// Words for one system only: "per kilometre" beside "per mile".
    public static func only(_ system: UnitSystem, _ text: String) -> String { "<span class=\"\(onlyClass(system))\">\(text)</span>" }

    /// The `<html>` element's attribute naming the page's default; a stored choice overrides it.
    public var htmlAttribute: String { " data-units=\"\(units.system.rawValue)\"" }

    /// The switch: remembered in the browser (localStorage) by the script.
    public var control: String {
        var s = "<label class=\"units-switch\">Units <select id=\"units\" aria-label=\"units\">"
        for (system, words) in [(UnitSystem.metric, "metric (km, m, km/h)"), (.imperial, "imperial (mi, ft, mph)")] {
            s += "<option value=\"\(system.rawValue)\"" + (system == units.system ? " selected=\"selected\"" : "") + ">\(words)</option>"
        }
        return s + "</select></label>"
    }

    /// Scripts/units.js, before the pages' own scripts (they read `RoamUnits`).
    public static let script = String(decoding: PackageResources.units_js, as: UTF8.self)
    public static var scriptElement: String { "<script id=\"units-script\">//<![CDATA[\n" + script + "//]]></script>\n" }
}
