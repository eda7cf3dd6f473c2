#include "SyntaxBindingRules.h"

#include "ChildPathIndex.h"
#include "InternedNameCache.h"
#include "ProfileCodeLists.h"
#include "XmlSpace.h"

#include <QFile>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QSet>
#include <QVarLengthArray>
#include <algorithm>
#include <array>
#include <climits>
#include <iterator>
#include <map>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

using Severity = Finding::Severity;

// ---- compiled form of the table ----------------------------------------------------------------------

struct NameTest
{
    enum class Match
    {
        Exact,
        Suffix, // prefix:*Suffix
        Any, // *
    };
    QString ns; // empty for *Suffix: any namespace
    QString name;
    Match match = Match::Exact;

    bool accepts(const XmlElement &e) const
    {
        switch (match) {
        case Match::Any:
            return true;
        case Match::Suffix:
            // A size check and a memcmp of the tail: QString::endsWith goes through Qt's generic
            // comparison, and the CII table tests six suffixes on every distinct element name.
            return e.name.size() >= name.size() && sameText(QStringView(e.name).last(name.size()), name)
                && (ns.isEmpty() || sameText(e.ns, ns));
        case Match::Exact:
            return sameText(e.name, name) && sameText(e.ns, ns);
        }
        return false;
    }
};

struct Step;

// A path of element steps, optionally ending in an attribute.
struct Path
{
    std::vector<Step> steps;
    QString attribute; // final @attribute, empty when the path selects elements
    bool anchored = false; // leading '/': the first step is the document element
};

struct Predicate
{
    enum class Op
    {
        Exists,
        Equals,
        NotEquals,
    };
    bool negated = false; // not(...)
    bool caseInsensitive = false; // =~ / !~ compare upper-cased values (the artefact's upper-case())
    bool spaceNormalized = false; // == / !== compare values with XPath's whitespace normalisation
    bool trimmed = false; // true() / false(): the value read as an xs:boolean, surrounding blanks ignored
    bool anchored = false; // the path starts at the document element ('/name...')
    Op op = Op::Exists;
    std::vector<Step> path; // relative element path, empty for an attribute of the candidate itself
    QString attribute; // when set: the attribute of the node the path leads to (or of the candidate)
    QStringList values; // 'a'|'b': equal to any / different from all
};

struct Step
{
    bool descendant = false; // preceded by '//'
    bool orSelf = false; // '//@name': the node the step starts from counts too (descendant-or-self)
    bool self = false; // self::name: tests the node the path starts from
    bool ancestor = false; // ancestor::name: the path continues from any ancestor with that name
    std::vector<NameTest> names; // alternatives (a|b)
    std::vector<Predicate> predicates;
    QString source; // the step as written: equal steps of different rules share a ChildPathIndex node

    bool exactNames() const
    {
        return std::all_of(names.cbegin(), names.cend(),
            [](const NameTest &t) { return t.match == NameTest::Match::Exact; });
    }
};

struct ContextPattern
{
    bool root = false; // "/" = the document element
    std::vector<Path> alternatives;
    std::vector<Path> exceptions;
};

struct Rule
{
    enum class Kind
    {
        Absent,
        Present,
        Max,
        Exactly,
        DistinctMax,
        Decimals,
        Matches,
        PresentIf,
        AbsentUnless,
        Exclusive,
        DistinctNormalizedMax,
        InList,
    };
    QString id;
    Severity severity = Severity::Fatal;
    Kind kind = Kind::Absent;
    int limit = 0;
    QRegularExpression pattern;
    const QSet<QString> *codes = nullptr; // in-list: the accepted values
    Path condition; // present-if, max/exactly N if: the rule only applies when this path selects something
    bool conditional = false; // max/exactly N if PATH
    std::vector<Path> exemptions; // absent-unless: the rule holds when any of these selects something
    // Relative to the context element ("." = the context itself). "A | B": their union, except for
    // exclusive, where each alternative is tested on its own; "A & B" (present, present-if): every one.
    std::vector<Path> paths;
    bool allOf = false; // the paths were joined by " & "
    QString bt;
    QString message;
};

struct ContextGroup
{
    QString source;
    ContextPattern pattern;
    std::vector<Rule> rules;
    // The group's counting rules over plain child paths, answered by one walk (ChildPathIndex);
    // counted[r] says rule r is one of them.
    ChildPathIndex counting;
    std::vector<unsigned char> counted;
    // The rules to look at even when the walk selected nothing for them, in table order: the ones the index
    // does not answer, and present/exactly, which a count of zero fails. Absent, absent-unless and max pass
    // on zero, so only the rows the walk touched need a look.
    std::vector<int> alwaysChecked;
};

struct Table
{
    std::vector<ContextGroup> groups;
    struct NameEntry
    {
        std::vector<int> groups; // groups whose context's last step may match an element of this name
        int slot = -1; // index of this name among the first steps of "//name..." paths, or -1
    };
    QHash<QString, NameEntry> byLocalName;
    int slotCount = 0;
    // Attributes that "//...@name" paths from the document element ask for: per-document lists of the
    // elements carrying them, filled in the same pass.
    QHash<QString, int> attributeSlots;
    std::vector<int> wildcardGroups; // groups whose last step is a suffix or * test
    std::vector<int> rootGroups;
    // The names of the ChildPathIndex trees' steps, numbered: "{namespace}local name" -> number.
    QHash<QString, int> stepNames;
    std::vector<Step> testedSteps; // the trees' steps with predicates, by their ChildPathIndex test number
    size_t largestGroup = 0; // rules of the largest group (scratch space for ChildPathIndex counts)
    QStringList errors;
    QStringList ids;
};

QString clarkName(const QString &ns, const QString &name)
{
    return u'{' + ns + u'}' + name;
}

