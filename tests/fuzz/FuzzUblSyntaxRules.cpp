// Fuzz target: the UBL syntax binding rules (SyntaxBindingRules with resources/einvoice/ubl-syntax-rules.txt)
// on a document as the e-invoice operation reads it. Input: the raw XML bytes. The rules walk outside
// documents with paths, predicates and the document-element path index; a crash, a hang or a finding without
// a location is what this target looks for. The parser's limits are a quarter of the service's.
//
// Seeds (seeds/UblSyntaxRules/, each under 3 KB, hand-written): a minimal invoice, a credit note with
// supporting documents and a payment card, and an invoice with unused elements and attributes at several
// depths (extensions, delivery party, line item properties, schemeName, @name away from PaymentMeansCode).

#include "SyntaxRulesFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzzSyntaxBindingRules(data, size, ades::eu::SyntaxBindingRules::Syntax::Ubl);
}
