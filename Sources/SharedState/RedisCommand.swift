/// One Redis command as its arguments (the command's name first), each a byte string: values are
/// binary-safe, sent with their lengths (`redisAppendCommandArgv`), never formatted into text.
public struct RedisCommand: Sendable, Equatable {
    /// The arguments, the command's name first (`["SET", "key", "value"]`).
    public var arguments: [[UInt8]]

    /// A command from UTF-8 words.
    public init(_ words: String...) { arguments = words.map { Array($0.utf8) } }

    /// A command from byte strings.
    public init(arguments: [[UInt8]]) { self.arguments = arguments }

    /// This command with `word` appended as UTF-8.
    public func appending(_ word: String) -> RedisCommand { appending(Array(word.utf8)) }

    /// This command with `bytes` appended.
    public func appending(_ bytes: [UInt8]) -> RedisCommand {
        var copy = self
        copy.arguments.append(bytes)
        return copy
    }
}
