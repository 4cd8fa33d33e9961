/// A parsed Visual Format Language string: the syntax tree `VisualFormatParser.parse(_:)` returns, with
/// the character offset of each name for diagnostics.
///
/// The grammar is Apple's ("Visual Format Language" appendix of the Auto Layout Guide):
///
///     <visualFormatString> ::= (<orientation>:)? (<superview><connection>)? <view>(<connection><view>)*
///                              (<connection><superview>)?
///     <orientation> ::= H | V
///     <superview> ::= |
///     <view> ::= [<viewName>(<predicateListWithParens>)?]
///     <connection> ::= e | -<predicateList>- | -
///     <predicateList> ::= <simplePredicate> | <predicateListWithParens>
///     <simplePredicate> ::= <metricName> | <positiveNumber>
///     <predicateListWithParens> ::= (<predicate>(,<predicate>)*)
///     <predicate> ::= (<relation>)?(<objectOfPredicate>)(@<priority>)?
///     <relation> ::= == | <= | >=
///     <objectOfPredicate> ::= <constant> | <viewName>   (a view name only in a view's predicates)
///     <priority> ::= <metricName> | <number>
///     <constant> ::= <metricName> | <number>
///     <viewName>, <metricName> ::= a C identifier
///     <number> ::= as strtod reads one in the C locale (decimal only here)
///
/// There are no multipliers and no spaces in the language.
public struct VisualFormat: Equatable, Sendable {
    /// `H:` (the default) or `V:`.
    public enum Orientation: Sendable {
        case horizontal, vertical
    }

    /// A number, or a name: a metric, or in a view's predicate a metric or a view.
    public enum Value: Equatable, Sendable {
        case number(Double)
        case name(String)
    }

    /// `(relation)?(object)(@priority)?`; the relation defaults to `==` and the priority to 1000.
    public struct Predicate: Equatable, Sendable {
        /// `==` when the format names none.
        public var relation: LayoutRelation
        /// A number or a name (a metric, or in a view's predicate a metric or a view).
        public var object: Value
        /// A number or a metric name; nil for required (1000).
        public var priority: Value?
        /// Offset of the object in the text.
        public var position: Int
        /// Offset of the priority in the text.
        public var priorityPosition: Int?

        /// A predicate at `position`.
        public init(relation: LayoutRelation = .equal, object: Value, priority: Value? = nil, position: Int,
                    priorityPosition: Int? = nil) {
            self.relation = relation
            self.object = object
            self.priority = priority
            self.position = position
            self.priorityPosition = priorityPosition
        }
    }

    /// What lies between two views, or between a view and the superview.
    public enum Connection: Equatable, Sendable {
        /// No `-`: the edges touch (spacing 0), as in `[maroonView][blueView]`.
        case flush
        /// A lone `-`: the standard spacing, 8 points between siblings and 20 to the superview's edge.
        case standard
        /// `-50-`, `-metric-` or `-(>=20@750,<=50)-`: one spacing constraint per predicate.
        case predicates([Predicate])
    }

    /// `[name(predicates)]`.
    public struct ViewElement: Equatable, Sendable {
        /// The view name, a C identifier.
        public var name: String
        /// Offset of the name in the text.
        public var position: Int
        /// Size predicates: width in `H:`, height in `V:`.
        public var predicates: [Predicate]

        /// A view named `name` at `position`.
        public init(name: String, position: Int, predicates: [Predicate] = []) {
            self.name = name
            self.position = position
            self.predicates = predicates
        }
    }

    /// A `|` and its connection to the nearest view.
    public struct SuperviewEdge: Equatable, Sendable {
        /// The connection between the `|` and the nearest view.
        public var connection: Connection
        /// Offset of the `|` in the text.
        public var position: Int

        /// A `|` at `position`.
        public init(connection: Connection, position: Int) {
            self.connection = connection
            self.position = position
        }
    }

    /// The parsed format.
    public var text: String
    /// `H:` or `V:`.
    public var orientation: Orientation
    /// `|…` before the first view.
    public var leadingSuperview: SuperviewEdge?
    /// At least one.
    public var views: [ViewElement]
    /// `connections[i]` lies between `views[i]` and `views[i + 1]`.
    public var connections: [Connection]
    /// `…|` after the last view.
    public var trailingSuperview: SuperviewEdge?
}

