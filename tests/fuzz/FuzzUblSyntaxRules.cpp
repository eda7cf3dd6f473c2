// Fuzz target: the UBL syntax binding rules (SyntaxBindingRules with resources/einvoice/ubl-syntax-rules.txt)
// on a document as the e-invoice operation reads it. Input: the raw XML bytes. The rules walk outside
// documents with paths, predicates and the document-element path index; a crash, a hang or a finding without
// a location is what this target looks for. The parser's limits are a quarter of the service's.
//
// Seeds (seeds/UblSyntaxRules/, each under 3 KB, hand-written): a minimal invoice, a credit note with
// supporting documents and a payment card, and an invoice with unused elements and attributes at several
// depths (extensions, delivery party, line item properties, schemeName, @name away from PaymentMeansCode).

#include "ops/eu/einvoice/SyntaxBindingRules.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ades::eu::XmlLimits limits;
    limits.maxBytes = 8 * 1024 * 1024;
    limits.maxElements = 250000;
    const ades::Result<ades::eu::XmlDocument> doc = ades::eu::XmlDocument::parse(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), limits);
    if (!doc.ok())
        return 0;
    QList<ades::eu::Finding> findings;
    ades::eu::SyntaxBindingRules::check(doc.value(), ades::eu::SyntaxBindingRules::Syntax::Ubl, findings);
    for (const ades::eu::Finding &f : findings) {
        if (f.id.isEmpty() || f.location.isEmpty())
            __builtin_trap();
    }
    return 0;
}
