#include "SyntaxBindingRules.h"

#include "ProfileCodeLists.h"

#include <QFile>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <array>
#include <climits>
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
            return e.name.endsWith(name) && (ns.isEmpty() || sameText(e.ns, ns));
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
    bool anchored = false; // leading '/': the first step is the document element (match patterns only)
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
    Op op = Op::Exists;
    std::vector<Step> path; // relative element path, empty for an attribute of the candidate itself
    QString attribute; // when set: the attribute of the node the path leads to (or of the candidate)
    QStringList values; // 'a'|'b': equal to any / different from all
};

struct Step
{
    bool descendant = false; // preceded by '//'
    bool self = false; // self::name: tests the node the path starts from
    std::vector<NameTest> names; // alternatives (a|b)
    std::vector<Predicate> predicates;
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
        InList,
    };
    QString id;
    Severity severity = Severity::Fatal;
    Kind kind = Kind::Absent;
    int limit = 0;
    QRegularExpression pattern;
    const QSet<QString> *codes = nullptr; // in-list: the accepted values
    Path condition; // present-if: the path only has to select something when this one does
    std::vector<Path> exemptions; // absent-unless: the rule holds when any of these selects something
    Path path; // relative to the context element ("." = the context itself)
    QString bt;
    QString message;
};

struct ContextGroup
{
    QString source;
    ContextPattern pattern;
    std::vector<Rule> rules;
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
    std::vector<int> wildcardGroups; // groups whose last step is a suffix or * test
    std::vector<int> rootGroups;
    QStringList errors;
    QStringList ids;
};

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
            else if (!quoted && depth == 0 && QStringView(text).mid(i).startsWith(separator)) {
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
                path.attribute = part.mid(1);
                return true;
            }
            Step step;
            step.descendant = descendant;
            descendant = false;
            QString stepText = part;
            if (stepText.startsWith(u"self::")) {
                if (!path.steps.empty() || step.descendant)
                    return fail(u"self:: must be the first step in '%1'"_s.arg(text));
                step.self = true;
                stepText = stepText.mid(6);
            }
            if (!parseStep(stepText, step))
                return false;
            path.steps.push_back(std::move(step));
        }
        return true;
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
        static const QRegularExpression comparison(u"^(.*?)\\s*(!=|=~|!~|=)\\s*('[^']*'(?:\\|'[^']*')*)$"_s);
        QString operand = text;
        const QRegularExpressionMatch m = comparison.match(text);
        if (m.hasMatch()) {
            operand = m.captured(1);
            const QString op = m.captured(2);
            predicate.op = (op == u"=" || op == u"=~") ? Predicate::Op::Equals : Predicate::Op::NotEquals;
            predicate.caseInsensitive = op.endsWith(u'~');
            for (QString value : m.captured(3).split(u'|')) {
                value = value.mid(1, value.size() - 2); // strip the quotes
                predicate.values << (predicate.caseInsensitive ? value.toUpper() : value);
            }
        }
        Path path;
        if (!parsePath(operand, path))
            return false;
        if (path.anchored)
            return fail(u"a predicate path must be relative: '%1'"_s.arg(text));
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
    else if (kind == u"decimals")
        rule.kind = Rule::Kind::Decimals;
    else if (kind == u"matches") {
        rule.kind = Rule::Kind::Matches;
        rule.pattern = QRegularExpression(argument);
        return rule.pattern.isValid() && !argument.isEmpty();
    } else if (kind == u"absent-unless") {
        rule.kind = Rule::Kind::AbsentUnless;
        PathParser parser(error);
        for (const QString &alternative : PathParser::splitTopLevel(argument, u" | ")) {
            Path path;
            if (alternative.trimmed().isEmpty() || !parser.parsePath(alternative, path))
                return false;
            rule.exemptions.push_back(std::move(path));
        }
        return true;
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
    if (rule.kind != Rule::Kind::Absent && rule.kind != Rule::Kind::Present
        && rule.kind != Rule::Kind::InList)
        rule.limit = argument.toInt(&ok);
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
            PathParser parser(&error);
            if (!parser.parsePath(cols.at(4), rule.path) && error.isEmpty())
                error = u"malformed path"_s;
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
    // (collected during the one pass over the document) instead of scanning the whole table each time.
    auto indexDescendants = [&table](const Path &path) {
        if (path.steps.empty() || !path.steps.front().descendant)
            return;
        for (const NameTest &test : path.steps.front().names) {
            if (test.match != NameTest::Match::Exact)
                return;
        }
        for (const NameTest &test : path.steps.front().names) {
            Table::NameEntry &entry = table.byLocalName[test.name];
            if (entry.slot < 0)
                entry.slot = table.slotCount++;
        }
    };
    for (const ContextGroup &group : table.groups) {
        for (const Rule &rule : group.rules) {
            indexDescendants(rule.path);
            indexDescendants(rule.condition);
            for (const Path &exemption : rule.exemptions)
                indexDescendants(exemption);
        }
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

class Evaluator
{
public:
    Evaluator(const XmlDocument &doc, const Table &table, const std::vector<std::vector<int>> &byName)
        : m_doc(doc)
        , m_table(table)
        , m_byName(byName)
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

    // Calls `visit` for every node the path selects from `from`; stops when it returns false.
    template <typename Visit>
    bool select(
        int from, const std::vector<Step> &steps, size_t index, const QString &attribute, Visit &&visit) const
    {
        if (index == steps.size()) {
            if (!attribute.isEmpty() && !m_doc.hasAttribute(from, attribute))
                return true;
            return visit(from);
        }
        const Step &step = steps[index];
        if (step.self)
            return !acceptsStep(from, step) || select(from, steps, index + 1, attribute, visit);
        if (step.descendant)
            return selectDescendants(from, steps, index, attribute, visit);
        for (int child : m_doc.childrenOf(from)) {
            if (acceptsStep(child, step) && !select(child, steps, index + 1, attribute, visit))
                return false;
        }
        return true;
    }

    int count(int from, const Path &path, int stopAfter = INT_MAX) const
    {
        int n = 0;
        select(from, path.steps, 0, path.attribute, [&n, stopAfter](int) { return ++n < stopAfter; });
        return n;
    }

    QString valueOf(int node, const QString &attribute) const
    {
        return attribute.isEmpty() ? m_doc.element(node).text : m_doc.attribute(node, attribute);
    }

private:
    const XmlDocument &m_doc;
    const Table &m_table;
    const std::vector<std::vector<int>> &m_byName; // elements per descendant slot, in document order

    // The per-name element lists that cover `step`; false when one of its names is not indexed.
    bool indexedCandidates(const Step &step, std::vector<const std::vector<int> *> &lists) const
    {
        for (const NameTest &test : step.names) {
            if (test.match != NameTest::Match::Exact)
                return false;
            const auto entry = m_table.byLocalName.constFind(test.name);
            if (entry == m_table.byLocalName.cend() || entry->slot < 0)
                return false;
            lists.push_back(&m_byName[size_t(entry->slot)]);
        }
        return true;
    }

    template <typename Visit>
    bool selectDescendants(
        int from, const std::vector<Step> &steps, size_t index, const QString &attribute, Visit &visit) const
    {
        const Step &step = steps[index];
        if (from == m_doc.root()) {
            std::vector<const std::vector<int> *> lists;
            if (indexedCandidates(step, lists)) {
                for (const std::vector<int> *list : lists) {
                    for (int e : *list) {
                        if (acceptsStep(e, step) && !select(e, steps, index + 1, attribute, visit))
                            return false;
                    }
                }
                return true;
            }
            // Every other element descends from the root, in document order: a flat scan of the table.
            for (int e = from + 1; e < m_doc.elementCount(); ++e) {
                if (acceptsStep(e, step) && !select(e, steps, index + 1, attribute, visit))
                    return false;
            }
            return true;
        }
        for (int child : m_doc.childrenOf(from)) {
            if (acceptsStep(child, step) && !select(child, steps, index + 1, attribute, visit))
                return false;
            if (!selectDescendants(child, steps, index, attribute, visit))
                return false;
        }
        return true;
    }

    bool acceptsStep(int element, const Step &step) const
    {
        const XmlElement &e = m_doc.element(element);
        if (!std::any_of(
                step.names.cbegin(), step.names.cend(), [&e](const NameTest &t) { return t.accepts(e); }))
            return false;
        for (const Predicate &p : step.predicates) {
            if (holds(element, p) == p.negated)
                return false;
        }
        return true;
    }

    bool holds(int element, const Predicate &p) const
    {
        bool found = false;
        select(element, p.path, 0, p.attribute, [&](int node) {
            if (p.op == Predicate::Op::Exists) {
                found = true;
            } else {
                QString value = valueOf(node, p.attribute);
                if (p.caseInsensitive)
                    value = value.toUpper();
                found = (p.op == Predicate::Op::Equals) == p.values.contains(value);
            }
            return !found;
        });
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

bool ruleFails(const Evaluator &eval, int context, const Rule &rule)
{
    switch (rule.kind) {
    case Rule::Kind::Absent:
        return eval.count(context, rule.path, 1) > 0;
    case Rule::Kind::Present:
        return eval.count(context, rule.path, 1) == 0;
    case Rule::Kind::AbsentUnless:
        if (eval.count(context, rule.path, 1) == 0)
            return false;
        return std::none_of(rule.exemptions.cbegin(), rule.exemptions.cend(),
            [&](const Path &exemption) { return eval.count(context, exemption, 1) > 0; });
    case Rule::Kind::PresentIf:
        return eval.count(context, rule.condition, 1) > 0 && eval.count(context, rule.path, 1) == 0;
    case Rule::Kind::Max:
        return eval.count(context, rule.path, rule.limit + 1) > rule.limit;
    case Rule::Kind::Exactly:
        return eval.count(context, rule.path, rule.limit + 1) != rule.limit;
    case Rule::Kind::DistinctMax: {
        QSet<QString> values;
        eval.select(context, rule.path.steps, 0, rule.path.attribute, [&](int node) {
            values.insert(eval.valueOf(node, rule.path.attribute));
            return true;
        });
        return values.size() > rule.limit;
    }
    case Rule::Kind::Decimals: {
        bool fails = false;
        eval.select(context, rule.path.steps, 0, rule.path.attribute, [&](int node) {
            // XPath string-length(substring-after(., '.')): the raw characters after the first dot.
            const QString value = eval.valueOf(node, rule.path.attribute);
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
        eval.select(context, rule.path.steps, 0, rule.path.attribute, [&](int node) {
            const QString value = eval.valueOf(node, rule.path.attribute);
            fails = !value.isEmpty() && !rule.codes->contains(value);
            return !fails;
        });
        return fails;
    }
    case Rule::Kind::Matches: {
        bool fails = false;
        eval.select(context, rule.path.steps, 0, rule.path.attribute, [&](int node) {
            fails = !rule.pattern.match(eval.valueOf(node, rule.path.attribute)).hasMatch();
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
    std::vector<std::vector<int>> byName(size_t(t.slotCount));
    const Evaluator eval(doc, t, byName);
    static const std::vector<int> none;
    // What an element's name alone decides, worked out once per distinct name: an invoice repeats a few
    // dozen names hundreds of times. Names are interned by the parser, so the data pointers of local name
    // and namespace identify a name within the document.
    struct NameCandidates
    {
        const Table::NameEntry *named = nullptr;
        std::vector<int> wildcards; // the wildcard groups whose last step accepts the name
    };
    // A direct-mapped cache keyed by those pointers: cheaper than any hash table for a few dozen names.
    struct CacheSlot
    {
        const QChar *name = nullptr;
        const QChar *ns = nullptr;
        NameCandidates candidates;
    };
    std::array<CacheSlot, 128> cache;
    auto candidatesOf = [&](const XmlElement &e) -> const NameCandidates & {
        CacheSlot &slot = cache[(quintptr(e.name.constData()) >> 4) % cache.size()];
        if (slot.name == e.name.constData() && slot.ns == e.ns.constData() && slot.name)
            return slot.candidates;
        slot.name = e.name.constData();
        slot.ns = e.ns.constData();
        NameCandidates &c = slot.candidates;
        const auto named = t.byLocalName.constFind(e.name);
        c.named = named == t.byLocalName.cend() ? nullptr : &named.value();
        c.wildcards.clear();
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
    };
    // The root comes last: its rules read the per-name lists the pass over the other elements fills.
    const int count = doc.elementCount();
    for (int n = 1; n <= count; ++n) {
        const int i = n == count ? doc.root() : n;
        const NameCandidates &name = candidatesOf(doc.element(i));
        const std::vector<int> &candidates = name.named ? name.named->groups : none;
        const std::vector<int> &wildcards = name.wildcards;
        if (name.named && name.named->slot >= 0 && i != doc.root())
            byName[size_t(name.named->slot)].push_back(i);
        const std::vector<int> &roots = i == doc.root() ? t.rootGroups : none;
        // First matching context in table order wins (Schematron rule order within a pattern): walk the
        // three sorted candidate lists in merged order.
        size_t a = 0;
        size_t b = 0;
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
            for (const Rule &rule : group.rules) {
                if (ruleFails(eval, i, rule))
                    out.append(Finding { rule.id, rule.severity, rule.bt, doc.path(i), rule.message });
            }
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