// A rule ChildPathIndex can answer, at least in part: absent, absent-unless (the paths; the exemptions only
// when they select something), present (one path or a union), max N or exactly N without a condition, over
// child steps with exact names (alternatives and predicates allowed), optionally ending in an attribute.
bool indexCountingRule(Table &table, ContextGroup &group, int index)
{
    const Rule &rule = group.rules[size_t(index)];
    using K = Rule::Kind;
    const bool counts = rule.kind == K::Absent || rule.kind == K::AbsentUnless
        || (rule.kind == K::Present && !rule.allOf)
        || ((rule.kind == K::Max || rule.kind == K::Exactly) && !rule.conditional && rule.limit < 255);
    const auto plain = [](const Path &path) {
        return !path.anchored && !(path.steps.empty() && path.attribute.isEmpty())
            && std::all_of(path.steps.cbegin(), path.steps.cend(), [](const Step &s) {
                   return !s.descendant && !s.self && !s.ancestor && !s.orSelf && s.exactNames();
               });
    };
    if (!counts || rule.paths.empty() || !std::all_of(rule.paths.cbegin(), rule.paths.cend(), plain))
        return false;
    for (const Path &path : rule.paths) {
        std::vector<ChildPathIndex::Step> steps;
        for (const Step &step : path.steps) {
            ChildPathIndex::Step indexed;
            indexed.key = step.source;
            for (const NameTest &test : step.names) {
                const auto number = table.stepNames.constFind(clarkName(test.ns, test.name));
                if (number != table.stepNames.cend()) {
                    indexed.names.push_back(number.value());
                } else {
                    indexed.names.push_back(int(table.stepNames.size()));
                    table.stepNames.insert(clarkName(test.ns, test.name), indexed.names.back());
                }
            }
            if (!step.predicates.empty()) {
                indexed.test = int(table.testedSteps.size());
                table.testedSteps.push_back(step);
            }
            steps.push_back(std::move(indexed));
        }
        group.counting.add(index, steps, path.attribute);
    }
    return true;
}

const QHash<QString, QString> &prefixes()
{
    static const QHash<QString, QString> map = {
        { u"cbc"_s, u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s },
        { u"cac"_s, u"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"_s },
        { u"ext"_s, u"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"_s },
        { u"ubl"_s, u"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"_s },
        { u"cn"_s, u"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"_s },
        { u"rsm"_s, u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s },
        { u"ram"_s, u"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"_s },
        { u"udt"_s, u"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"_s },
        { u"qdt"_s, u"urn:un:unece:uncefact:data:standard:QualifiedDataType:100"_s },
    };
    return map;
}

// ---- parsing -------------------------------------------------------------------------------------------

class PathParser
{
public:
    explicit PathParser(QString *error)
        : m_error(error)
    { }

    // Splits at `separator` outside brackets, parentheses and quotes.
    static QStringList splitTopLevel(const QString &text, QStringView separator)
    {
        QStringList parts;
        int depth = 0;
        bool quoted = false;
        qsizetype start = 0;
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (c == u'\'')
                quoted = !quoted;
            else if (!quoted && (c == u'[' || c == u'('))
                ++depth;
            else if (!quoted && (c == u']' || c == u')'))
                --depth;
            else if (!quoted && depth == 0 && c == separator.front()
                && QStringView(text).sliced(i).startsWith(separator)) { // the first character rules most out
                parts << text.mid(start, i - start);
                i += separator.size() - 1;
                start = i + 1;
            }
        }
        parts << text.mid(start);
        return parts;
    }

    bool parsePath(QString text, Path &path)
    {
        text = text.trimmed();
        if (text == u".")
            return true;
        bool descendant = false;
        if (text.startsWith(u"//")) {
            descendant = true;
            text = text.mid(2);
        } else if (text.startsWith(u'/')) {
            path.anchored = true;
            text = text.mid(1);
        }
        // Split on '/' at top level; an empty part marks '//' (descendant axis for the next step).
        const QStringList parts = splitTopLevel(text, u"/");
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const QString part = parts.at(i).trimmed();
            if (part.isEmpty()) {
                descendant = true;
                continue;
            }
            if (part.startsWith(u'@')) {
                if (i != parts.size() - 1)
                    return fail(u"an attribute step must come last in '%1'"_s.arg(text));
                if (descendant) {
                    // "//@name": the attribute on the start element or on any element below it.
                    Step any;
                    any.descendant = true;
                    any.orSelf = true;
                    any.names.push_back(NameTest { {}, {}, NameTest::Match::Any });
                    any.source = u"//*"_s;
                    path.steps.push_back(std::move(any));
                }
                path.attribute = part.mid(1);
                return true;
            }
            Step step;
            step.descendant = descendant;
            step.source = (descendant ? u"//"_s : QString()) + part;
            descendant = false;
            QString stepText = part;
            if (stepText.startsWith(u"self::")) {
                if (!path.steps.empty() || step.descendant)
                    return fail(u"self:: must be the first step in '%1'"_s.arg(text));
                step.self = true;
                stepText = stepText.mid(6);
            } else if (stepText.startsWith(u"ancestor::")) {
                if (!path.steps.empty() || step.descendant || path.anchored)
                    return fail(u"ancestor:: must be the first step in '%1'"_s.arg(text));
                step.ancestor = true;
                stepText = stepText.mid(10);
            }
            if (!parseStep(stepText, step))
                return false;
            path.steps.push_back(std::move(step));
        }
        if (path.anchored && path.steps.empty())
            return fail(u"'/' alone is not a path"_s);
        return true;
    }

    // Alternatives separated by " | ": the union of what they select (the alternatives should select
    // different nodes; a node selected by two of them is counted twice).
    bool parseUnion(const QString &text, std::vector<Path> &paths)
    {
        for (const QString &alternative : splitTopLevel(text, u" | ")) {
            Path path;
            if (alternative.trimmed().isEmpty() || !parsePath(alternative, path))
                return fail(u"malformed path '%1'"_s.arg(alternative));
            paths.push_back(std::move(path));
        }
        return !paths.empty();
    }

