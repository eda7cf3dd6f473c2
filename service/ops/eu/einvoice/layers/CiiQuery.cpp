#include "CiiQuery.h"

#include "../RuleSupport.h"

#include <charconv>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const QString RsmNs = u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s;

void appendText(const XmlDocument &doc, int element, QString &out)
{
    // Mixed content does not occur in invoices: the element's own text, then its children's in order.
    out += doc.element(element).text;
    for (int child : doc.childrenOf(element))
        appendText(doc, child, out);
}

// The common case of an amount, "-123.45": digits with an optional sign and point, converted without
// QStringView::toDouble's detour through a byte array. Both conversions round correctly, so the value is the
// same; anything else (exponents, '+', infinities) is left to toDouble.
std::optional<double> plainDecimal(QStringView text)
{
    constexpr qsizetype MaxLength = 40;
    if (text.isEmpty() || text.size() > MaxLength)
        return std::nullopt;
    char ascii[MaxLength];
    bool digits = false;
    bool point = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c >= u'0' && c <= u'9')
            digits = true;
        else if (c == u'.' && !point)
            point = true;
        else if (!(c == u'-' && i == 0))
            return std::nullopt;
        ascii[i] = char(c);
    }
    if (!digits)
        return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(ascii, ascii + text.size(), value);
    if (error != std::errc() || end != ascii + text.size())
        return std::nullopt;
    return value;
}

} // namespace

CiiQuery::Name CiiQuery::rsm(QStringView local)
{
    return { &RsmNs, local };
}

CiiQuery::Name CiiQuery::ram(QStringView local)
{
    return { &rules::RamNs, local };
}

CiiQuery::Name CiiQuery::udt(QStringView local)
{
    return { &rules::UdtNs, local };
}

bool CiiQuery::is(int element, Name name) const
{
    const XmlElement &e = m_doc.element(element);
    return sameText(e.name, name.local) && sameText(e.ns, *name.ns);
}

std::vector<int> CiiQuery::select(int from, std::initializer_list<Name> path) const
{
    std::vector<int> found;
    if (from >= 0)
        collect(from, path.begin(), path.end(), found);
    return found;
}

void CiiQuery::collect(int element, const Name *step, const Name *end, std::vector<int> &out) const
{
    // Depth first along the steps: a child path's matches come out in document order, into one vector
    // instead of one per step.
    if (step == end) {
        out.push_back(element);
        return;
    }
    for (int child : m_doc.childrenOf(element)) {
        if (is(child, *step))
            collect(child, step + 1, end, out);
    }
}

const std::vector<int> &CiiQuery::named(QStringView local) const
{
    if (!m_indexed) {
        // Keys are views of the element names, which live as long as the document.
        for (int e = 0; e < m_doc.elementCount(); ++e)
            m_byLocalName[QStringView(m_doc.element(e).name)].push_back(e);
        m_indexed = true;
    }
    static const std::vector<int> none;
    const auto it = m_byLocalName.constFind(local);
    return it == m_byLocalName.cend() ? none : it.value();
}

std::vector<int> CiiQuery::everywhere(Name name) const
{
    std::vector<int> found;
    for (int e : named(name.local)) {
        if (sameText(m_doc.element(e).ns, *name.ns))
            found.push_back(e);
    }
    return found;
}

std::vector<int> CiiQuery::everywhere(std::initializer_list<Name> path) const
{
    std::vector<int> found;
    if (path.size() == 0)
        return found;
    const Name first = *path.begin();
    for (int start : named(first.local)) {
        if (sameText(m_doc.element(start).ns, *first.ns))
            collect(start, path.begin() + 1, path.end(), found);
    }
    return found;
}

int CiiQuery::invoiceRoot() const
{
    const int root = m_doc.root();
    return root >= 0 && is(root, rsm(u"CrossIndustryInvoice")) ? root : -1;
}

int CiiQuery::up(int element, int levels) const
{
    for (int i = 0; i < levels && element >= 0; ++i)
        element = m_doc.element(element).parent;
    return element;
}

QString CiiQuery::stringValue(int element) const
{
    QString value;
    appendText(m_doc, element, value);
    return value;
}

std::optional<double> CiiQuery::number(int element) const
{
    // An amount is a leaf: its own text is its string value, read without a copy.
    if (m_doc.childrenOf(element).empty()) {
        const QStringView text = QStringView(m_doc.element(element).text).trimmed();
        if (const std::optional<double> plain = plainDecimal(text))
            return plain;
        bool ok = false;
        const double value = text.toDouble(&ok);
        return ok ? std::optional(value) : std::nullopt;
    }
    bool ok = false;
    const double value = stringValue(element).trimmed().toDouble(&ok);
    if (!ok)
        return std::nullopt;
    return value;
}

bool CiiQuery::anyNonEmpty(const std::vector<int> &elements) const
{
    for (int e : elements) {
        if (!stringValue(e).isEmpty())
            return true;
    }
    return false;
}

bool CiiQuery::hasAttributeValue(int element, const QString &attribute, QStringView value) const
{
    return m_doc.hasAttribute(element, attribute) && m_doc.attribute(element, attribute) == value;
}

} // namespace ades::eu
