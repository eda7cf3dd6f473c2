#pragma once

#include "InvoiceModel.h"
#include "XmlDocument.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace ades::eu {

// One rule outcome, shaped like an SVRL failed-assert of the official artefacts.
struct Finding
{
    enum class Severity
    {
        Fatal,
        Warning,
    };

    QString id; // official rule id (BR-CO-10 ...), ADES-XML-nn (syntax) or ADES-CL-01 (code list undecided)
    Severity severity = Severity::Fatal;
    QString bt; // the business term or group concerned (BT-106, BG-23)
    QString location; // XPath of the context node
    QString message; // English, names the field at fault
};

// The result of validating one document against the CEN EN 16931 layer.
struct ValidationReport
{
    QString syntax; // "UBL", "CII", "OTHER" (well-formed but not an invoice) or "NONE" (not XML)
    QString documentType; // "Invoice", "CreditNote", "CrossIndustryInvoice" or empty
    QString specificationId; // BT-24 as found
    std::optional<InvoiceModel> model;
    QList<Finding> findings;

    bool isValid() const;
};

// Native EN 16931 (CEN artefacts 1.3.16) validator: safe XML loading, mapping to the semantic model and
// the core, calculation, decimal and VAT-category rules. Pure and synchronous: no I/O, no JSON.
class EinvoiceValidator
{
public:
    static ValidationReport validate(const QByteArray &xml, const XmlLimits &limits = {});
    // The rules alone, for a model that is already mapped.
    static QList<Finding> checkModel(const InvoiceModel &model);

    static QString severityName(Finding::Severity severity);
};

} // namespace ades::eu