private:
    QString *m_error;

    bool fail(const QString &message)
    {
        if (m_error->isEmpty())
            *m_error = message;
        return false;
    }

    bool parseNameTest(const QString &text, NameTest &test)
    {
        if (text == u"*") {
            test.match = NameTest::Match::Any;
            return true;
        }
        if (text.startsWith(u'*')) {
            test.match = NameTest::Match::Suffix;
            test.name = text.mid(1);
            return true;
        }
        const qsizetype colon = text.indexOf(u':');
        if (colon < 0)
            return fail(u"name '%1' has no namespace prefix"_s.arg(text));
        const auto ns = prefixes().constFind(text.left(colon));
        if (ns == prefixes().cend())
            return fail(u"unknown namespace prefix in '%1'"_s.arg(text));
        test.ns = ns.value();
        test.name = text.mid(colon + 1);
        if (test.name.startsWith(u'*')) {
            test.match = NameTest::Match::Suffix;
            test.name = test.name.mid(1);
        }
        return !test.name.isEmpty() || test.match == NameTest::Match::Suffix
            ? true
            : fail(u"empty local name in '%1'"_s.arg(text));
    }

    bool parseStep(const QString &text, Step &step)
    {
        const qsizetype bracket = text.indexOf(u'[');
        const QString names = bracket < 0 ? text : text.left(bracket);
        for (const QString &name : names.split(u'|')) {
            NameTest test;
            if (!parseNameTest(name.trimmed(), test))
                return false;
            step.names.push_back(std::move(test));
        }
        qsizetype at = bracket;
        while (at >= 0 && at < text.size()) {
            if (text.at(at) != u'[')
                return fail(u"unexpected text after a predicate in '%1'"_s.arg(text));
            const qsizetype end = closingBracket(text, at);
            if (end < 0)
                return fail(u"unbalanced predicate in '%1'"_s.arg(text));
            Predicate predicate;
            if (!parsePredicate(text.mid(at + 1, end - at - 1).trimmed(), predicate))
                return false;
            step.predicates.push_back(std::move(predicate));
            at = end + 1;
        }
        return true;
    }

    static qsizetype closingBracket(const QString &text, qsizetype open)
    {
        int depth = 0;
        bool quoted = false;
        for (qsizetype i = open; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (c == u'\'')
                quoted = !quoted;
            else if (!quoted && c == u'[')
                ++depth;
            else if (!quoted && c == u']' && --depth == 0)
                return i;
        }
        return -1;
    }

    bool parsePredicate(QString text, Predicate &predicate)
    {
        if (text.startsWith(u"not(") && text.endsWith(u')')) {
            predicate.negated = true;
            text = text.mid(4, text.size() - 5).trimmed();
        }
        static const QRegularExpression comparison(
            u"^(.*?)\\s*(!==|==|!=|=~|!~|=)\\s*('[^']*'(?:\\|'[^']*')*|true\\(\\)|false\\(\\))$"_s);
        QString operand = text;
        const QRegularExpressionMatch m = comparison.match(text);
        if (m.hasMatch()) {
            operand = m.captured(1);
            const QString op = m.captured(2);
            predicate.op = (op == u"=" || op == u"=~" || op == u"==") ? Predicate::Op::Equals
                                                                      : Predicate::Op::NotEquals;
            predicate.caseInsensitive = op.endsWith(u'~');
            predicate.spaceNormalized = op.endsWith(u"==");
            const QString values = m.captured(3);
            if (values == u"true()" || values == u"false()") {
                // An xs:boolean has two spellings for each value.
                predicate.trimmed = true;
                predicate.values = values == u"true()" ? QStringList { u"true"_s, u"1"_s }
                                                       : QStringList { u"false"_s, u"0"_s };
            } else {
                for (QString value : values.split(u'|')) {
                    value = value.mid(1, value.size() - 2); // strip the quotes
                    if (predicate.spaceNormalized)
                        value = normalizeSpace(value);
                    predicate.values << (predicate.caseInsensitive ? value.toUpper() : value);
                }
            }
        }
        Path path;
        if (!parsePath(operand, path))
            return false;
        predicate.anchored = path.anchored;
        predicate.path = std::move(path.steps);
        predicate.attribute = path.attribute;
        return true;
    }
};

bool parseContext(const QString &text, ContextPattern &pattern, QString *error)
{
    if (text.trimmed() == u"/") {
        pattern.root = true;
        return true;
    }
    PathParser parser(error);
    const QStringList sides = PathParser::splitTopLevel(text, u" except ");
    auto parseList = [&parser](const QString &list, std::vector<Path> &into) {
        for (const QString &alternative : PathParser::splitTopLevel(list, u" | ")) {
            Path path;
            if (!parser.parsePath(alternative, path) || path.steps.empty() || !path.attribute.isEmpty())
                return false;
            into.push_back(std::move(path));
        }
        return true;
    };
    if (!parseList(sides.value(0), pattern.alternatives))
        return false;
    return sides.size() < 2 || parseList(sides.value(1), pattern.exceptions);
}

