// Fuzz target: a UBL or CII document through the Peppol BIS 3 layer (PeppolRules over the XmlDocument tree:
// identifier checksums, regular expressions on party data, decimal arithmetic with division). Input: the
// raw XML. Checked: never a crash, and every Peppol finding has a rule id of the artefact's families and the
// XPath of its context element.
//
// Seeds (seeds/PeppolLayer/, hand-made): a Norwegian UBL invoice with checksummed identifiers, a German UBL
// invoice with payment means and Skonto terms, a Swedish CII invoice.

#include "ops/eu/einvoice/EinvoiceValidator.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray xml(reinterpret_cast<const char *>(data), qsizetype(size));
    ades::eu::ValidationOptions options;
    options.limits.maxBytes = 1024 * 1024;
    options.layers = QStringList { QStringLiteral("peppol") };
    const ades::eu::ValidationReport report = ades::eu::EinvoiceValidator::validate(xml, options);
    for (const ades::eu::LayerReport &layer : report.layers) {
        for (const ades::eu::Finding &f : layer.findings) {
            const bool family = f.id.startsWith(QLatin1String("PEPPOL-"))
                || f.id.contains(QLatin1String("-R-")) || f.id.startsWith(QLatin1String("GR-S-"));
            if (!family || f.location.isEmpty())
                __builtin_trap();
        }
    }
    return 0;
}
