#include "EinvoiceValidator.h"

#include "CalculationRules.h"
#include "CodeListRules.h"
#include "CoreDocumentRules.h"
#include "CoreRules.h"
#include "DocumentSyntaxRules.h"
#include "InvoiceReader.h"
#include "SyntaxBindingRules.h"
#include "VatCategoryRules.h"
#include "layers/LayerSelection.h"
#include "layers/RuleLayer.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

bool hasFatal(const QList<Finding> &findings)
{
    return std::any_of(findings.begin(), findings.end(),
        [](const Finding &f) { return f.severity == Finding::Severity::Fatal; });
}

// Parses and maps the document, filling in what the report says about it (syntax, document type, BT-24, the
// model, or the ADES-XML finding that ends it); the parsed document only when it is a UBL or CII invoice.
std::shared_ptr<const XmlDocument> readInvoice(
    const QByteArray &xml, const XmlLimits &limits, ValidationReport &report)
{
    Result<XmlDocument> parsed = XmlDocument::parse(xml, limits);
    if (!parsed.ok()) {
        report.syntax = u"NONE"_s;
        report.findings.append(
            Finding { u"ADES-XML-01"_s, Finding::Severity::Fatal, {}, u"/"_s, parsed.error().message() });
        return nullptr;
    }
    auto shared = std::make_shared<const XmlDocument>(std::move(parsed.value()));
    const XmlDocument &doc = *shared;
    const XmlElement &root = doc.element(doc.root());
    report.model = InvoiceReader::read(shared);
    if (!report.model) {
        report.syntax = u"OTHER"_s;
        report.findings.append(Finding { u"ADES-XML-02"_s, Finding::Severity::Fatal, {}, doc.path(doc.root()),
            u"the root element {%1}%2 is neither a UBL 2.1 Invoice/CreditNote nor a CII D16B CrossIndustryInvoice"_s
                .arg(root.ns, root.name) });
        return nullptr;
    }
    report.syntax = report.model->syntax == InvoiceModel::Syntax::Ubl ? u"UBL"_s : u"CII"_s;
    report.documentType = root.name;
    report.specificationId = report.model->specificationId.value;
    return shared;
}

} // namespace

bool LayerReport::isValid() const
{
    return checked && !hasFatal(findings);
}

bool ValidationReport::isValid() const
{
    // ADES-XML findings (not well-formed, not an invoice) invalidate whatever the profile.
    for (const Finding &f : findings) {
        if (f.severity == Finding::Severity::Fatal && (en16931Applies || f.id.startsWith(u"ADES-"_s)))
            return false;
    }
    return std::none_of(layers.begin(), layers.end(),
        [](const LayerReport &layer) { return layer.checked && !layer.isValid(); });
}

QString EinvoiceValidator::severityName(Finding::Severity severity)
{
    switch (severity) {
    case Finding::Severity::Fatal:
        return u"fatal"_s;
    case Finding::Severity::Warning:
        return u"warning"_s;
    case Finding::Severity::Information:
        return u"information"_s;
    }
    return u"fatal"_s;
}

QList<Finding> EinvoiceValidator::checkModel(const InvoiceModel &model)
{
    // Every family appends to one list and reports keep its order, so this call
    // order is part of the output.
    QList<Finding> out;
    CoreRules core(model, out);
    CalculationRules calculation(model, out);
    VatCategoryRules vatCategories(model, out);
    CodeListRules codeLists(model, out);
    core.checkSyntaxValues();
    core.checkDocument();
    core.checkParties();
    core.checkLines();
    core.checkAllowancesCharges();
    calculation.checkTotals();
    calculation.checkTaxTotal();
    calculation.checkUblGrandTotal();
    calculation.checkBreakdowns();
    vatCategories.check();
    calculation.checkDecimals();
    codeLists.check();
    return out;
}

ValidationReport EinvoiceValidator::identify(const QByteArray &xml, const XmlLimits &limits)
{
    ValidationReport report;
    readInvoice(xml, limits, report);
    return report;
}

ValidationReport EinvoiceValidator::validate(const QByteArray &xml, const ValidationOptions &options)
{
    ValidationReport report;
    const std::shared_ptr<const XmlDocument> read = readInvoice(xml, options.limits, report);
    if (!read)
        return report;
    const XmlDocument &doc = *read;
    // Read in place: moving the model out and back in copied some hundred terms twice per invoice.
    const InvoiceModel &model = *report.model;
    report.findings = checkModel(model);
    if (model.syntax == InvoiceModel::Syntax::Ubl) {
        DocumentSyntaxRules::checkUbl(doc, report.findings);
        CoreDocumentRules::checkUbl(doc, report.findings);
        CodeListRules::checkBindings(doc, true, report.findings);
        SyntaxBindingRules::check(doc, SyntaxBindingRules::Syntax::Ubl, report.findings);
    } else {
        DocumentSyntaxRules::checkCii(doc, report.findings);
        CoreDocumentRules::checkCii(doc, report.findings);
        CodeListRules::checkBindings(doc, false, report.findings);
        SyntaxBindingRules::check(doc, SyntaxBindingRules::Syntax::Cii, report.findings);
    }
    report.profile = LayerSelection::profileOf(report.specificationId);
    report.en16931Applies = LayerSelection::en16931Applies(report.profile);
    const QStringList layers
        = options.layers.value_or(LayerSelection::automatic(report.specificationId, options.inPdf));
    for (const QString &name : layers) {
        LayerReport layer;
        layer.name = name;
        if (const RuleLayer *rules = LayerSelection::find(name)) {
            layer.checked = true;
            layer.artefact = rules->artefact();
            rules->check(doc, model, layer.findings);
            for (Finding &f : layer.findings)
                f.layer = name;
        }
        report.layers.append(std::move(layer));
    }
    return report;
}

} // namespace ades::eu
