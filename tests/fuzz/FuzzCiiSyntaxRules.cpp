// Fuzz target: the CII syntax binding rules (SyntaxBindingRules with resources/einvoice/cii-syntax-rules.txt)
// on a document as the e-invoice operation reads it. Input: the raw XML bytes. The rules walk outside
// documents with anchored and ancestor:: paths, normalised comparisons and the per-context child-path index;
// a crash, a hang or a finding without a location is what this target looks for. The parser's limits are a
// quarter of the service's.
//
// Seeds (seeds/CiiSyntaxRules/, each under 5 KB, hand-written): a minimal invoice, and one with repeated and
// unused elements at several depths (two payment instructions that disagree, a line with a second invoiced
// object, contacts with both a person and a department, blanks around codes).

#include "SyntaxRulesFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzzSyntaxBindingRules(data, size, ades::eu::SyntaxBindingRules::Syntax::Cii);
}