bool parseKind(const QString &text, Rule &rule, QString *error)
{
    const QString kind = text.section(u' ', 0, 0);
    const QString argument = text.section(u' ', 1).trimmed();
    bool ok = true;
    if (kind == u"absent")
        rule.kind = Rule::Kind::Absent;
    else if (kind == u"present")
        rule.kind = Rule::Kind::Present;
    else if (kind == u"max")
        rule.kind = Rule::Kind::Max;
    else if (kind == u"exactly")
        rule.kind = Rule::Kind::Exactly;
    else if (kind == u"distinct-max")
        rule.kind = Rule::Kind::DistinctMax;
    else if (kind == u"distinct-normalized-max")
        rule.kind = Rule::Kind::DistinctNormalizedMax;
    else if (kind == u"exclusive") {
        rule.kind = Rule::Kind::Exclusive;
        return argument.isEmpty();
    } else if (kind == u"decimals")
        rule.kind = Rule::Kind::Decimals;
    else if (kind == u"matches") {
        rule.kind = Rule::Kind::Matches;
        rule.pattern = QRegularExpression(argument);
        return rule.pattern.isValid() && !argument.isEmpty();
    } else if (kind == u"absent-unless") {
        rule.kind = Rule::Kind::AbsentUnless;
        PathParser parser(error);
        return parser.parseUnion(argument, rule.exemptions);
    } else if (kind == u"in-list") {
        // "in-list FILE:LIST": a code list of resources/einvoice/FILE (ProfileCodeLists format).
        rule.kind = Rule::Kind::InList;
        rule.codes = ProfileCodeLists::find(argument.section(u':', 0, 0), argument.section(u':', 1));
        if (!rule.codes && error)
            *error = u"unknown code list '%1'"_s.arg(argument);
        return rule.codes != nullptr;
    } else if (kind == u"present-if") {
        rule.kind = Rule::Kind::PresentIf;
        PathParser parser(error);
        return !argument.isEmpty() && parser.parsePath(argument, rule.condition);
    } else
        return false;
    if (rule.kind == Rule::Kind::Absent || rule.kind == Rule::Kind::Present
        || rule.kind == Rule::Kind::InList)
        return true;
    // "max N if PATH", "exactly N if PATH": the count only matters where PATH selects something.
    const qsizetype when = argument.indexOf(u" if "_s);
    if (when >= 0 && (rule.kind == Rule::Kind::Max || rule.kind == Rule::Kind::Exactly)) {
        PathParser parser(error);
        rule.conditional = true;
        if (!parser.parsePath(argument.mid(when + 4), rule.condition))
            return false;
    }
    rule.limit = (when >= 0 ? argument.left(when) : argument).trimmed().toInt(&ok);
    return ok;
}

Table loadTable(const QString &resource)
{
    Table table;
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly)) {
        table.errors << u"%1: cannot be read"_s.arg(resource);
        return table;
    }
    QHash<QString, int> groupOf;
    // The same path text recurs under many contexts ("ram:ID" in dozens): parsed once, copied after.
    QHash<QString, std::vector<Path>> parsedUnions;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QString &line = lines.at(n);
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList cols = line.split(u'\t');
        QString error;
        if (cols.size() != 7) {
            table.errors
                << u"%1 line %2: expected 7 tab-separated columns, found %3"_s.arg(resource).arg(n + 1).arg(
                       cols.size());
            continue;
        }
        Rule rule;
        rule.id = cols.at(0).trimmed();
        rule.severity = cols.at(1).trimmed() == u"warning" ? Severity::Warning : Severity::Fatal;
        rule.bt = cols.at(5).trimmed() == u"-" ? QString() : cols.at(5).trimmed();
        rule.message = cols.at(6).trimmed();
        const QString flag = cols.at(1).trimmed();
        if (flag != u"fatal" && flag != u"warning")
            error = u"unknown flag '%1'"_s.arg(flag);
        else if (!parseKind(cols.at(2).trimmed(), rule, &error) && error.isEmpty())
            error = u"unknown or malformed check '%1'"_s.arg(cols.at(2));
        else {
            // "A & B" (present, present-if): every path must select something; otherwise " | " separates
            // alternatives, a union (exclusive: tested one by one).
            PathParser parser(&error);
            const QStringList all = PathParser::splitTopLevel(cols.at(4), u" & ");
            rule.allOf = all.size() > 1;
            if (rule.allOf && rule.kind != Rule::Kind::Present && rule.kind != Rule::Kind::PresentIf) {
                error = u"only present and present-if take paths joined by ' & '"_s;
            } else if (rule.allOf) {
                for (const QString &text : all) {
                    Path path;
                    if (!parser.parsePath(text, path)) {
                        if (error.isEmpty())
                            error = u"malformed path"_s;
                        break;
                    }
                    rule.paths.push_back(std::move(path));
                }
            } else if (const auto known = parsedUnions.constFind(cols.at(4)); known != parsedUnions.cend()) {
                rule.paths = known.value();
            } else if (!parser.parseUnion(cols.at(4), rule.paths) && error.isEmpty()) {
                error = u"malformed path"_s;
            } else if (error.isEmpty()) {
                parsedUnions.insert(cols.at(4), rule.paths);
            }
            if (error.isEmpty() && rule.kind == Rule::Kind::Exclusive && rule.paths.size() < 2)
                error = u"exclusive needs at least two paths"_s;
        }
        const QString contextText = cols.at(3).trimmed();
        int group = groupOf.value(contextText, -1);
        if (error.isEmpty() && group < 0) {
            ContextGroup g;
            g.source = contextText;
            if (parseContext(contextText, g.pattern, &error)) {
                group = int(table.groups.size());
                groupOf.insert(contextText, group);
                table.groups.push_back(std::move(g));
            } else if (error.isEmpty()) {
                error = u"malformed context"_s;
            }
        }
        if (!error.isEmpty()) {
            table.errors << u"%1 line %2 (%3): %4"_s.arg(resource).arg(n + 1).arg(rule.id, error);
            continue;
        }
        table.ids << rule.id;
        table.groups[size_t(group)].rules.push_back(std::move(rule));
    }
    for (int g = 0; g < int(table.groups.size()); ++g) {
        const ContextPattern &pattern = table.groups[size_t(g)].pattern;
        if (pattern.root) {
            table.rootGroups.push_back(g);
            continue;
        }
        bool wildcard = false;
        QSet<QString> names;
        for (const Path &alternative : pattern.alternatives) {
            for (const NameTest &test : alternative.steps.back().names) {
                if (test.match == NameTest::Match::Exact)
                    names.insert(test.name);
                else
                    wildcard = true;
            }
        }
        if (wildcard)
            table.wildcardGroups.push_back(g);
        else {
            for (const QString &name : names)
                table.byLocalName[name].groups.push_back(g);
        }
    }
    // "//name..." paths evaluated from the root read a per-document list of the elements with that name
    // (collected in a first pass over the document) instead of scanning the whole table each time;
    // "//...@name" paths ending in an attribute read the list of the elements that carry it. A path anchored
    // at the document element ("/root//name...") reads the same lists from its second step.
    auto indexDescendants = [&table](const Path &path) {
        const size_t first = path.anchored ? 1 : 0;
        if (path.steps.size() <= first || !path.steps[first].descendant)
            return;
        const Step &step = path.steps[first];
        if (step.exactNames()) {
            for (const NameTest &test : step.names) {
                Table::NameEntry &entry = table.byLocalName[test.name];
                if (entry.slot < 0)
                    entry.slot = table.slotCount++;
            }
        } else if (path.steps.size() == first + 1 && !path.attribute.isEmpty()
            && !table.attributeSlots.contains(path.attribute)) {
            table.attributeSlots.insert(path.attribute, int(table.attributeSlots.size()));
        }
    };
    for (ContextGroup &group : table.groups) {
        for (int r = 0; r < int(group.rules.size()); ++r) {
            const Rule &rule = group.rules[size_t(r)];
            for (const Path &path : rule.paths)
                indexDescendants(path);
            indexDescendants(rule.condition);
            for (const Path &exemption : rule.exemptions)
                indexDescendants(exemption);
            const bool counted = indexCountingRule(table, group, r);
            group.counted.push_back(counted ? 1 : 0);
            if (!counted || rule.kind == Rule::Kind::Present || rule.kind == Rule::Kind::Exactly)
                group.alwaysChecked.push_back(r);
        }
        table.largestGroup = std::max(table.largestGroup, group.rules.size());
    }
    return table;
}

