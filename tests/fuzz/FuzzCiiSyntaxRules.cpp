// Fuzz target: the CII syntax binding rules (SyntaxBindingRules with resources/einvoice/cii-syntax-rules.txt)
// on a document as the e-invoice operation reads it. Input: the raw XML bytes. The rules walk outside
// documents with anchored and ancestor:: paths, normalised comparisons and the per-context child-path index;
// a crash, a hang or a finding without a location is what this target looks for. The parser's limits are a
// quarter of the service's.
//
// Seeds (seeds/CiiSyntaxRules/, each under 5 KB, hand-written): a minimal invoice, and one with repeated and
// unused elements at several depths (two payment instructions that disagree, a line with a second invoiced
// object, contacts with both a person and a department, blanks around codes).

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
    ades::eu::SyntaxBindingRules::check(doc.value(), ades::eu::SyntaxBindingRules::Syntax::Cii, findings);
    for (const ades::eu::Finding &f : findings) {
        if (f.id.isEmpty() || f.location.isEmpty())
            __builtin_trap();
    }
    return 0;
}
