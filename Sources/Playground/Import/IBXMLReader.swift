import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XML text into an `IBElement` tree with Foundation's `XMLParser` (event based, so a large
/// document never builds a DOM it does not need). External entities are never resolved.
enum IBXMLReader {
    /// Parses `text`.
    /// - Parameter maxElements: elements the document may hold; past it parsing stops.
    /// - Throws: `IBImportError` `bad-xml` with the parser's line and column for malformed XML,
    ///   `too-many-elements` past `maxElements`.
    static func read(_ text: String, maxElements: Int) throws -> IBElement {
        let delegate = TreeBuilder(maxElements: maxElements)
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = delegate
        delegate.parser = parser
        let succeeded = parser.parse()
        if let limitError = delegate.limitError { throw limitError }
        guard succeeded, let root = delegate.root else {
            let reason = parser.parserError.map { Self.describe($0) } ?? "the document holds no element"
            // The place the parser reported with the error; after it, it has read on.
            let place = delegate.errorPlace ?? (parser.lineNumber, parser.columnNumber)
            throw IBImportError("bad-xml", "malformed XML: \(reason)", line: place.0, column: place.1)
        }
        return root
    }

    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case XMLParser.ErrorCode.tagNameMismatchError.rawValue: return "a closing tag does not match its opening tag"
        case XMLParser.ErrorCode.prematureDocumentEndError.rawValue: return "the document ends inside an element"
        case XMLParser.ErrorCode.emptyDocumentError.rawValue: return "the document is empty"
        default: return "the parser stopped (libxml2 error \(code))"
        }
    }

    /// Builds the tree from parser events: a stack of open elements, each appended to its parent
    /// when it closes.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        let maxElements: Int
        weak var parser: XMLParser?
        var stack: [IBElement] = []
        var root: IBElement?
        var count = 0
        var limitError: IBImportError?
        /// Line and column when the parser reported an error.
        var errorPlace: (Int, Int)?

        init(maxElements: Int) { self.maxElements = maxElements }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            count += 1
            if count > maxElements {
                limitError = IBImportError("too-many-elements",
                                           "the document holds more than \(maxElements) elements",
                                           line: parser.lineNumber, column: parser.columnNumber)
                parser.abortParsing()
                return
            }
            stack.append(IBElement(name: elementName, attributes: attributes, children: [],
                                   line: parser.lineNumber, column: parser.columnNumber))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let last = stack.indices.last, stack[last].name == "string" else { return }
            stack[last].text = (stack[last].text ?? "") + string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if errorPlace == nil { errorPlace = (parser.lineNumber, parser.columnNumber) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
    }
}
