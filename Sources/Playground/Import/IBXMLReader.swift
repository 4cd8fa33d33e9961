import CLibXML2
import Foundation

/// Reads XML text into an `IBElementStore` (every element in one array, in document order) with
/// libxml2's SAX2 push parser, called directly: element and attribute names arrive interned by the
/// parser (one Swift string per distinct name, not one per use) and values as byte ranges, so no
/// dictionary, bridged object or per-element object is built.
///
/// Safety: external entities and DTDs are never loaded (`XML_PARSE_NONET`, no `XML_PARSE_DTDLOAD`),
/// entities are never substituted (no `XML_PARSE_NOENT`: a reference to an entity the document
/// declares stays as written), elements nest at most `maxDepth` deep and a document holds at most
/// `maxElements` elements.
enum IBXMLReader {
    /// Elements deeper than this are refused: libxml2's own default limit (`xmlParserMaxDepth`), checked
    /// here too so the refusal has a clear message and the importer's recursive walks stay shallow.
    static let maxDepth = 256

    /// Parses `text`.
    /// - Parameter maxElements: elements the document may hold; past it parsing stops.
    /// - Throws: `IBImportError` `bad-xml` with the parser's 1-based line and column for malformed XML
    ///   (and for elements nested deeper than `maxDepth`), `too-many-elements` past `maxElements`.
    static func read(_ text: String, maxElements: Int) throws -> IBElement {
        _ = initialized
        // The builder lives in memory of its own, reached through a pointer: the parser's callbacks
        // change it thousands of times, and fields of a class would be checked for exclusive access
        // on every change (that check cost more than the changes).
        let builder = UnsafeMutablePointer<TreeBuilder>.allocate(capacity: 1)
        builder.initialize(to: TreeBuilder(maxElements: maxElements))
        defer {
            builder.pointee.freeNameTable()
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
        var handler = saxHandler()
        // The parser reads the string's own UTF-8 storage: no copy of the document is made.
        var text = text
        let context = withUnsafeMutablePointer(to: &handler) { handlerPointer in
            xmlCreatePushParserCtxt(handlerPointer, UnsafeMutableRawPointer(builder), nil, 0, nil)
        }
        guard let context else {
            throw IBImportError("bad-xml", "malformed XML: the parser could not be created")
        }
        defer { xmlFreeParserCtxt(context) }
        // NONET: nothing is fetched; no NOENT, DTDLOAD or DTDATTR: no entity is substituted, no DTD read.
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        builder.pointee.context = context
        let status = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlParseChunk(context, chars.baseAddress, Int32(clamping: chars.count), 1)
            }
        }
        if let stopError = builder.pointee.stopError { throw stopError }
        guard status == 0, context.pointee.wellFormed != 0, let root = builder.pointee.root else {
            let reason = builder.pointee.describeError()
            // The place the parser reported with the error, else where it stopped.
            let place = builder.pointee.errorPlace ?? builder.pointee.place()
            throw IBImportError("bad-xml", "malformed XML: \(reason)", line: place.line, column: place.column)
        }
        let tree = builder.pointee
        let store = IBElementStore(nodes: tree.nodes, attributes: tree.attributes, childIndices: tree.childIndices,
                                   names: tree.names, texts: tree.texts)
        return IBElement(store: store, index: root)
    }

    /// libxml2's global state, set up once before any parse (its documented requirement for use from
    /// more than one thread).
    private static let initialized: Void = xmlInitParser()

    /// The SAX2 callbacks: start and end of elements, character data, structured errors. Nothing for
    /// DTD declarations, entity resolution or processing instructions.
    private static func saxHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { user, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let user, let localName else { return }
            TreeBuilder.from(user).pointee.start(localName, prefix: prefix, namespaceCount: Int(namespaceCount),
                                         namespaces: namespaces, attributeCount: Int(attributeCount),
                                         attributes: attributes)
        }
        handler.endElementNs = { user, _, _, _ in
            guard let user else { return }
            TreeBuilder.from(user).pointee.end()
        }
        handler.characters = { user, bytes, length in
            guard let user, let bytes else { return }
            TreeBuilder.from(user).pointee.characters(bytes, count: Int(length))
        }
        handler.serror = { user, error in
            guard let user, let error else { return }
            TreeBuilder.from(user).pointee.error(error.pointee)
        }
        return handler
    }

    /// Builds the store from parser events. An element's record is appended when it starts (so the
    /// records are in document order); its children's indices wait in `pending` while it is open and
    /// move to `childIndices` in one run when it closes, so each child list is contiguous.
    private struct TreeBuilder {
        let maxElements: Int
        var context: xmlParserCtxtPtr?
        var nodes: [IBElementStore.Node] = []
        var attributes: [IBElement.Attribute] = []
        var childIndices: [Int32] = []
        var names: [String] = []
        var texts: [String] = []
        /// Open elements: each one's index in `nodes` and where its children start in `pending`.
        var stack: [(node: Int32, pendingStart: Int)] = []
        /// Indices of the children of the open elements, the innermost last.
        var pending: [Int32] = []
        /// The index of the root element, once it has closed.
        var root: Int?
        var count = 0
        /// The index in `names` of `string`, the one element whose character data is kept.
        var stringName: Int32 = -1
        /// Set when this reader stops the parse (element or depth limit).
        var stopError: IBImportError?
        /// The first error the parser reported: its code, and the line and column it was at then.
        var errorCode: Int32?
        /// libxml2's message for `errorCode`, for the codes `describeError` has no words of its own for.
        var errorMessage: String?
        var errorPlace: (line: Int, column: Int)?
        /// Indices into `names` for the names the parser interned, by the address it interned them
        /// at: a table of 256 slots by address, open addressing (a document uses a hundred-odd
        /// distinct names; a name met again costs a comparison of addresses, not a hash).
        /// The slots are raw memory owned by this builder (freed by `freeNameTable`).
        let nameAddresses = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 256)
        let nameIDs = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        var nameCount = 0

        init(maxElements: Int) {
            self.maxElements = maxElements
            nameAddresses.initialize(repeating: nil, count: 256)
            nameIDs.initialize(repeating: 0, count: 256)
        }

        func freeNameTable() {
            nameAddresses.deallocate()
            nameIDs.deallocate()
        }

        static func from(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<TreeBuilder> {
            pointer.assumingMemoryBound(to: TreeBuilder.self)
        }

        /// Where the parser is in the text (1-based line and column): after a start tag's attributes
        /// when it reports the element.
        func place() -> (line: Int, column: Int) {
            guard let input = context?.pointee.input else { return (0, 0) }
            return (Int(input.pointee.line), Int(input.pointee.col))
        }

        mutating func stop(_ error: IBImportError) {
            stopError = error
            if let context { xmlStopParser(context) }
        }

        /// The index in `names` of an interned name (and its prefix, for a qualified name
        /// `prefix:name`).
        mutating func name(_ local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> Int32 {
            guard prefix == nil else { return added(string(prefix) + ":" + string(local)) }
            let address = UnsafeRawPointer(local)
            // The parser packs interned names end to end, so every bit of the address varies.
            let bits = UInt(bitPattern: address)
            var slot = Int(truncatingIfNeeded: bits ^ (bits >> 8) ^ (bits >> 16)) & 255
            while let known = nameAddresses[slot] {
                if known == address { return nameIDs[slot] }
                slot = (slot + 1) & 255
            }
            let made = added(string(local))
            // Past three quarters full the table stops remembering: later names are added each time.
            if nameCount < 192 {
                nameAddresses[slot] = address
                nameIDs[slot] = made
                nameCount += 1
            }
            return made
        }

        /// Appends `name` to `names`, giving its index.
        mutating func added(_ name: String) -> Int32 {
            names.append(name)
            if name == "string" { stringName = Int32(names.count - 1) }
            return Int32(names.count - 1)
        }

        func string(_ bytes: UnsafePointer<xmlChar>?) -> String {
            guard let bytes else { return "" }
            return String(cString: bytes)
        }

        mutating func start(_ local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int,
                   namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
                   attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
            guard stopError == nil else { return }
            count += 1
            let (line, column) = place()
            if count > maxElements {
                stop(IBImportError("too-many-elements", "the document holds more than \(maxElements) elements",
                                   line: line, column: column))
                return
            }
            if stack.count >= IBXMLReader.maxDepth {
                stop(IBImportError("bad-xml", "malformed XML: elements nest more than \(IBXMLReader.maxDepth) deep",
                                   line: line, column: column))
                return
            }
            let attributeStart = self.attributes.count
            if let attributes {
                // Five pointers per attribute: local name, prefix, namespace URI, value start, value end.
                for index in 0..<attributeCount {
                    guard let attributeName = attributes[index * 5], let start = attributes[index * 5 + 3],
                          let end = attributes[index * 5 + 4] else { continue }
                    let bytes = UnsafeBufferPointer(start: start, count: end - start)
                    var value = String(decoding: bytes, as: UTF8.self)
                    if memchr(start, 0x26, bytes.count) != nil { value = Self.ampersands(value) }
                    let id = name(attributeName, prefix: attributes[index * 5 + 1])
                    self.attributes.append(IBElement.Attribute(name: names[Int(id)], value: value))
                }
            }
            if let namespaces {
                // Without namespace processing a declaration is an attribute like any other.
                for index in 0..<namespaceCount {
                    let prefix = namespaces[index * 2]
                    self.attributes.append(IBElement.Attribute(name: prefix.map { "xmlns:" + string($0) } ?? "xmlns",
                                                               value: string(namespaces[index * 2 + 1])))
                }
            }
            let index = Int32(nodes.count)
            nodes.append(IBElementStore.Node(name: name(local, prefix: prefix), line: Int32(clamping: line),
                                             column: Int32(clamping: column), attributeStart: Int32(attributeStart),
                                             attributeCount: Int32(self.attributes.count - attributeStart),
                                             childStart: 0, childCount: 0, end: index + 1, text: -1))
            if !stack.isEmpty { pending.append(index) }
            stack.append((index, pending.count))
        }

        /// Without entity substitution libxml2 hands an ampersand in an attribute value on as the
        /// character reference `&#38;` (for a tree builder to decode later): decoded here, left to right.
        static func ampersands(_ value: String) -> String { value.replacing("&#38;", with: "&") }

        mutating func end() {
            guard stopError == nil, let open = stack.popLast() else { return }
            let index = Int(open.node)
            nodes[index].childStart = Int32(childIndices.count)
            nodes[index].childCount = Int32(pending.count - open.pendingStart)
            nodes[index].end = Int32(nodes.count)
            childIndices.append(contentsOf: pending[open.pendingStart...])
            pending.removeSubrange(open.pendingStart...)
            if stack.isEmpty { root = index }
        }

        mutating func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
            // While the name table has room every name has one index, so the index alone tells.
            guard let last = stack.last else { return }
            let name = nodes[Int(last.node)].name
            guard name == stringName || (nameCount >= 192 && names[Int(name)] == "string") else { return }
            let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
            let index = Int(last.node)
            if nodes[index].text < 0 {
                nodes[index].text = Int32(texts.count)
                texts.append(text)
            } else {
                texts[Int(nodes[index].text)] += text
            }
        }

        /// The first error in words: what the reader saw tells apart what libxml2 gives one code
        /// (`XML_ERR_DOCUMENT_END` is both the end inside an element and content after the root);
        /// the rest by libxml2's number (`xmlParserErrors`).
        func describeError() -> String {
            guard let errorCode else { return "the document holds no element" }
            switch errorCode {
            case Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue): return "a closing tag does not match its opening tag"
            case Int32(XML_ERR_UNDECLARED_ENTITY.rawValue), Int32(XML_WAR_UNDECLARED_ENTITY.rawValue):
                return "an entity reference other than &amp; &lt; &gt; &quot; &apos; (entities are not expanded)"
            case Int32(XML_ERR_DOCUMENT_EMPTY.rawValue): return "the document holds no element"
            case Int32(XML_ERR_DOCUMENT_END.rawValue), Int32(XML_ERR_TAG_NOT_FINISHED.rawValue):
                if root != nil { return "content follows the root element" }
                return count == 0 ? "the document holds no element" : "the document ends inside an element"
            case Int32(XML_ERR_LT_IN_ATTRIBUTE.rawValue): return "a '<' inside an attribute value (write &lt;)"
            case Int32(XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue), Int32(XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue):
                return "an attribute whose value is not in quotes"
            case Int32(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue), Int32(XML_ERR_STRING_NOT_CLOSED.rawValue):
                return "an attribute value whose closing quote is missing"
            case Int32(XML_ERR_ATTRIBUTE_REDEFINED.rawValue): return "an element names the same attribute twice"
            case Int32(XML_ERR_NAME_REQUIRED.rawValue), Int32(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue):
                return "a bare '&' (write &amp;)"
            case Int32(XML_ERR_GT_REQUIRED.rawValue): return "a tag that is not closed with '>'"
            default:
                // libxml2's own words, where it gave some (its messages end with a newline).
                let words = errorMessage?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                return words.isEmpty ? "the parser stopped (libxml2 error \(errorCode))"
                                     : "the parser stopped: \(words) (libxml2 error \(errorCode))"
            }
        }

        mutating func error(_ error: xmlError) {
            guard error.level.rawValue >= XML_ERR_ERROR.rawValue, errorCode == nil else { return }
            errorCode = Int32(error.code)
            errorMessage = error.message.map { String(cString: $0) }
            errorPlace = place()
        }
    }
}
