#include "EinvoiceValidator.h"

#include "CalculationRules.h"
#include "CodeListRules.h"
#include "CoreRules.h"
#include "DocumentSyntaxRules.h"
#include "InvoiceReader.h"
#include "SyntaxBindingRules.h"
#include "VatCategoryRules.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

bool ValidationReport::isValid() const
{
    for (const Finding &f : findings) {
        if (f.severity == Finding::Severity::Fatal)
            return false;
    }
    return true;
}

QString EinvoiceValidator::severityName(Finding::Severity severity)
{
    return severity == Finding::Severity::Fatal ? u"fatal"_s : u"warning"_s;
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

ValidationReport EinvoiceValidator::validate(const QByteArray &xml, const XmlLimits &limits)
{
    ValidationReport report;
    Result<XmlDocument> parsed = XmlDocument::parse(xml, limits);
    if (!parsed.ok()) {
        report.syntax = u"NONE"_s;
        report.findings.append(
            Finding { u"ADES-XML-01"_s, Finding::Severity::Fatal, {}, u"/"_s, parsed.error().message() });
        return report;
    }
    const XmlDocument &doc = parsed.value();
    const XmlElement &root = doc.element(doc.root());
    std::optional<InvoiceModel> model = InvoiceReader::read(doc);
    if (!model) {
        report.syntax = u"OTHER"_s;
        report.findings.append(Finding { u"ADES-XML-02"_s, Finding::Severity::Fatal, {}, doc.path(doc.root()),
            u"the root element {%1}%2 is neither a UBL 2.1 Invoice/CreditNote nor a CII D16B CrossIndustryInvoice"_s
                .arg(root.ns, root.name) });
        return report;
    }
    report.syntax = model->syntax == InvoiceModel::Syntax::Ubl ? u"UBL"_s : u"CII"_s;
    report.documentType = root.name;
    report.specificationId = model->specificationId.value;
    report.findings = checkModel(*model);
    if (model->syntax == InvoiceModel::Syntax::Ubl) {
        DocumentSyntaxRules::checkUbl(doc, report.findings);
        CodeListRules::checkBindings(doc, true, report.findings);
        SyntaxBindingRules::check(doc, SyntaxBindingRules::Syntax::Ubl, report.findings);
    } else {
        DocumentSyntaxRules::checkCii(doc, report.findings);
        CodeListRules::checkBindings(doc, false, report.findings);
        SyntaxBindingRules::check(doc, SyntaxBindingRules::Syntax::Cii, report.findings);
    }
    report.model = std::move(model);
    return report;
}

} // namespace ades::eu
