#pragma once

#include "InvoiceModel.h"
#include "XmlDocument.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace ades::eu {

// One rule outcome, shaped like an SVRL failed-assert of the official artefacts.
struct Finding
{
    enum class Severity
    {
        Fatal,
        Warning,
        Information, // XRechnung's BR-DE-TMP-32: reported, never invalidating
    };

    QString id; // official rule id (BR-CO-10 ...), ADES-XML-nn (syntax)
    Severity severity = Severity::Fatal;
    QString bt; // the business term or group concerned (BT-106, BG-23)
    QString location; // XPath of the context node
    QString message; // English, names the field at fault
    QString layer; // the extension layer that reported it (LayerReport::name); empty for the CEN base layer
};

// The findings of one extension layer (Peppol, XRechnung, a Factur-X profile) on a document.
struct LayerReport
{
    QString name; // "peppol", "xrechnung", "facturx-EN16931" (LayerSelection)
    QString artefact; // the official rule set and release ADES checked it against; empty when not checked
    bool checked = false; // false: selected for the document by BT-24 but ADES has no rule set for it
    QList<Finding> findings;

    bool isValid() const; // checked and without a fatal finding
};

// Which rule layers to run besides the CEN base layer.
struct ValidationOptions
{
    XmlLimits limits;
    bool inPdf = false; // the XML came out of a hybrid PDF: a bare EN 16931 BT-24 means Factur-X EN16931
    // Layer names to run instead of the automatic choice from BT-24 (LayerSelection::known()).
    std::optional<QStringList> layers;
};

// The result of validating one document: the CEN EN 16931 base layer and the extension layers selected.
struct ValidationReport
{
    QString syntax; // "UBL", "CII", "OTHER" (well-formed but not an invoice) or "NONE" (not XML)
    QString documentType; // "Invoice", "CreditNote", "CrossIndustryInvoice" or empty
    QString specificationId; // BT-24 as found
    std::optional<InvoiceModel> model;
    QList<Finding> findings; // the CEN base layer (and ADES-XML syntax findings)
    QString profile; // the Factur-X/ZUGFeRD profile named by BT-24, if any (LayerSelection::profileOf)
    // False for Factur-X MINIMUM, BASIC WL and EXTENDED: the base layer ran but does not decide validity.
    bool en16931Applies = true;
    QList<LayerReport> layers;

    // No fatal finding in the base layer (when it applies) nor in any layer that ran. The verdict covers
    // only the layers that ran: a selected layer ADES cannot check is neither a pass nor a failure, and every
    // caller names it (rule_sets.not_checked, a note; the invoice-to-pay dossier holds on it).
    bool isValid() const;
};

// Native EN 16931 (CEN artefacts 1.3.16) validator: safe XML loading, mapping to the semantic model and
// the core, calculation, decimal and VAT-category rules. Pure and synchronous: no I/O, no JSON.
class EinvoiceValidator
{
public:
    static ValidationReport validate(const QByteArray &xml, const ValidationOptions &options = {});
    // Only what the document is: syntax, document type, BT-24 and the model, or the ADES-XML-01/02 finding
    // of a document that is not well-formed or not an invoice. No rules run.
    static ValidationReport identify(const QByteArray &xml, const XmlLimits &limits = {});
    // The rules alone, for a model that is already mapped.
    static QList<Finding> checkModel(const InvoiceModel &model);

    static QString severityName(Finding::Severity severity);
};

} // namespace ades::eu
