/// The playback's JavaScript, in two parts, each a file in Scripts/ compiled into the binary (no
/// bundle to install beside it). `core` is pure: given the embedded data and a time it returns
/// the state (position, speed, elevation, distance, gap and cause, paused) and its readout text,
/// touching no DOM, so tests run it in Node against the page itself. `ui` wires it to the page.
/// Neither fetches anything; both must stay free of the CDATA terminator. Each ends in a newline.
enum PlaybackScript {
    static let core = String(decoding: PackageResources.playback_core_js, as: UTF8.self)
    static let ui = String(decoding: PackageResources.playback_ui_js, as: UTF8.self)
}
