#pragma once

#include "../../EinvoiceValidator.h"
#include "../../XmlDocument.h"

#include <QList>
#include <QString>
#include <QStringView>
#include <initializer_list>
#include <vector>

namespace ades::eu {

struct InvoiceModel;

namespace xrechnung {

// One child step of a path: namespace URI and local name.
struct Step
{
    const QString &ns;
    QStringView name;
};

// The XRechnung specification identifiers (BT-24) of release 3.0.x: the CIUS, the extension and the
// clean-vehicles (CVD) variant. The extension and CVD rule sets apply only when BT-24 is exactly theirs.
struct SpecificationIds
{
    static const QString Cius;
    static const QString Extension;
    static const QString Cvd;
};

// What the XRechnung rule families share: the document, its EN 16931 model, the findings list, which
// variant of XRechnung BT-24 declares, and navigation helpers with the XPath semantics the KoSIT rules are
// written in (child steps over every match, an element "has content" when its text is not only XML
// white space). The families derive from it.
class XRechnungRuleContext
{
public:
    XRechnungRuleContext(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &findings);

    bool isExtension() const { return m_extension; }
    bool isCvd() const { return m_cvd; }

    // XPath normalize-space(): XML white space (space, tab, CR, LF) trimmed and runs collapsed to one space.
    static QString normalizeSpace(QStringView text);
    static bool isXmlSpace(QChar c);
    static bool isBlank(QStringView text);

protected:
    const XmlDocument &doc;
    const InvoiceModel &model;
    QList<Finding> &out;
    const int root;
    const bool ubl;

    // First element (document order) reached from `from` along the child steps, or -1.
    int first(int from, std::initializer_list<Step> steps) const;
    bool exists(int from, std::initializer_list<Step> steps) const { return first(from, steps) >= 0; }
    // Every element reached along the steps, in document order.
    std::vector<int> all(int from, std::initializer_list<Step> steps) const;
    // Whether any element reached along the steps has a value other than white space.
    bool anyWithContent(int from, std::initializer_list<Step> steps) const;
    // The text of an element (its string value when it has no child elements); empty for -1.
    QString text(int element) const;
    // The XPath string value: the text of the element and all its descendants in document order.
    QString stringValue(int element) const;
    bool hasAttribute(int element, const QString &name) const;
    QString attribute(int element, const QString &name) const;
    // Inline: the element loops ask this of every element for each context they look for.
    bool isNamed(int element, const QString &ns, QStringView name) const
    {
        if (element < 0)
            return false;
        const XmlElement &e = doc.element(element);
        return sameText(e.name, name) && sameText(e.ns, ns);
    }
    int parentOf(int element) const { return element < 0 ? -1 : doc.element(element).parent; }

    void fail(int context, const QString &id, Finding::Severity severity, const QString &bt,
        const QString &message);

private:
    void collect(int from, const Step *step, const Step *end, std::vector<int> &into, bool firstOnly) const;
    void appendText(int element, QString &into) const;

    bool m_extension = false;
    bool m_cvd = false;
};

} // namespace xrechnung
} // namespace ades::eu