const Table &table(SyntaxBindingRules::Syntax syntax)
{
    // Function-local statics: parsed once, thread-safe initialisation.
    if (syntax == SyntaxBindingRules::Syntax::Ubl) {
        static const Table ubl = loadTable(u":/einvoice/ubl-syntax-rules.txt"_s);
        return ubl;
    }
    static const Table cii = loadTable(u":/einvoice/cii-syntax-rules.txt"_s);
    return cii;
}

// ---- evaluation ----------------------------------------------------------------------------------------

// Per-document lists that let paths from the document element skip the table-wide scans, filled in a first
// pass over the document, before any rule is checked.
struct DocumentIndex
{
    std::vector<std::vector<int>> byName; // elements per descendant slot, in document order
    std::vector<std::vector<int>> byAttribute; // elements carrying the attribute of each attribute slot
    std::vector<int> nameIds; // per element: the number of its name in Table::stepNames, or -1
};

class Evaluator final : public ChildPathIndex::StepTest
{
public:
    Evaluator(const XmlDocument &doc, const Table &table, const DocumentIndex &index)
        : m_doc(doc)
        , m_table(table)
        , m_index(index)
    { }

    bool matchesPattern(int element, const ContextPattern &pattern) const
    {
        if (pattern.root)
            return element == m_doc.root();
        bool any = false;
        for (const Path &alternative : pattern.alternatives) {
            if (matchesFrom(element, alternative, int(alternative.steps.size()) - 1)) {
                any = true;
                break;
            }
        }
        if (!any)
            return false;
        for (const Path &exception : pattern.exceptions) {
            if (matchesFrom(element, exception, int(exception.steps.size()) - 1))
                return false;
        }
        return true;
    }

    // Calls `visit` for every node the path selects from `from` (from the document element when the path is
    // anchored); stops when it returns false.
    template <typename Visit> bool select(int from, const Path &path, Visit &&visit) const
    {
        return selectSteps(from, path.steps, path.anchored, path.attribute, visit);
    }

    template <typename Visit>
    bool selectSteps(
        int from, const std::vector<Step> &steps, bool anchored, const QString &attribute, Visit &visit) const
    {
        if (!anchored)
            return select(from, steps, 0, attribute, visit);
        const int root = m_doc.root();
        return steps.empty() || !acceptsStep(root, steps.front()) || select(root, steps, 1, attribute, visit);
    }

    // How many nodes the alternatives select together, counting no further than `stopAfter`.
    int count(int from, const std::vector<Path> &paths, int stopAfter = INT_MAX) const
    {
        int n = 0;
        for (const Path &path : paths) {
            select(from, path, [&n, stopAfter](int) { return ++n < stopAfter; });
            if (n >= stopAfter)
                break;
        }
        return n;
    }

    int count(int from, const Path &path, int stopAfter = INT_MAX) const
    {
        int n = 0;
        select(from, path, [&n, stopAfter](int) { return ++n < stopAfter; });
        return n;
    }

    // ChildPathIndex::StepTest: the predicates of a step of the trees.
    bool accepts(int element, int test) const override
    {
        return acceptsStep(element, m_table.testedSteps[size_t(test)]);
    }

    QString valueOf(int node, const QString &attribute) const
    {
        return attribute.isEmpty() ? m_doc.element(node).text : m_doc.attribute(node, attribute);
    }

private:
    const XmlDocument &m_doc;
    const Table &m_table;
    const DocumentIndex &m_index;
    // Namespaces of the table already found equal to a namespace of this document, by data pointer: the
    // document interns its few namespaces, so after the first memcmp of the 80-character ram namespace
    // the rest are pointer comparisons.
    mutable std::array<std::pair<const QChar *, const QChar *>, 4> m_sameNamespace {};

    bool sameNamespace(const QString &document, const QString &table) const
    {
        for (const auto &[t, d] : m_sameNamespace) {
            if (t == table.constData() && d == document.constData())
                return true;
        }
        if (!sameText(document, table))
            return false;
        std::rotate(m_sameNamespace.begin(), m_sameNamespace.end() - 1, m_sameNamespace.end());
        m_sameNamespace.front() = { table.constData(), document.constData() };
        return true;
    }

