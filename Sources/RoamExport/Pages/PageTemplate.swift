import RoamCore

/// Fills the placeholders (`@name@`) of a script or style compiled in from Scripts/ or Styles/, so
/// a value both the page's CSS and its script use (the explored page's colours) is stated once in
/// Swift and the files stay plain JavaScript and CSS.
enum PageTemplate {
    /// Each placeholder must be in the file: one renamed there would leave the page a colour it
    /// cannot parse, so a missing one stops at the first page written (and in the tests).
    static func filled(_ template: String, in file: String, _ values: [(String, String)]) -> String {
        var text = template
        for (placeholder, value) in values {
            precondition(text.containsText(placeholder), "\(file) has lost its placeholder \(placeholder)")
            text = text.replacingText(placeholder, with: value)
        }
        return text
    }
}
