#include "XRechnungRuleContext.h"

#include "../../InvoiceModel.h"
#include "../../InvoiceReader.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "../../XmlSpace.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu::xrechnung {

const QString SpecificationIds::Cius
    = u"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"_s;
const QString SpecificationIds::Extension
    = u"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
      "#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0"_s;
const QString SpecificationIds::Cvd = u"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
                                      "#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9"_s;

XRechnungRuleContext::XRechnungRuleContext(
    const XmlDocument &document, const InvoiceModel &invoice, QList<Finding> &findings)
    : doc(document)
    , model(invoice)
    , out(findings)
    , root(document.root())
    , ubl(invoice.syntax == InvoiceModel::Syntax::Ubl)
{
    // The variant is chosen by the exact text of BT-24 (no trimming), as the artefact compares it.
    const std::vector<int> ids = ubl
        ? all(root, { { CbcNs, u"CustomizationID"_sv } })
        : all(root,
            { { InvoiceReader::CiiNs, u"ExchangedDocumentContext"_sv },
                { RamNs, u"GuidelineSpecifiedDocumentContextParameter"_sv }, { RamNs, u"ID"_sv } });
    for (int id : ids) {
        const QString &value = doc.element(id).text;
        m_extension = m_extension || value == SpecificationIds::Extension;
        m_cvd = m_cvd || value == SpecificationIds::Cvd;
    }
}

bool XRechnungRuleContext::isXmlSpace(QChar c)
{
    return eu::isXmlSpace(c);
}

bool XRechnungRuleContext::isBlank(QStringView text)
{
    for (QChar c : text) {
        if (!isXmlSpace(c))
            return false;
    }
    return true;
}

QString XRechnungRuleContext::normalizeSpace(QStringView text)
{
    return eu::normalizeSpace(text);
}

void XRechnungRuleContext::collect(
    int from, const Step *step, const Step *end, std::vector<int> &into, bool firstOnly) const
{
    if (from < 0)
        return;
    if (step == end) {
        into.push_back(from);
        return;
    }
    for (int c : doc.childrenOf(from)) {
        const XmlElement &e = doc.element(c);
        if (sameText(e.name, step->name) && sameText(e.ns, step->ns)) {
            collect(c, step + 1, end, into, firstOnly);
            if (firstOnly && !into.empty())
                return;
        }
    }
}

int XRechnungRuleContext::first(int from, std::initializer_list<Step> steps) const
{
    std::vector<int> found;
    collect(from, steps.begin(), steps.end(), found, true);
    return found.empty() ? -1 : found.front();
}

std::vector<int> XRechnungRuleContext::all(int from, std::initializer_list<Step> steps) const
{
    std::vector<int> found;
    collect(from, steps.begin(), steps.end(), found, false);
    return found;
}

bool XRechnungRuleContext::anyWithContent(int from, std::initializer_list<Step> steps) const
{
    for (int e : all(from, steps)) {
        if (!isBlank(stringValue(e)))
            return true;
    }
    return false;
}

QString XRechnungRuleContext::text(int element) const
{
    return element < 0 ? QString() : doc.element(element).text;
}

void XRechnungRuleContext::appendText(int element, QString &into) const
{
    // The element's own character data comes before its children's here; the elements the rules read
    // this way hold either text or child elements, never both.
    into.append(doc.element(element).text);
    for (int c : doc.childrenOf(element))
        appendText(c, into);
}

QString XRechnungRuleContext::stringValue(int element) const
{
    if (element < 0)
        return {};
    if (doc.element(element).childCount == 0)
        return doc.element(element).text;
    QString value;
    appendText(element, value);
    return value;
}

bool XRechnungRuleContext::hasAttribute(int element, const QString &name) const
{
    return element >= 0 && doc.hasAttribute(element, name);
}

QString XRechnungRuleContext::attribute(int element, const QString &name) const
{
    return element < 0 ? QString() : doc.attribute(element, name);
}

void XRechnungRuleContext::fail(
    int context, const QString &id, Finding::Severity severity, const QString &bt, const QString &message)
{
    out.append(Finding { id, severity, bt, doc.path(context < 0 ? root : context), message });
}

} // namespace ades::eu::xrechnung