    template <typename Visit>
    bool select(
        int from, const std::vector<Step> &steps, size_t index, const QString &attribute, Visit &visit) const
    {
        if (index == steps.size()) {
            if (!attribute.isEmpty() && !m_doc.hasAttribute(from, attribute))
                return true;
            return visit(from);
        }
        const Step &step = steps[index];
        if (step.self)
            return !acceptsStep(from, step) || select(from, steps, index + 1, attribute, visit);
        if (step.ancestor) {
            for (int a = m_doc.element(from).parent; a >= 0; a = m_doc.element(a).parent) {
                if (acceptsStep(a, step) && !select(a, steps, index + 1, attribute, visit))
                    return false;
            }
            return true;
        }
        if (step.descendant)
            return selectDescendants(from, steps, index, attribute, visit);
        for (int child : m_doc.childrenOf(from)) {
            if (acceptsStep(child, step) && !select(child, steps, index + 1, attribute, visit))
                return false;
        }
        return true;
    }

    template <typename Visit>
    bool selectDescendants(
        int from, const std::vector<Step> &steps, size_t index, const QString &attribute, Visit &visit) const
    {
        const Step &step = steps[index];
        if (from == m_doc.root()) {
            CandidateLists lists;
            if (indexedCandidates(step, index + 1 == steps.size() ? attribute : QString(), lists)) {
                for (const std::vector<int> *list : lists) {
                    for (int e : *list) {
                        if ((e != from || step.orSelf) && acceptsStep(e, step)
                            && !select(e, steps, index + 1, attribute, visit))
                            return false;
                    }
                }
                return true;
            }
            // Every other element descends from the root, in document order: a flat scan of the table.
            for (int e = step.orSelf ? from : from + 1; e < m_doc.elementCount(); ++e) {
                if (acceptsStep(e, step) && !select(e, steps, index + 1, attribute, visit))
                    return false;
            }
            return true;
        }
        if (step.orSelf)
            return selectSubtree(from, steps, index, attribute, visit);
        for (int child : m_doc.childrenOf(from)) {
            if (!selectSubtree(child, steps, index, attribute, visit))
                return false;
        }
        return true;
    }

    // `element` and everything below it, tested against steps[index].
    template <typename Visit>
    bool selectSubtree(int element, const std::vector<Step> &steps, size_t index, const QString &attribute,
        Visit &visit) const
    {
        if (acceptsStep(element, steps[index]) && !select(element, steps, index + 1, attribute, visit))
            return false;
        for (int child : m_doc.childrenOf(element)) {
            if (!selectSubtree(child, steps, index, attribute, visit))
                return false;
        }
        return true;
    }

    // The per-document lists that cover `step` from the root: the elements of each of its names, or, for a
    // step of any name that ends the path in `attribute`, the elements carrying that attribute. Empty when
    // no list covers it (a step has at most a few names, so the lists fit a small array).
    struct CandidateLists
    {
        std::array<const std::vector<int> *, 4> lists {};
        size_t size = 0;
        const std::vector<int> *const *begin() const { return lists.data(); }
        const std::vector<int> *const *end() const { return lists.data() + size; }
    };

    bool indexedCandidates(const Step &step, const QString &attribute, CandidateLists &out) const
    {
        if (step.exactNames()) {
            if (step.names.size() > out.lists.size())
                return false;
            for (const NameTest &test : step.names) {
                const auto entry = m_table.byLocalName.constFind(test.name);
                if (entry == m_table.byLocalName.cend() || entry->slot < 0)
                    return false;
                out.lists[out.size++] = &m_index.byName[size_t(entry->slot)];
            }
            return true;
        }
        const auto slot = m_table.attributeSlots.constFind(attribute);
        if (attribute.isEmpty() || slot == m_table.attributeSlots.cend())
            return false;
        out.lists[out.size++] = &m_index.byAttribute[size_t(slot.value())];
        return true;
    }

    bool acceptsStep(int element, const Step &step) const
    {
        const XmlElement &e = m_doc.element(element);
        if (step.names.size() == 1 && step.names.front().match == NameTest::Match::Exact) {
            // The common step, one exact name: the namespace is settled by pointer once it has matched.
            const NameTest &t = step.names.front();
            if (!sameText(e.name, t.name) || !sameNamespace(e.ns, t.ns))
                return false;
        } else if (!std::any_of(step.names.cbegin(), step.names.cend(),
                       [&e](const NameTest &t) { return t.accepts(e); })) {
            return false;
        }
        for (const Predicate &p : step.predicates) {
            if (holds(element, p) == p.negated)
                return false;
        }
        return true;
    }

    bool holds(int element, const Predicate &p) const
    {
        bool found = false;
        auto test = [&](int node) {
            if (p.op == Predicate::Op::Exists) {
                found = true;
            } else {
                QString value = valueOf(node, p.attribute);
                if (p.trimmed)
                    value = value.trimmed();
                else if (p.spaceNormalized)
                    value = normalizeSpace(value);
                if (p.caseInsensitive && !p.trimmed)
                    value = value.toUpper();
                found = (p.op == Predicate::Op::Equals) == p.values.contains(value);
            }
            return !found;
        };
        selectSteps(element, p.path, p.anchored, p.attribute, test);
        return found;
    }

    bool matchesFrom(int element, const Path &pattern, int index) const
    {
        if (element < 0 || !acceptsStep(element, pattern.steps[size_t(index)]))
            return false;
        const int parent = m_doc.element(element).parent;
        if (index == 0)
            return !pattern.anchored || parent < 0;
        if (!pattern.steps[size_t(index)].descendant)
            return matchesFrom(parent, pattern, index - 1);
        for (int ancestor = parent; ancestor >= 0; ancestor = m_doc.element(ancestor).parent) {
            if (matchesFrom(ancestor, pattern, index - 1))
                return true;
        }
        return false;
    }
};

// Calls `visit` with the value of every node the rule's paths select; stops when it returns false.
template <typename Visit>
void forEachValue(const Evaluator &eval, int context, const Rule &rule, Visit &&visit)
{
    for (const Path &path : rule.paths) {
        bool more = true;
        eval.select(context, path, [&](int node) {
            more = visit(eval.valueOf(node, path.attribute));
            return more;
        });
        if (!more)
            return;
    }
}

