#include "JsonDuplicateKeys.h"

#include <QSet>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr qsizetype MaxPointerLength = 200;

struct Container
{
    bool isObject = false;
    QString segment; // the pointer segment under which this container sits in its parent
    QSet<QString> names; // objects: the member names so far
    QString currentName; // objects: the member whose value is being read
    qsizetype index = 0; // arrays: the element being read
};

bool isWhitespace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Reads the string starting at the quote at `at`; leaves `at` after the closing quote. False on bad syntax.
bool readString(QByteArrayView text, qsizetype &at, QString &out)
{
    out.clear();
    QByteArray raw; // UTF-8 bytes between escapes
    const auto flush = [&] {
        out += QString::fromUtf8(raw);
        raw.clear();
    };
    ++at; // the opening quote
    while (at < text.size()) {
        const char c = text[at];
        if (c == '"') {
            ++at;
            flush();
            return true;
        }
        if (c != '\\') {
            raw.append(c);
            ++at;
            continue;
        }
        if (at + 1 >= text.size())
            return false;
        const char escaped = text[at + 1];
        at += 2;
        switch (escaped) {
        case '"':
        case '\\':
        case '/':
            raw.append(escaped);
            break;
        case 'b':
            raw.append('\b');
            break;
        case 'f':
            raw.append('\f');
            break;
        case 'n':
            raw.append('\n');
            break;
        case 'r':
            raw.append('\r');
            break;
        case 't':
            raw.append('\t');
            break;
        case 'u': {
            if (at + 4 > text.size())
                return false;
            char16_t unit = 0;
            for (int k = 0; k < 4; ++k) {
                const int v = hexValue(text[at + k]);
                if (v < 0)
                    return false;
                unit = char16_t(unit << 4 | v);
            }
            at += 4;
            flush();
            out += QChar(unit); // surrogate halves pair up in the QString as they come
            break;
        }
        default:
            return false;
        }
    }
    return false;
}

// RFC 6901: "~" is written "~0" and "/" "~1".
QString pointerSegment(const QString &name)
{
    QString escaped = name;
    escaped.replace(u'~', u"~0"_s).replace(u'/', u"~1"_s);
    return u"/"_s + escaped;
}

QString pointerTo(const std::vector<Container> &stack, const QString &name)
{
    QString pointer;
    for (const Container &c : stack)
        pointer += c.segment;
    pointer += pointerSegment(name);
    return pointer.left(MaxPointerLength);
}

} // namespace

std::optional<QString> firstDuplicateKey(QByteArrayView text)
{
    enum class Expect
    {
        Value,
        NameOrEnd, // just after '{'
        Name, // after ',' in an object
        AfterValue,
    };
    std::vector<Container> stack;
    Expect expect = Expect::Value;
    qsizetype at = 0;
    QString string;
    while (true) {
        while (at < text.size() && isWhitespace(text[at]))
            ++at;
        if (at >= text.size())
            return std::nullopt;
        const char c = text[at];
        switch (expect) {
        case Expect::NameOrEnd:
        case Expect::Name: {
            if (c == '}' && expect == Expect::NameOrEnd) {
                ++at;
                stack.pop_back();
                expect = Expect::AfterValue;
                break;
            }
            if (c != '"' || !readString(text, at, string))
                return std::nullopt;
            Container &object = stack.back();
            if (object.names.contains(string))
                return pointerTo(stack, string);
            object.names.insert(string);
            object.currentName = string;
            while (at < text.size() && isWhitespace(text[at]))
                ++at;
            if (at >= text.size() || text[at] != ':')
                return std::nullopt;
            ++at;
            expect = Expect::Value;
            break;
        }
        case Expect::Value: {
            // The segment this value sits under, should it be a container.
            QString segment;
            if (!stack.empty())
                segment = stack.back().isObject ? pointerSegment(stack.back().currentName)
                                                : u"/"_s + QString::number(stack.back().index);
            if (c == '{' || c == '[') {
                Container container;
                container.isObject = c == '{';
                container.segment = segment;
                stack.push_back(std::move(container));
                ++at;
                expect = c == '{' ? Expect::NameOrEnd : Expect::Value;
                if (c == '[') {
                    // An empty array closes at once.
                    while (at < text.size() && isWhitespace(text[at]))
                        ++at;
                    if (at < text.size() && text[at] == ']') {
                        ++at;
                        stack.pop_back();
                        expect = Expect::AfterValue;
                    }
                }
                break;
            }
            if (c == '"') {
                if (!readString(text, at, string))
                    return std::nullopt;
            } else {
                // A number or literal: up to the next delimiter.
                const qsizetype start = at;
                while (at < text.size() && !isWhitespace(text[at]) && text[at] != ',' && text[at] != '}'
                    && text[at] != ']')
                    ++at;
                if (at == start)
                    return std::nullopt;
            }
            expect = Expect::AfterValue;
            break;
        }
        case Expect::AfterValue: {
            if (stack.empty())
                return std::nullopt; // the top-level value is complete
            Container &container = stack.back();
            ++at;
            if (c == ',') {
                if (container.isObject) {
                    expect = Expect::Name;
                } else {
                    ++container.index;
                    expect = Expect::Value;
                }
            } else if ((c == '}' && container.isObject) || (c == ']' && !container.isObject)) {
                stack.pop_back();
                expect = Expect::AfterValue;
            } else {
                return std::nullopt;
            }
            break;
        }
        }
    }
}

} // namespace ades