extension VisualFormat {
    /// The constraints the format describes, as `NSLayoutConstraint.constraints(withVisualFormat:options:
    /// metrics:views:)` makes them, in reading order: the leading superview connection, then each view's
    /// size predicates and the connection to the view before it, the trailing superview connection, and
    /// last the alignment constraints of `options` (`previous.attribute == next.attribute` for each pair of
    /// neighbouring views).
    ///
    /// Spacing constraints read `later edge (relation) earlier edge + spacing` along the flow: `b.leading ==
    /// a.trailing + 8`, `a.leading == superview.leading + 20`, `superview.trailing == a.trailing + 20`;
    /// vertical formats use `top`/`bottom`, `directionLeftToRight` uses `left`/`right`, and
    /// `directionRightToLeft` runs from the right (`a.left == b.right + 8`).
    ///
    /// - Parameters:
    ///   - metrics: numbers by name, for constants and priorities.
    ///   - views: the item name (`"picker"`, or any name `LayoutEngine.item(named:)` resolves) of each view
    ///     name the format may use.
    ///   - options: alignment and direction.
    ///   - superview: the item name of a view's superview, for `|`; nil when it has none.
    /// - Throws: `ConstraintParseError` with the offset of the culprit: `.unknownView` (a name not in
    ///   `views`), `.unknownMetric` (a name in neither dictionary, or a view used in a connection),
    ///   `.syntax` (`|` next to a view without a superview), `.invalidOptions` (an alignment along the
    ///   format's own axis, or two directions).
    public func constraints(metrics: [String: Double] = [:], views names: [String: String],
                            options: VisualFormatOptions = [], superview: (String) -> String?)
        throws -> [ConstraintDescription]
    {
        let flow = try Flow(orientation: orientation, options: options, text: text)
        var result: [ConstraintDescription] = []
        let items = try views.map { element -> String in
            guard let item = names[element.name] else {
                throw error(.unknownView, "\(element.name) is not a key in the views dictionary.", element.position)
            }
            return item
        }
        func superviewItem(of index: Int, edge: SuperviewEdge) throws -> String {
            guard let item = superview(items[index]) else {
                throw error(.syntax, "Unable to interpret '|' character, because the related view doesn't have a superview",
                            edge.position)
            }
            return item
        }
        func spacing(_ connection: Connection, earlier: (String, LayoutAttribute, Int),
                     later: (String, LayoutAttribute, Int), standard: Double) throws {
            let (high, low) = flow.ascending ? (later, earlier) : (earlier, later)
            func add(_ relation: LayoutRelation, _ constant: Double, _ priority: Double) {
                result.append(ConstraintDescription(
                    firstItem: high.0, firstAttribute: high.1, relation: relation, secondItem: low.0,
                    secondAttribute: low.1, constant: constant, priority: priority,
                    firstItemPosition: high.2, secondItemPosition: low.2))
            }
            switch connection {
            case .flush: add(.equal, 0, LayoutConstraint.required)
            case .standard: add(.equal, standard, LayoutConstraint.required)
            case .predicates(let predicates):
                for predicate in predicates {
                    let constant = try number(predicate.object, at: predicate.position, viewsAllowed: false, names)
                    add(predicate.relation, constant, try priority(of: predicate))
                }
            }
        }

        if let edge = leadingSuperview {
            let container = try superviewItem(of: 0, edge: edge)
            try spacing(edge.connection, earlier: (container, flow.start, edge.position),
                        later: (items[0], flow.start, views[0].position),
                        standard: VisualFormatParser.standardSuperviewSpacing)
        }
        for (index, element) in views.enumerated() {
            if index > 0 {
                try spacing(connections[index - 1],
                            earlier: (items[index - 1], flow.end, views[index - 1].position),
                            later: (items[index], flow.start, element.position),
                            standard: VisualFormatParser.standardSpacing)
            }
            for predicate in element.predicates {
                var description = ConstraintDescription(
                    firstItem: items[index], firstAttribute: flow.size, relation: predicate.relation,
                    priority: try priority(of: predicate), firstItemPosition: element.position)
                if case .name(let name) = predicate.object, metrics[name] == nil, let other = names[name] {
                    description.secondItem = other
                    description.secondAttribute = flow.size
                    description.secondItemPosition = predicate.position
                } else {
                    description.constant = try number(predicate.object, at: predicate.position,
                                                      viewsAllowed: true, names)
                }
                result.append(description)
            }
        }
        if let edge = trailingSuperview {
            let last = views.count - 1
            let container = try superviewItem(of: last, edge: edge)
            try spacing(edge.connection, earlier: (items[last], flow.end, views[last].position),
                        later: (container, flow.end, edge.position),
                        standard: VisualFormatParser.standardSuperviewSpacing)
        }
        for attribute in options.alignedAttributes {
            for index in views.indices.dropFirst() {
                result.append(ConstraintDescription(
                    firstItem: items[index - 1], firstAttribute: attribute, secondItem: items[index],
                    secondAttribute: attribute, firstItemPosition: views[index - 1].position,
                    secondItemPosition: views[index].position))
            }
        }
        return result

        func number(_ value: Value, at position: Int, viewsAllowed: Bool, _ names: [String: String]) throws -> Double {
            switch value {
            case .number(let number):
                return number
            case .name(let name):
                if let metric = metrics[name] { return metric }
                if names[name] != nil, !viewsAllowed {
                    throw error(.unknownMetric,
                                "'\(name)' is a view: a connection's predicate takes a number or a metric", position)
                }
                throw error(.unknownMetric, "'\(name)' is not a key in the metrics dictionary", position)
            }
        }

        func priority(of predicate: Predicate) throws -> Double {
            guard let value = predicate.priority else { return LayoutConstraint.required }
            return try number(value, at: predicate.priorityPosition ?? predicate.position, viewsAllowed: false, [:])
        }
    }