// present and present-if: the paths select something (every one of them when joined by " & ").
bool pathsPresent(const Evaluator &eval, int context, const Rule &rule)
{
    if (!rule.allOf)
        return eval.count(context, rule.paths, 1) > 0;
    return std::all_of(rule.paths.cbegin(), rule.paths.cend(),
        [&](const Path &path) { return eval.count(context, path, 1) > 0; });
}

// absent-unless: one of the exemption paths selects something.
bool exempted(const Evaluator &eval, int context, const Rule &rule)
{
    return std::any_of(rule.exemptions.cbegin(), rule.exemptions.cend(),
        [&](const Path &exemption) { return eval.count(context, exemption, 1) > 0; });
}

// The verdict of a rule whose paths ChildPathIndex counted: `n` nodes selected.
bool countedRuleFails(const Evaluator &eval, int context, const Rule &rule, int n)
{
    switch (rule.kind) {
    case Rule::Kind::Absent:
        return n > 0;
    case Rule::Kind::AbsentUnless:
        return n > 0 && !exempted(eval, context, rule);
    case Rule::Kind::Present:
        return n == 0;
    case Rule::Kind::Max:
        return n > rule.limit;
    case Rule::Kind::Exactly:
        return n != rule.limit;
    default:
        return false;
    }
}

bool ruleFails(const Evaluator &eval, int context, const Rule &rule)
{
    switch (rule.kind) {
    case Rule::Kind::Absent:
        return eval.count(context, rule.paths, 1) > 0;
    case Rule::Kind::Present:
        return !pathsPresent(eval, context, rule);
    case Rule::Kind::AbsentUnless:
        return eval.count(context, rule.paths, 1) > 0 && !exempted(eval, context, rule);
    case Rule::Kind::PresentIf:
        return eval.count(context, rule.condition, 1) > 0 && !pathsPresent(eval, context, rule);
    case Rule::Kind::Max:
        if (rule.conditional && eval.count(context, rule.condition, 1) == 0)
            return false;
        return eval.count(context, rule.paths, rule.limit + 1) > rule.limit;
    case Rule::Kind::Exactly:
        if (rule.conditional && eval.count(context, rule.condition, 1) == 0)
            return false;
        return eval.count(context, rule.paths, rule.limit + 1) != rule.limit;
    case Rule::Kind::Exclusive:
        return std::count_if(rule.paths.cbegin(), rule.paths.cend(), [&](const Path &path) {
            return eval.count(context, path, 1) > 0;
        }) > 1;
    case Rule::Kind::DistinctMax:
    case Rule::Kind::DistinctNormalizedMax: {
        QSet<QString> values;
        const bool normalized = rule.kind == Rule::Kind::DistinctNormalizedMax;
        forEachValue(eval, context, rule, [&](const QString &value) {
            values.insert(normalized ? normalizeSpace(value) : value);
            return true;
        });
        return values.size() > rule.limit;
    }
    case Rule::Kind::Decimals: {
        bool fails = false;
        forEachValue(eval, context, rule, [&](const QString &value) {
            // XPath string-length(substring-after(., '.')): the raw characters after the first dot.
            const qsizetype dot = value.indexOf(u'.');
            fails = dot >= 0 && value.size() - dot - 1 > rule.limit;
            return !fails;
        });
        return fails;
    }
    case Rule::Kind::InList: {
        // A Factur-X code database lookup: an empty value passes, any other must be listed exactly as
        // written.
        bool fails = false;
        forEachValue(eval, context, rule, [&](const QString &value) {
            fails = !value.isEmpty() && !rule.codes->contains(value);
            return !fails;
        });
        return fails;
    }
    case Rule::Kind::Matches: {
        bool fails = false;
        forEachValue(eval, context, rule, [&](const QString &value) {
            fails = !rule.pattern.match(value).hasMatch();
            return !fails;
        });
        return fails;
    }
    }
    return false;
}

