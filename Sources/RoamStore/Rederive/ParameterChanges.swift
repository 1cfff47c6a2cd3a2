import RoamCore

/// The pipeline parameters a `rederive --params` file names, each changed over the ride's stored
/// value: a key the file leaves out keeps the ride's own, never the default. An imported ride's
/// `silenceGapCause`, `speedMeasured`, `altitudeSource` and `temperatureMeasured` say what its file
/// was; a file that only changes the climb's hysteresis must not turn its silences into "no fix".
public struct ParameterChanges: Sendable, Equatable {
    /// The keys and values as the file wrote them, each with its byte for messages.
    public let members: [JSONValue.Member]

    /// The members of a JSON object; nil for any other value. Which keys are parameters is the caller's to judge.
    public init?(_ object: JSONValue) {
        guard case .object(let members) = object.kind else { return nil }
        self.members = members
    }

    /// `stored` with the named parameters set to the file's values (null: the default, or none for an optional one).
    public func applied(to stored: PipelineParameters) throws -> PipelineParameters {
        let json = PipelineJSON()
        let storedValue = try JSONValue.parse(try json.encode(stored))
        guard case .object(var merged) = storedValue.kind else {
            throw JSONTextError("the stored parameters are \(storedValue.noun), not an object", at: storedValue.offset)
        }
        for member in members {
            if let i = merged.firstIndex(where: { $0.key == member.key }) { merged[i] = member } else { merged.append(member) }
        }
        return try json.decode(PipelineParameters.self, from: JSONValue(kind: .object(merged), offset: 0))
    }
}
