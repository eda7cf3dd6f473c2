#pragma once

#include <QString>
#include <memory>

namespace ades::eu {

class XmlDocument;

// Where a business term was read: the XPath a finding quotes. Built from the document only when asked for:
// a CII invoice reads some seventy terms and few end up in a finding, and building every path up front was
// a tenth of a validation (docs/benchmarks.md). Holds the document it points into, so a model outlives the
// validation that read it. Not for concurrent use: the document memoises paths as they are asked for.
class TermPath
{
public:
    TermPath() = default;
    TermPath(std::shared_ptr<const XmlDocument> document, int element);

    bool isEmpty() const { return m_element < 0; }
    QString toString() const;
    operator QString() const
    {
        return toString();
    } // NOLINT(google-explicit-constructor): reads like the string

    bool startsWith(const QString &prefix) const { return toString().startsWith(prefix); }
    bool endsWith(const QString &suffix) const { return toString().endsWith(suffix); }
    bool contains(const QString &part) const { return toString().contains(part); }

    friend bool operator==(const TermPath &a, const QString &b) { return a.toString() == b; }
    friend bool operator==(const TermPath &a, const TermPath &b)
    {
        return (a.m_document == b.m_document && a.m_element == b.m_element) || a.toString() == b.toString();
    }

private:
    std::shared_ptr<const XmlDocument> m_document;
    int m_element = -1;
};

} // namespace ades::eu