void checkWith(const Table &t, const XmlDocument &doc, QList<Finding> &out)
{
    if (t.groups.empty() || doc.root() < 0)
        return;
    const int count = doc.elementCount();
    // The per-document lists and the scratch vectors below are kept per thread and cleared, not freed,
    // between documents: a fresh set cost a few dozen allocations per invoice.
    thread_local DocumentIndex index;
    for (std::vector<int> &list : index.byName)
        list.clear();
    for (std::vector<int> &list : index.byAttribute)
        list.clear();
    index.byName.resize(size_t(t.slotCount));
    index.byAttribute.resize(size_t(t.attributeSlots.size()));
    index.nameIds.assign(size_t(count), -1);
    const Evaluator eval(doc, t, index);
    static const std::vector<int> none;
    // ChildPathIndex answers for the group being checked: counts per rule (zero again after each group)
    // and the rules whose count the walk raised, then the rules to look at in table order.
    thread_local std::vector<unsigned char> counts;
    thread_local std::vector<int> touched;
    thread_local std::vector<int> toCheck;
    counts.assign(t.largestGroup, 0);
    touched.clear();
    toCheck.clear();
    // What an element's name alone decides, worked out once per distinct name and thread: an invoice
    // repeats a few dozen names hundreds of times, and the next invoice repeats them again.
    struct NameCandidates
    {
        const Table::NameEntry *named = nullptr;
        QVarLengthArray<int, 8> wildcards; // the wildcard groups whose last step accepts the name
        int stepName = -1; // the name's number in Table::stepNames
    };
    thread_local InternedNameCache<NameCandidates> cache;
    thread_local std::vector<const NameCandidates *> perElement;
    auto candidatesOf = [&](const XmlElement &e) -> const NameCandidates & {
        return cache.get(&t, e.ns, e.name, [&] {
            NameCandidates c;
            const auto named = t.byLocalName.constFind(e.name);
            c.named = named == t.byLocalName.cend() ? nullptr : &named.value();
            c.stepName = t.stepNames.isEmpty() ? -1 : t.stepNames.value(clarkName(e.ns, e.name), -1);
            for (int g : t.wildcardGroups) {
                const ContextPattern &pattern = t.groups[size_t(g)].pattern;
                if (std::any_of(
                        pattern.alternatives.cbegin(), pattern.alternatives.cend(), [&e](const Path &alt) {
                            return alt.steps.empty()
                                || std::any_of(alt.steps.back().names.cbegin(), alt.steps.back().names.cend(),
                                    [&e](const NameTest &test) { return test.accepts(e); });
                        }))
                    c.wildcards.push_back(g);
            }
            return c;
        });
    };
    // The attribute slots an attribute name falls in, by the interned name's data pointer; most documents
    // carry fewer than ten attribute names.
    struct AttributeSlot
    {
        const QChar *name = nullptr;
        int slot = -1;
    };
    std::array<AttributeSlot, 32> attributeCache;
    auto attributeSlotOf = [&](const QString &name) {
        AttributeSlot &cached = attributeCache[(quintptr(name.constData()) >> 4) % attributeCache.size()];
        if (cached.name != name.constData() || !cached.name) {
            cached.name = name.constData();
            cached.slot = t.attributeSlots.value(name, -1);
        }
        return cached.slot;
    };
    // The per-document lists first, in one pass: "//name" paths from the root, paths anchored at the root and
    // the ChildPathIndex walks read them whatever element is being checked.
    // The first pass keeps each element's candidates for the second, unless the memo was cleared meanwhile
    // (then an earlier element's entry may have been replaced, and the second pass asks again).
    std::vector<const NameCandidates *> &names = perElement;
    names.resize(size_t(count));
    const quint64 clearsBefore = cache.clears();
    for (int i = 0; i < count; ++i) {
        const XmlElement &element = doc.element(i);
        const NameCandidates &name = candidatesOf(element);
        names[size_t(i)] = &name;
        index.nameIds[size_t(i)] = name.stepName;
        if (name.named && name.named->slot >= 0 && i != doc.root())
            index.byName[size_t(name.named->slot)].push_back(i);
        if (!index.byAttribute.empty()) {
            for (const auto &attribute : element.attributes) {
                const int slot = attributeSlotOf(attribute.first);
                if (slot >= 0)
                    index.byAttribute[size_t(slot)].push_back(i);
            }
        }
    }
    // The root comes last, as it always has: findings keep their document order with the root's at the end.
    const bool namesKept = cache.clears() == clearsBefore;
    for (int n = 1; n <= count; ++n) {
        const int i = n == count ? doc.root() : n;
        const NameCandidates &name = namesKept ? *names[size_t(i)] : candidatesOf(doc.element(i));
        const std::vector<int> &candidates = name.named ? name.named->groups : none;
        const QVarLengthArray<int, 8> &wildcards = name.wildcards;
        const std::vector<int> &roots = i == doc.root() ? t.rootGroups : none;
        // First matching context in table order wins (Schematron rule order within a pattern): walk the
        // three sorted candidate lists in merged order.
        size_t a = 0;
        qsizetype b = 0;
        size_t c = 0;
        while (a < candidates.size() || b < wildcards.size() || c < roots.size()) {
            int next = INT_MAX;
            if (a < candidates.size())
                next = std::min(next, candidates[a]);
            if (b < wildcards.size())
                next = std::min(next, wildcards[b]);
            if (c < roots.size())
                next = std::min(next, roots[c]);
            a += (a < candidates.size() && candidates[a] == next) ? 1 : 0;
            b += (b < wildcards.size() && wildcards[b] == next) ? 1 : 0;
            c += (c < roots.size() && roots[c] == next) ? 1 : 0;
            const ContextGroup &group = t.groups[size_t(next)];
            if (!eval.matchesPattern(i, group.pattern))
                continue;
            touched.clear();
            if (!group.counting.empty())
                group.counting.collect(doc, index.nameIds, eval, i, counts, touched);
            // The rows to look at, in table order: the touched ones merged into alwaysChecked.
            std::sort(touched.begin(), touched.end());
            toCheck.clear();
            std::set_union(touched.cbegin(), touched.cend(), group.alwaysChecked.cbegin(),
                group.alwaysChecked.cend(), std::back_inserter(toCheck));
            for (int r : toCheck) {
                const Rule &rule = group.rules[size_t(r)];
                if (group.counted[size_t(r)] ? countedRuleFails(eval, i, rule, counts[size_t(r)])
                                             : ruleFails(eval, i, rule))
                    out.append(Finding { rule.id, rule.severity, rule.bt, doc.path(i), rule.message });
            }
            for (int r : touched)
                counts[size_t(r)] = 0;
            break;
        }
    }
}

// Tables other than the two syntax tables (the Factur-X profile restrictions), loaded on first use and kept
// for the life of the process.
const Table &resourceTable(const QString &name)
{
    static QMutex mutex;
    static std::map<QString, std::unique_ptr<const Table>> tables;
    const QMutexLocker lock(&mutex);
    std::unique_ptr<const Table> &slot = tables[name];
    if (!slot)
        slot = std::make_unique<const Table>(loadTable(u":/einvoice/"_s + name));
    return *slot;
}

} // namespace

void SyntaxBindingRules::check(const XmlDocument &doc, Syntax syntax, QList<Finding> &out)
{
    checkWith(table(syntax), doc, out);
}

void SyntaxBindingRules::checkTable(const XmlDocument &doc, const QString &name, QList<Finding> &out)
{
    checkWith(resourceTable(name), doc, out);
}

QStringList SyntaxBindingRules::ruleIds(const QString &name)
{
    return resourceTable(name).ids;
}

QStringList SyntaxBindingRules::tableErrors(const QString &name)
{
    return resourceTable(name).errors;
}

QStringList SyntaxBindingRules::ruleIds(Syntax syntax)
{
    return table(syntax).ids;
}

QStringList SyntaxBindingRules::tableErrors(Syntax syntax)
{
    return table(syntax).errors;
}

} // namespace ades::eu