    /// How many constraints `constraints(metrics:views:options:superview:)` returns with `options`.
    public func constraintCount(options: VisualFormatOptions = []) -> Int {
        func count(_ connection: Connection?) -> Int {
            switch connection {
            case nil: 0
            case .flush, .standard: 1
            case .predicates(let predicates): predicates.count
            }
        }
        return count(leadingSuperview?.connection) + count(trailingSuperview?.connection)
            + connections.reduce(0) { $0 + count($1) } + views.reduce(0) { $0 + $1.predicates.count }
            + options.alignedAttributes.count * (views.count - 1)
    }

    private func error(_ kind: ConstraintParseError.Kind, _ reason: String, _ position: Int) -> ConstraintParseError {
        ConstraintParseError(.visualFormat, kind, reason, text: text, position: position)
    }

    /// The attributes a format's flow uses, and whether it runs towards growing coordinates.
    private struct Flow {
        var start: LayoutAttribute
        var end: LayoutAttribute
        var size: LayoutAttribute
        var ascending = true

        init(orientation: Orientation, options: VisualFormatOptions, text: String) throws {
            func fail(_ reason: String) -> ConstraintParseError {
                ConstraintParseError(.visualFormat, .invalidOptions, reason, text: text, position: 0)
            }
            let aligned = Set(options.alignedAttributes)
            let directions = options.intersection(VisualFormatOptions.directions)
            guard directions.rawValue & (directions.rawValue - 1) == 0 else {
                throw fail("Options may name at most one direction")
            }
            switch orientation {
            case .vertical:
                guard aligned.allSatisfy({ $0.axis == .horizontal }) else {
                    throw fail("Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.")
                }
                (start, end, size) = (.top, .bottom, .height)
            case .horizontal:
                guard aligned.allSatisfy({ $0.axis == .vertical }) else {
                    throw fail("Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.")
                }
                if directions == .directionLeftToRight {
                    (start, end, size) = (.left, .right, .width)
                } else if directions == .directionRightToLeft {
                    (start, end, size, ascending) = (.right, .left, .width, false)
                } else {
                    (start, end, size) = (.leading, .trailing, .width)
                }
            }
        }
    }
}
