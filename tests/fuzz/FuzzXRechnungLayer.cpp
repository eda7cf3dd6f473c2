// Fuzz target: the XRechnung rule layer on an invoice XML (EinvoiceValidator with the layer named), which
// walks the element table of outside documents by hand. Input: the raw XML bytes. Checked: never a crash,
// every finding of the layer names the layer, a severity the layer uses and a location in the document.
//
// Seeds (seeds/XRechnungLayer/): small XRechnung invoices in UBL and CII, one of each as an extension
// invoice with sub-invoice lines and third-party payments, and a clean-vehicles one; the byte mutations of
// the driver keep many of them well-formed with changed names, values and structure.

#include "ops/eu/einvoice/EinvoiceValidator.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray xml(reinterpret_cast<const char *>(data), qsizetype(size));
    ades::eu::ValidationOptions options;
    options.limits.maxBytes = 1024 * 1024;
    options.layers = QStringList { QStringLiteral("xrechnung") };
    const ades::eu::ValidationReport report = ades::eu::EinvoiceValidator::validate(xml, options);
    for (const ades::eu::LayerReport &layer : report.layers) {
        for (const ades::eu::Finding &f : layer.findings) {
            if (f.layer != QLatin1String("xrechnung") || f.id.isEmpty()
                || !f.location.startsWith(QLatin1Char('/')))
                __builtin_trap();
        }
    }
    return 0;
}
