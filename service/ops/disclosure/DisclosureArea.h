#pragma once

#include "area/Area.h"

namespace ades::disclosure {

// The AI-disclosure record (SPEC.md §4.1, §4.2; docs/ai-disclosure.md): a signed, machine-readable record of
// where a piece of AI-generated or manipulated content came from and which duties of Article 50 of Regulation
// (EU) 2024/1689 apply to it, with disclosure texts in German and English. It attests what the caller
// declares about content with a given SHA-256; it never detects AI authorship. No upstream: the rules are the
// Regulation's, kept in Article50.
class DisclosureArea : public Area
{
public:
    QString name() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
};

} // namespace ades::disclosure
