#pragma once

// The body the two syntax binding rule targets share (FuzzUblSyntaxRules, FuzzCiiSyntaxRules): they differ
// only in which syntax's rule table runs, so that is the one parameter.

#include "ops/eu/einvoice/SyntaxBindingRules.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <cstddef>
#include <cstdint>

// Parses the raw XML bytes with a quarter of the service's limits, runs the syntax's binding rules and traps
// on a finding without an id or a location.
inline int fuzzSyntaxBindingRules(
    const uint8_t *data, size_t size, ades::eu::SyntaxBindingRules::Syntax syntax)
{
    ades::eu::XmlLimits limits;
    limits.maxBytes = 8 * 1024 * 1024;
    limits.maxElements = 250000;
    const ades::Result<ades::eu::XmlDocument> doc = ades::eu::XmlDocument::parse(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), limits);
    if (!doc.ok())
        return 0;
    QList<ades::eu::Finding> findings;
    ades::eu::SyntaxBindingRules::check(doc.value(), syntax, findings);
    for (const ades::eu::Finding &f : findings) {
        if (f.id.isEmpty() || f.location.isEmpty())
            __builtin_trap();
    }
    return 0;
}
