import Glibc

/// Maps request paths to files inside the public folder, refusing anything that resolves outside it.
///
/// libwebsockets 4.1.6 file mounts follow symbolic links wherever they point (a link in `Public/` to
/// `/etc/passwd` is served), so the server resolves every path itself with `realpath` and serves only
/// regular files whose real path lies under the public folder's real path.
struct StaticFiles {
    /// The public folder's real path, without a trailing slash.
    let root: String

    init?(directory: String) {
        guard let resolved = Self.realPath(directory) else { return nil }
        root = resolved == "/" ? "" : resolved
    }

    /// The real path of the file `uriPath` names (already percent-decoded by libwebsockets), or nil when
    /// it does not exist, is not a regular file, or lies outside the folder. Directories serve their
    /// `index.html`.
    func file(for uriPath: String) -> String? {
        guard uriPath.hasPrefix("/"), !uriPath.utf8.contains(0), uriPath.utf8.count < 1024 else { return nil }
        let components = uriPath.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains(where: { $0 == ".." || $0.hasPrefix("..\\") }) else { return nil }
        var candidate = root + "/" + components.joined(separator: "/")
        if Self.isDirectory(candidate) { candidate += "/index.html" }
        guard let resolved = Self.realPath(candidate), resolved.hasPrefix(root + "/") else { return nil }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return resolved
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
